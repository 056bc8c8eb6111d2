import { DATA_ID, type TouSplit } from '@ems/contract';
import { calendarOnWholeHours, classifyInterval, versionAt } from '@ems/domain';
import type { Ems } from '../../context.js';
import { slicer } from '../../lib/work-slices.js';
import { costContext, type LocatedNode } from '../cost/service.js';
import { intervalRepository } from '../cost/repository.js';
import { analysisRepository } from './repository.js';

const zero = (): TouSplit => ({ sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 });

export interface TouResult {
  schemeName: string;
  totals: TouSplit;
  unclassified: number;
  /** per series bucket; null where no interval was classified */
  buckets: (TouSplit | null)[];
}

/**
 * Electricity of the node's top-level meters over [from, to) split by time-of-use period (DOMAIN §3)
 * under the tariff scheme that applies to the node, each interval by the version in force on its
 * local day. Hourly rollups when every calendar of the scheme changes period on whole hours (then an
 * hour lies in one period), 15-min rollups otherwise. Null without a scheme. The caller that has
 * located the node and read its project's tree passes them (`located`), so they are not read again.
 */
export async function touSplit(
  ems: Ems,
  scope: readonly number[],
  node: { nodeId: number; modelLabel: string },
  meterIds: readonly number[],
  from: number,
  to: number,
  bucketIndex: (start: number) => number | undefined,
  size: number,
  located?: LocatedNode,
): Promise<TouResult | null> {
  const ctx = await costContext(ems, scope, node, located);
  if (!ctx.scheme || ctx.scheme.versions.length === 0) return null;
  const versions = ctx.scheme.versions;
  const tz = ctx.timezone;
  const hourly = versions.every((v) => calendarOnWholeHours(v.calendar));
  const rows = hourly
    ? (await analysisRepository(ems.db).buckets('rollup_hour', meterIds, DATA_ID.activeEnergyImport, from, to)).map((r) => ({ start: r.bucketStart, value: r.value }))
    : await intervalRepository(ems.db).intervals(meterIds, DATA_ID.activeEnergyImport, from, to);
  const totals = zero();
  const buckets: (TouSplit | null)[] = Array.from({ length: size }, () => null);
  let unclassified = 0;
  // each row is classified on the local calendar: a year of hours of many meters, with turns of the event loop (lib/work-slices.ts)
  const turn = slicer();
  for (const r of rows) {
    await turn();
    if (r.value === null) continue;
    const v = versionAt(versions, r.start, tz);
    const period = v ? classifyInterval(r.start, v.calendar, tz) : null;
    const i = bucketIndex(r.start);
    if (period === null || i === undefined) {
      unclassified += r.value;
      continue;
    }
    const b = (buckets[i] ??= zero());
    b[period] += r.value;
    totals[period] += r.value;
  }
  return { schemeName: ctx.scheme.name, totals, unclassified, buckets };
}
