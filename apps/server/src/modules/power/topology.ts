import { DATA_ID, type Bay, type BusbarSection, type MeterLive, type Supply, type TransformerBlock } from '@ems/contract';
import { loadRate } from '@ems/domain';
import type { PowerNode } from './repository.js';

/** The latest reading of each data point of a device. */
export type Latest = ReadonlyMap<number, ReadonlyMap<number, { value: number | null; ts: number }>>;

/** The transformers of the model in name order (1#, 2#, … 10#), wherever they sit in the tree. */
export const transformersOf = (nodes: readonly PowerNode[]): PowerNode[] =>
  nodes.filter((n) => n.label === 'transformer').sort((a, b) => a.name.localeCompare(b.name, 'zh-CN', { numeric: true }) || a.id - b.id);

export const numAttr = (v: unknown): number | null => {
  const x = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
};

/**
 * The single-line view of a project from its model: each incoming cabinet (cabinetType 'incoming',
 * not inside a busbar or transformer) with the transformers whose LV main's `parentMeterId` chain
 * reaches the incomer's meter; each transformer with its LV main (its direct meter, else an
 * incoming cabinet under it) and busbars; each busbar with its feeders (cabinets with their meter:
 * the first under the cabinet, else the one its `meterId` names, sited where its consumption belongs;
 * meters directly on the bar). Busbars outside any transformer form blocks of their own; blocks no
 * incomer feeds go to a last supply with a null incomer.
 */
export function buildTopology(nodes: readonly PowerNode[], latest: Latest, now: number, offlineAfterMs: number): Supply[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const kids = new Map<number, PowerNode[]>();
  for (const n of nodes) {
    if (n.parentId === null) continue;
    const list = kids.get(n.parentId) ?? [];
    list.push(n);
    kids.set(n.parentId, list);
  }
  const childrenOf = (id: number) => kids.get(id) ?? [];
  const value = (id: number, dataId: number) => latest.get(id)?.get(dataId) ?? null;

  const meterLive = (m: PowerNode): MeterLive => {
    const points = latest.get(m.id);
    let ts: number | null = null;
    for (const p of points?.values() ?? []) ts = Math.max(ts ?? p.ts, p.ts);
    const v = (d: number) => value(m.id, d)?.value ?? null;
    return {
      id: m.id,
      name: m.name,
      p: v(DATA_ID.activePower),
      q: v(DATA_ID.reactivePower),
      ua: v(DATA_ID.voltageA),
      ub: v(DATA_ID.voltageB),
      uc: v(DATA_ID.voltageC),
      ia: v(DATA_ID.currentA),
      ib: v(DATA_ID.currentB),
      ic: v(DATA_ID.currentC),
      pf: v(DATA_ID.powerFactor),
      ts,
      online: ts !== null && now - ts <= offlineAfterMs,
    };
  };
  const switchOf = (id: number): Pick<Bay, 'switchState' | 'switchTs'> => {
    const s = value(id, DATA_ID.switchStatus);
    if (!s || s.value === null) return { switchState: null, switchTs: null };
    return { switchState: s.value >= 0.5 ? 1 : 0, switchTs: s.ts };
  };
  const firstMeter = (id: number): PowerNode | undefined => childrenOf(id).find((c) => c.label === 'meter');
  const namedMeter = (n: PowerNode): PowerNode | undefined => {
    const id = numAttr(n.attrs.meterId);
    const m = id === null ? undefined : byId.get(id);
    return m?.label === 'meter' ? m : undefined;
  };
  const bayOf = (n: PowerNode): Bay => {
    if (n.label === 'meter') return { id: n.id, modelLabel: 'meter', name: n.name, ...switchOf(n.id), meter: meterLive(n) };
    const m = firstMeter(n.id) ?? namedMeter(n);
    return { id: n.id, modelLabel: n.label, name: n.name, ...switchOf(n.id), meter: m ? meterLive(m) : null };
  };
  const isIncoming = (n: PowerNode) => n.label === 'cabinet' && n.attrs.cabinetType === 'incoming';
  const insideEquipment = (n: PowerNode) => {
    for (let p = n.parentId === null ? undefined : byId.get(n.parentId); p; p = p.parentId === null ? undefined : byId.get(p.parentId)) {
      if (p.label === 'generatrix' || p.label === 'transformer') return true;
    }
    return false;
  };
  const busbar = (g: PowerNode): BusbarSection => ({
    id: g.id,
    name: g.name,
    voltageKv: numAttr(g.attrs.voltageKv),
    feeders: childrenOf(g.id)
      .filter((c) => c.label === 'cabinet' || c.label === 'meter')
      .map(bayOf),
  });

  const blocks: TransformerBlock[] = [];
  for (const t of transformersOf(nodes)) {
    const direct = firstMeter(t.id);
    const cab = childrenOf(t.id).find(isIncoming);
    const lvMain = direct ? bayOf(direct) : cab ? bayOf(cab) : null;
    const ratedKva = numAttr(t.attrs.ratedKva);
    const p = lvMain?.meter?.p ?? null;
    const q = lvMain?.meter?.q ?? null;
    const live = lvMain?.meter?.online && p !== null && ratedKva ? loadRate(p, q ?? 0, ratedKva) * 100 : null;
    blocks.push({
      transformer: { id: t.id, name: t.name, ratedKva, loadRatePct: live },
      lvMain,
      busbars: childrenOf(t.id).filter((c) => c.label === 'generatrix').map(busbar),
    });
  }
  for (const g of nodes.filter((n) => n.label === 'generatrix' && !insideEquipment(n))) blocks.push({ transformer: null, lvMain: null, busbars: [busbar(g)] });

  const incomers = nodes.filter((n) => isIncoming(n) && !insideEquipment(n)).map(bayOf);
  const supplies: Supply[] = incomers.map((incomer) => ({ incomer, blocks: [] }));
  const orphan: Supply = { incomer: null, blocks: [] };
  const incomerOfMeter = new Map<number, Supply>();
  supplies.forEach((s) => s.incomer?.meter && incomerOfMeter.set(s.incomer.meter.id, s));
  for (const b of blocks) {
    let supply: Supply | undefined;
    const seen = new Set<number>();
    for (let id = b.lvMain?.meter?.id ?? null; id !== null && !seen.has(id) && !supply; ) {
      seen.add(id);
      supply = incomerOfMeter.get(id);
      id = numAttr(byId.get(id)?.attrs.parentMeterId);
    }
    (supply ?? orphan).blocks.push(b);
  }
  return orphan.blocks.length > 0 ? [...supplies, orphan] : supplies;
}
