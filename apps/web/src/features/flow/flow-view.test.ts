import { describe, expect, it } from 'vitest';
import type { EnergyFlowReply, LiveFlowReply } from '@ems/contract';
import { energyFlow } from '@ems/domain';
import { diagramModel, diagramOption } from './diagram-view';
import { flowRows, formatPct, nodeName } from './flow-view';
import { sankeyHeight, sankeyOption } from './sankey-view';

const NAMES = { supply: 'Supply', loss: 'Loss', unmetered: 'Unmetered' };

/** HV 1000 → T1 600 (→ F1 300, F2 270) and T2 380 (→ F3 390): losses 20 and 30, T2 a metering fault. */
function graph() {
  const f = energyFlow([
    { id: 1, name: 'HV', parent: null, value: 1000, tolerancePct: 5 },
    { id: 2, name: 'T1', parent: 1, value: 600, tolerancePct: 5 },
    { id: 3, name: 'T2', parent: 1, value: 380, tolerancePct: 5 },
    { id: 4, name: 'F1', parent: 2, value: 300, tolerancePct: 5 },
    { id: 5, name: 'F2', parent: 2, value: 270, tolerancePct: 5 },
    { id: 6, name: 'F3', parent: 3, value: 390, tolerancePct: 5 },
  ]);
  return {
    nodes: f.nodes.map((n) => ({ ...n, code: '', tolerancePct: 5 })),
    links: f.links,
    faults: f.faults,
    missing: f.missing,
    idle: f.idle,
    totals: { supply: f.supply, endUse: f.endUse, loss: f.loss, unmetered: f.unmetered, excess: f.excess, lossRatePct: f.lossRatePct },
  };
}

const reply = (): EnergyFlowReply => ({ projectId: 1, nodeId: 1, modelLabel: 'project', name: 'P', energyType: 2, unit: 'kWh', timezone: 'Asia/Shanghai', from: 0, to: 1, energyTypes: [2], meterCount: 6, ...graph() });

describe('flow table rows (the export’s rows)', () => {
  it('one row per link with the loss rate of the parent for a loss branch and of the receiving parent for a flow', () => {
    const rows = flowRows(graph(), NAMES);
    expect(rows.map((r) => [r.from, r.to, r.kind, r.value, r.sharePct, r.lossRatePct === null ? null : Number(r.lossRatePct.toFixed(4))])).toEqual([
      ['HV', 'T1', 'flow', 600, 60, 5],
      ['T1', 'F1', 'flow', 300, 50, null],
      ['T1', 'F2', 'flow', 270, 45, null],
      ['T1', 'Loss · T1', 'loss', 30, 5, 5],
      ['HV', 'T2', 'flow', 380, 38, -2.6316],
      ['T2', 'F3', 'flow', 390, (390 / 380) * 100, null],
      ['HV', 'Loss · HV', 'loss', 20, 2, 2],
    ]);
  });
  it('names and percentages', () => {
    expect(nodeName({ ...graph().nodes[0]!, kind: 'supply' }, NAMES)).toBe('Supply');
    expect([formatPct(3.333333), formatPct(null)]).toEqual(['3.33%', '--']);
  });
});

describe('sankey option', () => {
  it('loss branches in the loss colour, a faulty parent outlined, tooltips with value, shares and loss rate', () => {
    const o = sankeyOption(reply(), { ...NAMES, shareOfSource: 'of source', shareOfSupply: 'of supply', lossRate: 'loss rate' }, { loss: 'red', unmetered: 'orange', fault: 'crimson', text: '#000' });
    const s = (o.series as { data: { name: string; itemStyle?: Record<string, unknown> }[]; links: { target: string; lineStyle?: { color: string } }[] }[])[0]!;
    expect(s.data.find((n) => n.name === 'loss:1')?.itemStyle).toEqual({ color: 'red' });
    expect(s.data.find((n) => n.name === 'm:3')?.itemStyle).toEqual({ borderColor: 'crimson', borderWidth: 2 });
    expect(s.links.find((l) => l.target === 'loss:2')?.lineStyle?.color).toBe('red');
    const fmt = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(fmt({ dataType: 'edge', data: { source: 'm:1', target: 'loss:1' } })).toBe('HV → Loss · HV<br/>20.00 kWh<br/>of source: 2.00%<br/>of supply: 2.00%<br/>loss rate: 2.00%');
    expect(fmt({ dataType: 'node', name: 'm:2' })).toBe('T1<br/>600.00 kWh<br/>of supply: 60.00%<br/>loss rate: 5.00%');
  });
  it('grows with the busiest column', () => {
    expect(sankeyHeight({ nodes: Array.from({ length: 40 }, () => ({ ...graph().nodes[2]!, depth: 2 })) })).toBe(40 * 26 + 40);
    expect(sankeyHeight(graph())).toBe(420);
  });
});

