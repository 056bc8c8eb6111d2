import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, EVENT_API, LOG_TYPE, type AlgorithmConfig } from '@ems/contract';
import { loginAs, STORES } from '../../test/helpers.js';
import type { ReadingInput } from '../timeseries/service.js';
import { ProjectHistory } from './history.js';
import { eventFixture, MIN, type EventFixture } from './test-fixture.js';

const Q15 = 15 * MIN;
const DAY = 24 * 60 * MIN;
/** Saturday 2025-03-08 00:00 Asia/Shanghai (the demo factory's zone), two days before the fixture's clock */
const D1 = Date.UTC(2025, 2, 7, 16);
const D2 = D1 + DAY;
/** Shanghai local time on the day starting at `day` */
const at = (day: number, h: number, m = 0) => day + (h * 60 + m) * MIN;

/**
 * The seeded history judges demand by the 15-min energy blocks (kWh × 4) where the store has no power
 * readings (issue 11 defect 6). Contract 2000 kW; a block of 600 kWh is 2400 kW, one of 25 kWh 100 kW.
 * Day 1: every block low but the last (23:45–24:00). Day 2: 02:00–02:30 high by energy; power readings
 * (500 kW) from 12:00; the block 15:00–15:15 high by energy while power says 500 kW.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`the history's demand by 15-min blocks (${kind})`, () => {
    let f: EventFixture;
    let alg: AlgorithmConfig;

    beforeAll(async () => {
      f = await eventFixture(kind);
      const admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      const meter = await f.node(1, null, 'meter', 'history incomer');
      const saved = await f.call<AlgorithmConfig>('POST', EVENT_API.algorithmSave, admin, {
        name: 'history demand',
        kind: 'demand',
        nodeId: meter,
        modelLabel: 'meter',
        params: { contractKw: 2000 },
        enabled: true,
      });
      expect(saved.code, saved.msg).toBe(0);
      alg = saved.data;
      // the live engine stays out: only the history judges these readings
      await f.t.app.events.close();
      const high = (t: number) => t === at(D1, 23, 45) || t === at(D2, 2) || t === at(D2, 2, 15) || t === at(D2, 15);
      const readings: ReadingInput[] = [];
      let kwh = 1000;
      for (let t = D1; t <= D2 + DAY; t += Q15) {
        readings.push({ deviceId: meter, dataId: DATA_ID.activeEnergyImport, ts: t, value: kwh });
        kwh += high(t) ? 600 : 25;
      }
      for (let t = at(D2, 12); t < D2 + DAY; t += MIN) readings.push({ deviceId: meter, dataId: DATA_ID.activePower, ts: t, value: 500 });
      await f.write(1, readings);
      const p = new ProjectHistory(f.t.app.ems, { projectId: 1, from: D1, to: D2 + DAY });
      await p.prepare();
      while (await p.step());
    }, 120_000);
    afterAll(async () => f?.close());

    const over = async () => (await f.eventsOf({ algorithmId: alg.id })).filter((e) => e.logType === LOG_TYPE.demandOverLimit).map((e) => [e.start, e.end, e.value]);

    it("a day's last block (23:45–24:00) is judged: an over-limit at midnight, back at the next block's end", async () => {
      expect((await over())[0]).toEqual([D2, at(D2, 0, 15), 2400]);
    });

    it('on the day power readings begin, the blocks before the first one are judged by their energy; the blocks with power by power alone', async () => {
      expect(await over()).toEqual([
        [D2, at(D2, 0, 15), 2400],
        [at(D2, 2, 15), at(D2, 2, 45), 2400],
      ]);
    });
  });
}
