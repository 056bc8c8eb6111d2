import type { CostScheme, CostSchemeInput, TariffVersion } from '@ems/contract';

/** A new scheme's first version: demand basis, 0.90, calendar month, one flat all-day season (the administrator fills in the rest). */
export function blankVersion(effectiveFrom: string): TariffVersion {
  return {
    effectiveFrom,
    basis: 'demand',
    capacityKva: 1000,
    priceKvaMonth: '30',
    priceKwMonth: '40',
    contractKw: 400,
    demandElection: 'contract',
    pfStandard: '0.90',
    addReverseKvarh: true,
    meterReadingDay: null,
    touPrices: { flat: '0.6' },
    surcharges: [],
    calendar: { seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: [{ start: '00:00', end: '24:00', period: 'flat' }] }], holidays: [] },
  };
}

type FormVersion = Omit<TariffVersion, 'touPrices' | 'meterReadingDay'> & { touPrices?: Record<string, string | undefined | null>; meterReadingDay?: number | null };
export interface SchemeFormValues {
  name: string;
  description?: string;
  versions: FormVersion[];
}

/** Form values → the API body: empty prices dropped, a blank reading day is the calendar month. */
export function toInput(projectId: number, v: SchemeFormValues): CostSchemeInput {
  return {
    projectId,
    name: v.name.trim(),
    description: v.description ?? '',
    versions: v.versions.map((x) => ({
      ...x,
      meterReadingDay: x.meterReadingDay ?? null,
      pfStandard: x.pfStandard ?? null,
      addReverseKvarh: x.addReverseKvarh ?? true,
      surcharges: x.surcharges ?? [],
      touPrices: Object.fromEntries(Object.entries(x.touPrices ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '')),
      calendar: { seasons: x.calendar.seasons, holidays: x.calendar.holidays ?? [] },
    })),
  };
}

/** A stored scheme → form values; a version saved without addReverseKvarh counts reverse kvarh (the default), so its box shows ticked. */
export const toForm = (s: CostScheme): SchemeFormValues => ({ name: s.name, description: s.description, versions: s.versions.map((v) => ({ ...v, addReverseKvarh: v.addReverseKvarh ?? true })) });
