/** The most days EMS_READING_RETENTION_DAYS takes (a hundred years: anything longer is "keep forever"). */
export const MAX_RETENTION_DAYS = 36_500;

/**
 * EMS_READING_RETENTION_DAYS: how many days of raw readings the store keeps (docs/ingest.md "Retention").
 * Unset, empty or 0: off (readings kept forever, the default); else a whole number of days from 1 to
 * MAX_RETENTION_DAYS. A bad value is added to `problems` (start-up stops naming it) and retention stays off.
 */
export function loadReadingRetentionDays(env: NodeJS.ProcessEnv, problems: string[]): number | undefined {
  const raw = env.EMS_READING_RETENTION_DAYS?.trim();
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!/^\d{1,6}$/.test(raw) || n > MAX_RETENTION_DAYS) {
    problems.push(`EMS_READING_RETENTION_DAYS must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or 0 or unset to keep raw readings forever (got "${raw}")`);
    return undefined;
  }
  return n === 0 ? undefined : n;
}
