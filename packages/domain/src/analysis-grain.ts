import { ANALYSIS_GRAIN_MAX_DAYS, type AnalysisGrain } from '@ems/contract';
import { bucketStart, localParts, zonedStart } from './counters-calendar.js';

/**
 * Whether a requested bucket grain may cover the range [from, to) ms (issue 16): `to` no later than
 * {@link ANALYSIS_GRAIN_MAX_DAYS} local days after `from` at the same wall-clock time, so a range
 * over a DST change (23- or 25-hour days) counts its calendar days, not 24-hour blocks. Months fit any
 * range.
 */
export function analysisGrainFits(grain: AnalysisGrain, from: number, to: number, timeZone: string): boolean {
  if (grain === 'month') return true;
  const l = localParts(from, timeZone);
  const limit = zonedStart(l.year, l.month, l.day + ANALYSIS_GRAIN_MAX_DAYS[grain], timeZone, l.hour) + (from - bucketStart(from, 'hour', timeZone));
  return to <= limit;
}
