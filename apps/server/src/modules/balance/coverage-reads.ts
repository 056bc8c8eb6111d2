import { bucketEnd } from '@ems/domain';
import { rangePieces, readInPieces } from '../../lib/work-slices.js';
import { raggedDaysOf, type BalanceGroup, type DayCells, type HourCells } from './figures.js';

/** A bucket of a device's counter series with the 15-min intervals it holds. */
export interface CellRow {
  deviceId: number;
  bucketStart: number;
  value: number | null;
  intervals: number;
}

/** Per device, its buckets as coverage cells by bucket start. */
export function cellsOf(rows: readonly CellRow[]): Map<number, Map<number, { value: number | null; intervals: number }>> {
  const out = new Map<number, Map<number, { value: number | null; intervals: number }>>();
  for (const r of rows) {
    let m = out.get(r.deviceId);
    if (!m) out.set(r.deviceId, (m = new Map()));
    const o = m.get(r.bucketStart);
    // one bucket per start; a second read of it (overlapping reads) adds nothing new
    if (o === undefined) m.set(r.bucketStart, { value: r.value, intervals: r.intervals });
  }
  return out;
}

/**
 * The hour buckets of the days on which a group's members all have a value but differ in their
 * interval counts (a meter offline for part of the day), for those groups' members, so a balance can
 * count the hours they all cover (balance/figures.ts): one read per run of consecutive such days.
 * Undefined when there is none. `readHours(ids, from, to)` reads hour buckets in [from, to).
 */
export async function raggedHours(
  readHours: (ids: readonly number[], from: number, to: number) => Promise<readonly CellRow[]>,
  timeZone: string,
  groups: readonly BalanceGroup[],
  cells: DayCells,
  days: readonly number[],
): Promise<HourCells | undefined> {
  const members = new Map<number, Set<number>>();
  for (const g of groups) {
    for (const day of raggedDaysOf(cells, g, days)) {
      const set = members.get(day) ?? new Set<number>();
      for (const id of [...g.parents, ...g.children]) set.add(id);
      members.set(day, set);
    }
  }
  if (members.size === 0) return undefined;
  const ragged = [...members.keys()].sort((a, b) => a - b);
  const runs: { days: number[]; to: number; ids: Set<number> }[] = [];
  for (const day of ragged) {
    const end = bucketEnd(day, 'day', timeZone);
    const last = runs.at(-1);
    if (last && last.to === day) {
      last.to = end;
      last.days.push(day);
      for (const id of members.get(day) ?? []) last.ids.add(id);
    } else runs.push({ days: [day], to: end, ids: new Set(members.get(day)) });
  }
  // one run after another, a long one READ_DAYS at a time, with turns of the event loop between (lib/work-slices.ts)
  const rows = await readInPieces(runs.flatMap((r) => rangePieces(r.days, r.to).map((p) => () => readHours([...r.ids], p.from, p.to))));
  const hours = new Map<number, number[]>();
  for (const day of ragged) {
    const list: number[] = [];
    for (let h = day, end = bucketEnd(day, 'day', timeZone); h < end; h = bucketEnd(h, 'hour', timeZone)) list.push(h);
    hours.set(day, list);
  }
  return { cells: cellsOf(rows), hours };
}
