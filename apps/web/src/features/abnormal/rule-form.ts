import type { AbnormalParams, AbnormalRule, AbnormalRuleInput, AbnormalRuleKind } from '@ems/contract';

/** The rule dialog's fields: the common ones and every kind's parameters (the kind's own are sent). */
export interface RuleFormValues {
  name: string;
  description?: string;
  meterIds: number[];
  enabled: boolean;
  level: 'warn' | 'alarm';
  minDurationMin: number;
  warnPct?: number | null;
  alarmPct?: number | null;
  weeks?: number | null;
  minExcess?: number | null;
  /** percent: the baseline, the same weekday (default) or the weather/production regression */
  baseline?: 'weekday' | 'regression';
  /** period: judge the limits inside the non-working periods, or the base-load ratio of each working day */
  periodMode?: 'limit' | 'baseLoad';
  baseLoadRatioPct?: number | null;
  /** daily ranges as text: "22:00-06:00, 12:00-13:00" */
  nights?: string;
  breaks?: string;
  weekendDays?: number[];
  /** dates as text: "2026-10-01, 2026-10-02" */
  holidays?: string;
  limitPerHour?: number | null;
  limitPerWindow?: number | null;
  quota?: number | null;
  quotaPeriod?: 'month' | 'year';
  unitPrice?: number | null;
}

export const NEW_RULE: Record<AbnormalRuleKind, RuleFormValues> = {
  percent: { name: '', meterIds: [], enabled: true, level: 'alarm', minDurationMin: 15, warnPct: 20, alarmPct: 40, weeks: 4, baseline: 'weekday' },
  period: { name: '', meterIds: [], enabled: true, level: 'alarm', minDurationMin: 60, periodMode: 'limit', nights: '22:00-06:00', weekendDays: [], holidays: '', breaks: '', baseLoadRatioPct: 50 },
  usage: { name: '', meterIds: [], enabled: true, level: 'alarm', minDurationMin: 15, quotaPeriod: 'month' },
};

const RANGE = /^(\d{1,2}:\d{2})\s*[-–~]\s*(\d{1,2}:\d{2})$/;

/** "22:00-06:00, 12:00-13:00" → ranges; null when a part is not HH:mm-HH:mm. Empty text: no range. */
export function parseRanges(text: string | undefined): { start: string; end: string }[] | null {
  const parts = (text ?? '')
    .split(/[,，;；\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const out: { start: string; end: string }[] = [];
  for (const p of parts) {
    const m = RANGE.exec(p);
    if (!m) return null;
    out.push({ start: m[1] as string, end: m[2] as string });
  }
  return out;
}

/** "2026-10-01, 2026-10-02" → dates; null when one is not YYYY-MM-DD. */
export function parseDates(text: string | undefined): string[] | null {
  const parts = (text ?? '')
    .split(/[,，;；\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return parts.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p)) ? parts : null;
}

const rangesText = (r: readonly { start: string; end: string }[] | undefined) => (r ?? []).map((x) => `${x.start}-${x.end}`).join(', ');
const num = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? undefined : v);

/** A stored rule → the dialog's fields. */
export function toRuleForm(r: AbnormalRule): RuleFormValues {
  const p = r.params;
  return {
    name: r.name,
    description: r.description,
    meterIds: r.meters.map((m) => m.id),
    enabled: r.enabled,
    level: r.level,
    minDurationMin: r.minDurationMin,
    warnPct: p.warnPct ?? null,
    alarmPct: p.alarmPct ?? null,
    weeks: p.weeks ?? null,
    minExcess: p.minExcess ?? null,
    baseline: p.baseline ?? 'weekday',
    periodMode: p.baseLoadRatioPct !== undefined ? 'baseLoad' : 'limit',
    baseLoadRatioPct: p.baseLoadRatioPct ?? null,
    nights: rangesText(p.nights),
    breaks: rangesText(p.breaks),
    weekendDays: [...(p.weekendDays ?? [])],
    holidays: (p.holidays ?? []).join(', '),
    limitPerHour: p.limitPerHour ?? null,
    limitPerWindow: p.limitPerWindow ?? null,
    quota: p.quota ?? null,
    quotaPeriod: p.quotaPeriod ?? 'month',
    unitPrice: p.unitPrice ?? null,
  };
}

/** The dialog's fields → the API body: only the kind's parameters, blanks left out (the server's defaults apply). */
export function toRuleInput(projectId: number, kind: AbnormalRuleKind, v: RuleFormValues): AbnormalRuleInput {
  const params: AbnormalParams = {};
  const set = <K extends keyof AbnormalParams>(k: K, value: AbnormalParams[K] | undefined) => {
    if (value !== undefined) params[k] = value;
  };
  if (kind === 'percent') {
    set('warnPct', num(v.warnPct));
    set('alarmPct', num(v.alarmPct));
    set('weeks', num(v.weeks));
    set('minExcess', num(v.minExcess));
    if (v.baseline === 'regression') params.baseline = 'regression';
  } else if (kind === 'period' && v.periodMode === 'baseLoad') {
    // the base-load ratio of each working day: the non-working weekdays and holidays say which days are not judged
    const holidays = parseDates(v.holidays) ?? [];
    if (v.weekendDays?.length) params.weekendDays = [...v.weekendDays].sort((a, b) => a - b);
    if (holidays.length) params.holidays = holidays;
    set('baseLoadRatioPct', num(v.baseLoadRatioPct));
  } else if (kind === 'period') {
    const nights = parseRanges(v.nights) ?? [];
    const breaks = parseRanges(v.breaks) ?? [];
    const holidays = parseDates(v.holidays) ?? [];
    if (nights.length) params.nights = nights;
    if (breaks.length) params.breaks = breaks;
    if (v.weekendDays?.length) params.weekendDays = [...v.weekendDays].sort((a, b) => a - b);
    if (holidays.length) params.holidays = holidays;
    set('limitPerHour', num(v.limitPerHour));
    set('limitPerWindow', num(v.limitPerWindow));
  } else {
    set('quota', num(v.quota));
    set('quotaPeriod', v.quotaPeriod);
  }
  set('unitPrice', num(v.unitPrice));
  return {
    projectId,
    kind,
    name: v.name.trim(),
    meterIds: v.meterIds,
    params,
    level: v.level,
    minDurationMin: v.minDurationMin,
    enabled: v.enabled,
    ...(v.description?.trim() ? { description: v.description.trim() } : {}),
  };
}

/** Acknowledging or closing findings (spec section 6 custom permission); evaluating now needs only the page. */
export const STATUS_PERMISSION = 'overstandard_update';
