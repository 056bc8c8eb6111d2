import { TableNode, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_API, DATA_ID, type CostYear, type MonthBill, type TariffVersion } from '@ems/contract';
import { at, counter, flatCapacityVersion } from '../../test/fixtures.js';
import { STORES, attachScheme, createProject, insertNode, json, startAt, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import { analysisRepository } from '../analysis/repository.js';
import { consumptionAnalysis } from '../analysis/service.js';
import { buildTree } from '../analysis/tree.js';
import { costContext } from './service.js';

const NOW = at(2025, 7, 10, 12);
/** the 50 kW block: 12.5 kWh in the 15 min from 20 May 14:00 (version B's days) */
const SPIKE = at(2025, 5, 20, 14);

/** capacity basis until 15 May, standard 0.90, funds 0.03 */
const A = flatCapacityVersion('2025-01-01', '0.5', { pfStandard: '0.90', surcharges: [{ key: 'funds', name: '政府性基金及附加', priceYuanPerKwh: '0.03' }] });
/** demand basis from 16 May, dearer energy, kW and funds, standard 0.85 */
const B: TariffVersion = { ...A, effectiveFrom: '2025-05-16', basis: 'demand', priceKwMonth: '36', pfStandard: '0.85', touPrices: { flat: '0.6' }, surcharges: [{ key: 'funds', name: '政府性基金及附加', priceYuanPerKwh: '0.04' }] };

/*
 * BY HAND. One meter from 11 April 00:00 to 1 June 00:00: 1 kWh and 0.5 kvarh every 15 min, and
 * 12.5 kWh in the 20 May 14:00 block.
 * APRIL (30 days; metering starts on the 11th, 20 days in use; version A):
 *   energy 20 × 96 = 1 920 kWh × 0.5 = 960.00
 *   capacity 100 kVA × 20 × 20/30 = 1 333.333… → 1 333.33; comparison demand max(4, 40) × 30 × 20/30 = 800.00
 *   cosφ 1/√1.25 = 0.894 → 0.89, standard 0.90 → +0.5 %: (1 333.33 + 960.00) × 0.5 % = 11.46665 → 11.47
 *   funds 1 920 × 0.03 = 57.60                          TOTAL 960.00 + 1 333.33 + 11.47 + 57.60 = 2 362.40
 * MAY (31 days; A over 1–15, B over 16–31; each day 1/30 of the monthly fee, 供电营业规则 第84条,
 * at most 30 days in the month: A 15, B 16 → 15):
 *   energy A 1 440 kWh × 0.5 = 720.00; B 1 536 + 11.5 = 1 547.5 kWh × 0.6 = 928.50 → 1 648.50
 *   basic A capacity 2 000 × 15/30 = 1 000.00
 *   basic B demand (MD of B's days 50 kW > 42): contract 40 × 36 × 15/30 = 720.00,
 *     excess 8 kW × 72 × 15/30 = 288.00                                     basic = 2 008.00
 *   comparison, like with like: capacity 1 000.00 + 2 000 × 15/30 = 2 000.00; demand as each version
 *     elects: A contract 40 × 30 × 15/30 = 600.00 + B 720.00 + 288.00 → 1 608.00 → demand
 *   cosφ 2 987.5 / √(2 987.5² + 1 488²) = 0.8951 → 0.90; the standard at the month's end is B's 0.85 → −0.5 %:
 *     (2 008.00 + 1 648.50) × −0.5 % = −18.2825 → −18.28
 *   funds A 1 440 × 0.03 = 43.20; B 1 547.5 × 0.04 = 61.90
 *   TOTAL 1 648.50 + 2 008.00 − 18.28 + 43.20 + 61.90 = 3 743.32
 */
const APRIL = { totalFen: 236240, capacity: { key: 'capacity', quantity: 100, unitPriceYuan: '20', fen: 133333, days: 20, daysInPeriod: 30 } };
const MAY_LINES = [
  { key: 'flat', quantity: 1440, unitPriceYuan: '0.5', fen: 72000 },
  { key: 'flat', quantity: 1547.5, unitPriceYuan: '0.6', fen: 92850 },
  { key: 'capacity', quantity: 100, unitPriceYuan: '20', fen: 100000, days: 15, daysInPeriod: 30 },
  { key: 'demandContract', quantity: 40, unitPriceYuan: '36', fen: 72000, days: 15, daysInPeriod: 30 },
  { key: 'demandExcess', quantity: 8, unitPriceYuan: '72', fen: 28800, days: 15, daysInPeriod: 30 },
  { key: 'powerFactor', fen: -1828 },
  { key: 'funds', name: '政府性基金及附加', quantity: 1440, unitPriceYuan: '0.03', fen: 4320 },
  { key: 'funds', name: '政府性基金及附加', quantity: 1547.5, unitPriceYuan: '0.04', fen: 6190 },
];

/** Counts the statements run through a Kysely instance, by the table a select reads. */
function statementCounter() {
  const counts = new Map<string, number>();
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const from = node.kind === 'SelectQueryNode' ? node.from?.froms[0] : undefined;
      const key = from && TableNode.is(from) ? from.table.identifier.name : node.kind;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, counts, total: () => [...counts.values()].reduce((a, b) => a + b, 0) };
}

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`cost: partial months and a tariff change inside a month (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const post = async <T>(url: string, payload: Record<string, unknown>) => json<T>(await t.app.inject({ method: 'POST', url, headers: admin, payload }));
    const bill = (month: number) => post<MonthBill>(COST_API.bill, { nodeId: projectId, modelLabel: 'project', year: 2025, month });

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Split plant', capacityKva: 100, timezone: 'Asia/Shanghai' }));
      const room = await insertNode(t.app, { projectId, parentId: null, label: 'distributionroom', name: 'DR' });
      const meter = await insertNode(t.app, { projectId, parentId: room, label: 'meter', name: 'N1', attrs: { energyType: 2 } });
      const from = at(2025, 4, 11);
      const to = at(2025, 6, 1);
      const rs = [...counter(meter, DATA_ID.activeEnergyImport, from, to, (ts) => (ts === SPIKE ? 12.5 : 1)), ...counter(meter, DATA_ID.reactiveEnergyImport, from, to, () => 0.5)];
      await writeReadings(t.app, projectId, rs);
      await attachScheme(t.app, admin, projectId, 'Split', [A, B]);
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('April, the first month of metering (from the 11th): the capacity fee for 20 of 30 days', async () => {
      const b = await bill(4);
      expect(b.status).toBe(200);
      expect(b.data.lines.find((l) => l.key === 'capacity')).toEqual(APRIL.capacity);
      expect(b.data.capacityLine).toEqual(APRIL.capacity);
      expect([b.data.basicFen, b.data.capacityFeeFen, b.data.demandFeeFen, b.data.cheaper]).toEqual([133333, 133333, 80000, 'demand']);
      expect([b.data.energyFen, b.data.cosPhi, b.data.pfFen, b.data.surchargeFen, b.data.totalFen]).toEqual([96000, 0.89, 1147, 5760, APRIL.totalFen]);
    });

    it('May, version B from the 16th: A by capacity over 15 days, B by demand over 16, funds per version, the standard of B', async () => {
      const b = await bill(5);
      expect(b.status).toBe(200);
      const d = b.data;
      expect(d.lines).toEqual(MAY_LINES);
      expect([d.basis, d.pfStandard, d.pfPct, d.cosPhi, d.mdKw, d.mdTime, d.contractKw]).toEqual(['demand', '0.85', -0.5, 0.9, 50, SPIKE, 40]);
      expect([d.energyFen, d.basicFen, d.capacityFeeFen, d.demandFeeFen, d.cheaper, d.pfFen, d.surchargeFen, d.totalFen]).toEqual([
        164850, 200800, 200000, 160800, 'demand', -1828, 10510, 374332,
      ]);
      expect(d.versions).toEqual(['2025-01-01', '2025-05-16']);
      expect(d.demandLines.map((l) => [l.key, l.unitPriceYuan, l.fen, l.days])).toEqual([
        ['demandContract', '30', 60000, 15],
        ['demandContract', '36', 72000, 15],
        ['demandExcess', '72', 28800, 15],
      ]);
    });

    it('the year holds the same April and May; months before metering and after it are unbilled', async () => {
      const y = await post<CostYear>(COST_API.year, { nodeId: projectId, modelLabel: 'project', year: 2025 });
      expect(y.status).toBe(200);
      expect(y.data.months.map((m) => m.billed)).toEqual([false, false, false, true, true, false, false, false, false, false, false, false]);
      expect(y.data.months.slice(3, 5).map((m) => [m.basicFen, m.capacityFeeFen, m.demandFeeFen, m.totalFen])).toEqual([
        [133333, 133333, 80000, APRIL.totalFen],
        [200800, 200000, 160800, 374332],
      ]);
      expect(y.data.totalFen).toBe(APRIL.totalFen + 374332);
    });

    it('the consumption call reads the node, its project and the tree once: the time-of-use split reuses them', async () => {
      const c = statementCounter();
      const ems = { ...t.app.ems, db: t.app.ems.db.withPlugin(c.plugin) };
      const q = { nodeId: projectId, modelLabel: 'project', energyType: 2, startTime: at(2025, 5, 1), endTime: at(2025, 6, 1) - 1, dateType: 3 };
      const a = await consumptionAnalysis(ems, 'en', [projectId], q);
      expect(a.tou?.totals.flat).toBe(2987.5);
      expect([c.counts.get('node'), c.counts.get('project')]).toEqual([1, 1]);
      // costContext alone: project, nodes, attachments, scheme; with the located node only the last two
      const alone = statementCounter();
      await costContext({ ...t.app.ems, db: t.app.ems.db.withPlugin(alone.plugin) }, [projectId], q);
      const reused = statementCounter();
      const project = { id: projectId, name: 'Split plant', timezone: 'Asia/Shanghai' };
      const tree = buildTree(await analysisRepository(t.app.ems.db).nodes(projectId));
      await costContext({ ...t.app.ems, db: t.app.ems.db.withPlugin(reused.plugin) }, [projectId], q, { project, tree });
      expect([alone.total(), reused.total()]).toEqual([4, 2]);
    });
  });
}
