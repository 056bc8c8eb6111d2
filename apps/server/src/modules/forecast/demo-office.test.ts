import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORECAST_API, type Forecast, type ForecastAnalysis } from '@ems/contract';
import { STORES, json, loginAs, startSimulated, type TestApp, type TestStore } from '../../test/helpers.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai. */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 6, 15) - 8 * 3_600_000;
/** history seeded: 10 weeks, enough for the 28 one-day-ahead origins after 14 days of training */
const DAYS = 70;
const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '--' : v.toFixed(2));

/**
 * The issue's acceptance figure: on the demo office park (project 2, 滨江办公园区) seeded by the
 * simulator, the back-test of the day-ahead daily forecast of the park's electricity has a MAPE of
 * at most 10 % (DOMAIN §12 target).
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`forecast on the demo office park (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let headers: Record<string, string>;
    const post = async <T>(url: string, payload: Record<string, unknown>) => json<T>(await t.app.inject({ method: 'POST', url, headers, payload }));

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: DAYS, instantDays: 0 }));
      headers = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
    }, 600_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('day-ahead daily MAPE of the park’s electricity ≤ 10 % (auto method), and both methods are back-tested', async () => {
      const r = await post<Forecast>(FORECAST_API.predict, { nodeId: 2, modelLabel: 'project', energyType: 2 });
      expect(r.status, JSON.stringify(r)).toBe(200);
      const d = r.data.dayAhead;
      expect(d?.folds).toBe(28);
      const line = `demo office park (${kind}) day-ahead daily back-test: method ${d?.method}, MAPE ${fmt(d?.metrics.mapePct)} %, CV(RMSE) ${fmt(d?.metrics.cvRmsePct)} %, NMBE ${fmt(d?.metrics.nmbePct)} %; ${d?.candidates.map((c) => `${c.method} MAPE ${fmt(c.metrics?.mapePct)} %`).join(', ')}`;
      console.log(line);
      for (const h of r.data.horizons)
        console.log(`  ${h.key}: ${h.method}, MAPE ${fmt(h.backtest.mapePct)} %, CV(RMSE) ${fmt(h.backtest.cvRmsePct)} %, NMBE ${fmt(h.backtest.nmbePct)} % (${h.folds} folds), total P50 ${fmt(h.total.p50)} kWh`);
      console.log(`  month: to date ${fmt(r.data.month?.actualToDate)} kWh, projected ${fmt(r.data.month?.p50)} (${fmt(r.data.month?.p10)}–${fmt(r.data.month?.p90)}) kWh`);
      expect(d?.metrics.mapePct).toBeLessThanOrEqual(10);
      expect(d?.judgement.mapePass).toBe(true);
      expect(d?.candidates.map((c) => c.method)).toEqual(['similarDay', 'holtWinters']);
      expect(r.data.horizons.map((h) => [h.key, h.points.length])).toEqual([
        ['day', 24],
        ['week', 7],
        ['month', 17],
      ]);
    });

    it('the analysis of the last 4 weeks: day-ahead daily forecasts against the actual days, MAPE ≤ 10 %', async () => {
      const r = await post<ForecastAnalysis>(FORECAST_API.analysis, { nodeId: 2, modelLabel: 'project', energyType: 2, startTime: TODAY - 28 * DAY, endTime: TODAY - 1, dateType: 6 });
      expect(r.status, JSON.stringify(r)).toBe(200);
      expect(r.data.grain).toBe('day');
      expect(r.data.points).toHaveLength(28);
      console.log(`demo office park (${kind}) analysis 17 Jun–14 Jul: ${r.data.model}, MAPE ${fmt(r.data.metrics.mapePct)} %, CV(RMSE) ${fmt(r.data.metrics.cvRmsePct)} %, NMBE ${fmt(r.data.metrics.nmbePct)} %`);
      expect(r.data.metrics.mapePct).toBeLessThanOrEqual(10);
    });
  });
}