describe('supply diagram', () => {
  const live = (): LiveFlowReply => {
    const meter = (meterId: number, parentMeterId: number | null, value: number, online = true) => ({ meterId, name: `M${meterId}`, code: '', parentMeterId, source: 'power' as const, value, unit: 'kW', ts: 0, online, periodTotal: value * 10 });
    const f = energyFlow([
      { id: 1, name: 'M1', parent: null, value: 100, tolerancePct: 5 },
      { id: 2, name: 'M2', parent: 1, value: 60, tolerancePct: 5 },
      { id: 3, name: 'M3', parent: 1, value: null, tolerancePct: 5 },
    ]);
    return {
      projectId: 1, nodeId: 1, modelLabel: 'project', name: 'P', energyType: 2, unit: 'kWh', rateUnit: 'kW', timezone: 'Asia/Shanghai', now: 0, offlineAfterMs: 900_000, periodFrom: 0, periodTo: 0, energyTypes: [2],
      meters: [meter(1, null, 100), meter(2, 1, 60), meter(3, 1, 38, false)],
      nodes: f.nodes.map((n) => ({ ...n, code: '', tolerancePct: 5 })), links: f.links, faults: f.faults, missing: f.missing, idle: f.idle,
      totals: { supply: f.supply, endUse: f.endUse, loss: f.loss, unmetered: f.unmetered, excess: f.excess, lossRatePct: f.lossRatePct },
    };
  };
  it('every meter drawn (the offline one greyed and dashed), the unmetered remainder as a branch, supply at the left', () => {
    const m = diagramModel(live());
    // M2 row 0, M3 row 1, unmetered:1 (100 − 60 = 40) row 2; M1 between them
    expect(m.nodes.map((n) => [n.key, n.column, n.row, n.value])).toEqual([
      ['m:1', 0, 1, 100],
      ['m:2', 1, 0, 60],
      ['m:3', 1, 1, null],
      ['unmetered:1', 1, 2, 40],
    ]);
    expect(m.edges.find((e) => e.target === 'm:3')).toMatchObject({ offline: true, value: null });
    const o = diagramOption(
      live(),
      { loss: 'Loss', unmetered: 'Unmetered', offline: 'offline', today: 'Today', at: 'At', lossRate: 'Loss rate', source: { power: 'P', flow: 'Flow', rate15m: '15 min', none: '-' } },
      { node: 'blue', link: 'lightblue', loss: 'red', unmetered: 'orange', offline: 'grey', text: '#000' },
    );
    const s = (o.series as { data: { id: string; itemStyle: { color: string }; label: { formatter: string } }[]; links: { target: string; lineStyle: { width: number; type: string; color: string } }[] }[])[0]!;
    expect(s.data.find((d) => d.id === 'm:3')).toMatchObject({ itemStyle: { color: 'grey' }, label: { formatter: 'M3  offline' } });
    expect(s.data.find((d) => d.id === 'm:2')?.label.formatter).toBe('M2  60.0 kW');
    // widths by value: the widest edge (60 kW) 12 px, the 40 kW branch 1 + 11 × 40 / 60
    expect(s.links.find((l) => l.target === 'm:2')?.lineStyle.width).toBe(12);
    expect(s.links.find((l) => l.target === 'unmetered:1')?.lineStyle).toMatchObject({ width: 1 + (11 * 40) / 60, color: 'orange' });
    expect(s.links.find((l) => l.target === 'm:3')?.lineStyle).toMatchObject({ width: 1, type: 'dashed', color: 'grey' });
    const fmt = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(fmt({ dataType: 'node', data: { id: 'm:3' } })).toContain('Today: 380.00 kWh');
    // the reading time (0 = 1970-01-01 00:00 UTC) on the project's clock: 08:00 in Shanghai
    expect(fmt({ dataType: 'node', data: { id: 'm:3' } })).toContain('At: 01-01 08:00');
  });
});
