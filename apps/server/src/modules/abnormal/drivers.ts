import { DATA_ID } from '@ems/contract';
import type { EnergyInterval, RegressionDrivers } from '@ems/domain';
import type { Ems } from '../../context.js';
import type { ProjectCtx } from './evaluate.js';
import { abnormalRepository, type MeterNode } from './repository.js';

const H = 3_600_000;

/**
 * The production-output counters that drive a meter's consumption: those of the smallest part of
 * the plant holding the meter that counts any (the meter's node, else its parent, … up to the whole
 * project), a counter inside a counted one left out (it is already in that count, as the analysis
 * page sums output). Empty when they differ in unit or the project counts none.
 */
export function productionCounters(nodes: ReadonlyMap<number, MeterNode>, meterId: number): number[] {
  const children = new Map<number | null, MeterNode[]>();
  for (const n of nodes.values()) {
    const list = children.get(n.parentId) ?? [];
    list.push(n);
    children.set(n.parentId, list);
  }
  const counted = (roots: readonly MeterNode[]): MeterNode[] => {
    const out: MeterNode[] = [];
    const stack = [...roots];
    while (stack.length > 0) {
      const n = stack.pop() as MeterNode;
      if (n.outputUnit !== null) out.push(n);
      else stack.push(...(children.get(n.id) ?? []));
    }
    return out;
  };
  let found: MeterNode[] = [];
  for (let n = nodes.get(meterId); n && found.length === 0; n = n.parentId === null ? undefined : nodes.get(n.parentId)) found = counted([n]);
  if (found.length === 0) found = counted(children.get(null) ?? []);
  return new Set(found.map((n) => n.outputUnit)).size === 1 ? found.map((n) => n.id).sort((a, b) => a - b) : [];
}

/** Σ over the counters per 15-min bucket (a bucket none of them holds is missing). */
function summed(lists: readonly EnergyInterval[][]): EnergyInterval[] {
  const by = new Map<number, number>();
  for (const list of lists) for (const iv of list) if (iv.kwh !== null && iv.status !== 3 && iv.status !== 4) by.set(iv.start, (by.get(iv.start) ?? 0) + iv.kwh);
  return [...by].sort((a, b) => a[0] - b[0]).map(([start, kwh]) => ({ start, kwh }));
}

/**
 * The drivers of the regression baseline over [from, to) for the meters of one evaluation: the
 * hourly outdoor temperature of the project's weather stations (the envsensor nodes reporting data
 * point 115, the chiller page's source), read once, and the production of each meter's counters.
 */
export function driversReader(ems: Ems, ctx: ProjectCtx, from: number, to: number): (meterId: number) => Promise<RegressionDrivers> {
  const repo = abnormalRepository(ems.db);
  const hour0 = Math.floor(from / H) * H;
  let weather: Promise<RegressionDrivers['temperatures']> | null = null;
  const production = new Map<string, Promise<EnergyInterval[]>>();
  return async (meterId) => {
    weather ??= repo.hourlyMeans(
      [...ctx.nodes.values()].filter((n) => n.label === 'envsensor').map((n) => n.id),
      DATA_ID.outdoorTemperature,
      hour0,
      to,
    );
    const counters = productionCounters(ctx.nodes, meterId);
    const key = counters.join(',');
    let output = production.get(key);
    if (!output) {
      output = counters.length === 0 ? Promise.resolve([]) : repo.rollups(counters.map((id) => ({ deviceId: id, dataId: DATA_ID.productionOutput })), from, to).then((m) => summed([...m.values()]));
      production.set(key, output);
    }
    return { temperatures: await weather, production: await output };
  };
}
