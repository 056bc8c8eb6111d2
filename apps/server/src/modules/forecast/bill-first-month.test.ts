import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_API, DATA_ID, FORECAST_API, type Forecast, type MonthBill } from '@ems/contract';
import { at, counter, flatCapacityVersion } from '../../test/fixtures.js';
import { STORES, attachScheme, createProject, insertNode, json, startAt, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';

/** the pinned clock: Wednesday 2025-07-30 12:00 in Shanghai */
const NOW = at(2025, 7, 30, 12);

/** capacity basis, 100 kVA at ¥20/kVA·month, flat 0.5 all day; no power-factor standard and no surcharges, so the bill is energy + basic fee */
const CAPACITY = flatCapacityVersion('2025-01-01', '0.5');

/*
 * BY HAND. July 2025 has 31 days. Two top-level meters under one capacity-basis scheme:
 *   NEW      first reading 11 July 00:00, 1 kWh every 15 min (4 kWh/h, 96 kWh a day);
 *   RETIRED  metered all June (2 kWh every 15 min), last reading 1 July 00:00: no July rollups.
 * The clock is late in July because there is no projected bill without a forecast, and the daily
 * models want 15 whole days of history (BACKTESTS.dayAhead): NEW has 19 (11–29 July).
 *
 * NEW alone: July is its first month of metering (no rollup before 1 July), in use 11–31 July = 21 days.
 * Its load is flat, so the similar-day forecast of the rest of July is the same flat load (the
 * back-test residuals are all 0: the band is the forecast itself) and the projection is exact:
 *   energy   21 × 96 = 2 016 kWh × 0.5                       = 1 008.00
 *   basic    100 kVA × 20 × 21/30 = 1 400.00                  (供电营业规则 第84条: each day in use is
 *            1/30 of the monthly fee, in a 31-day month too — not 21/31 = 1 354.84)
 *   P50      1 008.00 + 1 400.00                             = 2 408.00
 *   so far (the cost page, to 30 July 12:00): 19.5 × 96 = 1 872 kWh × 0.5 = 936.00 + 1 400.00 = 2 336.00
 * The project (NEW + RETIRED): its July rollups also begin on 11 July, but RETIRED's June rollups
 * mean July is not its first month of metering: no pro-rating.
 *   basic    100 × 20                                        = 2 000.00
 *   so far   936.00 + 2 000.00                               = 2 936.00
 * (The project's projected energy is not asserted: its history has no rollups on 1–10 July, which
 * the forecast fills in, so it is not a flat load; the basic fee does not depend on it.)
 */
const CAPACITY_LINE = { key: 'capacity', quantity: 100, unitPriceYuan: '20' };
const HAND = {
  NEW: { basicFen: 140000, energyFen: 100800, p50Fen: 240800, toDateFen: 233600, capacity: { ...CAPACITY_LINE, fen: 140000, days: 21, daysInPeriod: 30 } },
  project: { basicFen: 200000, toDateFen: 293600, capacity: { ...CAPACITY_LINE, fen: 200000 } },
};

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`forecast: the projected bill of the first month of metering (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};

    const post = async <T>(url: string, payload: Record<string, unknown>) => json<T>(await t.app.inject({ method: 'POST', url, headers: admin, payload }));
    const projected = async (nodeId: number, modelLabel: string) => {
      const res = await post<Forecast>(FORECAST_API.predict, { nodeId, modelLabel, energyType: 2, method: 'similarDay' });
      expect(res.status, JSON.stringify(res)).toBe(200);
      return res.data.month?.bill;
    };
    const julyBill = (nodeId: number, modelLabel: string) => post<MonthBill>(COST_API.bill, { nodeId, modelLabel, year: 2025, month: 7 });

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'First month plant', capacityKva: 100, timezone: 'Asia/Shanghai' }));
      const room = await insertNode(t.app, { projectId, parentId: null, label: 'distributionroom', name: 'DR' });
      ids.NEW = await insertNode(t.app, { projectId, parentId: room, label: 'meter', name: 'NEW', attrs: { energyType: 2 } });
      ids.RETIRED = await insertNode(t.app, { projectId, parentId: room, label: 'meter', name: 'RETIRED', attrs: { energyType: 2 } });
      await writeReadings(t.app, projectId, [
        ...counter(ids.NEW, DATA_ID.activeEnergyImport, at(2025, 7, 11), NOW, 1),
        ...counter(ids.RETIRED, DATA_ID.activeEnergyImport, at(2025, 6, 1), at(2025, 7, 1), 2),
      ]);
      await attachScheme(t.app, admin, projectId, 'Capacity 10 kV', [CAPACITY]);
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('a meter first read on 11 July: the projected July bill bills the capacity fee for 21 days × 1/30 (第84条), as the cost page does', async () => {
      const bill = await projected(ids.NEW as number, 'meter');
      expect(bill).toMatchObject({ billed: true, year: 2025, month: 7, basicFen: HAND.NEW.basicFen, energyFen: HAND.NEW.energyFen, pfFen: 0, surchargeFen: 0, p50Fen: HAND.NEW.p50Fen });
      // the cost page's July bill so far: the same capacity line, pro-rated the same way
      const july = await julyBill(ids.NEW as number, 'meter');
      expect(july.status).toBe(200);
      expect(july.data.capacityLine).toEqual(HAND.NEW.capacity);
      expect(july.data.lines.find((l) => l.key === 'capacity')).toEqual(HAND.NEW.capacity);
      expect([july.data.basicFen, july.data.totalFen]).toEqual([HAND.NEW.basicFen, HAND.NEW.toDateFen]);
      expect([bill?.basicFen, bill?.toDateFen]).toEqual([july.data.basicFen, july.data.totalFen]);
    });

    it('the project, metered before July by the retired meter: July rollups from the 11th only, yet the whole month’s capacity fee', async () => {
      const bill = await projected(projectId, 'project');
      expect(bill).toMatchObject({ billed: true, year: 2025, month: 7, basicFen: HAND.project.basicFen, toDateFen: HAND.project.toDateFen });
      const july = await julyBill(projectId, 'project');
      expect(july.data.capacityLine).toEqual(HAND.project.capacity);
      expect([july.data.basicFen, july.data.totalFen]).toEqual([HAND.project.basicFen, HAND.project.toDateFen]);
    });
  });
}
