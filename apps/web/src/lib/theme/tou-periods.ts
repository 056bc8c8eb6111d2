/** Time-of-use periods in bill order and their token colours (sharp warm → deep valley cool), from the antd theme. */
export const PERIODS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type Period = (typeof PERIODS)[number];

export interface PeriodTokens {
  colorError: string;
  colorWarning: string;
  colorPrimary: string;
  colorSuccess: string;
  colorInfo: string;
}

export const periodColors = (t: PeriodTokens): Record<Period, string> => ({
  sharp: t.colorError,
  peak: t.colorWarning,
  flat: t.colorPrimary,
  valley: t.colorSuccess,
  deepValley: t.colorInfo,
});
