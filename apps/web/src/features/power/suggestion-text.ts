import type { TFunction } from 'i18next';
import type { TransformerSuggestion } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';

/** What a year of a suggestion is worth, as a clause; '' without a saving. */
function worth(s: { kwhPerYear: number; yuanPerYear: number | null } | null, t: TFunction): string {
  if (s === null) return '';
  const kwh = formatThousands(s.kwhPerYear, 0);
  return s.yuanPerYear === null ? t('advice.saving', { kwh }) : t('advice.savingMoney', { kwh, yuan: formatThousands(s.yuanPerYear, 0) });
}

/** A fleet suggestion (DOMAIN §5) as one sentence with its reason and what a year of it is worth, in the page's language. */
export function suggestionText(s: TransformerSuggestion, t: TFunction): string {
  const p = (v: number) => formatNumber(v, 1);
  switch (s.kind) {
    case 'overloaded':
      return s.into ? t('advice.shed', { max: p(s.loadRateMaxPct), into: s.into.name, intoMax: p(s.into.loadRateMaxPct) }) + worth(s.saving ?? null, t) : t('advice.overloaded', { max: p(s.loadRateMaxPct) });
    case 'lightLoad':
      return s.into === null
        ? t('advice.lightLoad', { avg: p(s.loadRateAvgPct), threshold: p(s.thresholdPct) })
        : t('advice.merge', { avg: p(s.loadRateAvgPct), threshold: p(s.thresholdPct), into: s.into.name, intoAvg: p(s.into.loadRateAvgPct), intoMax: p(s.into.loadRateMaxPct) }) + worth(s.saving, t);
    case 'belowGrade':
      return t('advice.belowGrade', { p0: formatNumber(s.p0Kw, 3), pk: formatNumber(s.pkKw, 3), g1p0: formatNumber(s.gradeOne.p0Kw, 3), g1pk: formatNumber(s.gradeOne.pkKw, 3) }) + worth(s.saving, t);
  }
}

/** The tone of a row's suggestions: overloaded is an error, the rest warnings. */
export const suggestionTone = (list: readonly TransformerSuggestion[]): 'danger' | 'warning' => (list.some((s) => s.kind === 'overloaded') ? 'danger' : 'warning');
