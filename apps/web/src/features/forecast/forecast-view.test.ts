import { describe, expect, it } from 'vitest';
import type { ForecastHorizon } from '@ems/contract';
import zh from './locales/zh-CN';
import en from './locales/en-US';
import { bandOption, horizonRows, metricCards } from './forecast-view';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('forecast locales', () => {
  it('zh-CN and en-US hold the same keys', () => expect(keys(en).sort()).toEqual(keys(zh).sort()));
});

describe('metricCards: each metric against its limit', () => {
  const j = { resolution: 'hourly' as const, cvRmseLimitPct: 30, nmbeLimitPct: 10, mapeTargetPct: 10, cvRmsePass: true, nmbePass: false, mapePass: null };
  it('verdicts and the printed limits', () =>
    expect(metricCards({ mapePct: null, cvRmsePct: 12, nmbePct: -11 }, j)).toEqual([
      { key: 'mape', value: null, limit: '≤ 10%', verdict: 'none' },
      { key: 'cvRmse', value: 12, limit: '≤ 30%', verdict: 'pass' },
      { key: 'nmbe', value: -11, limit: '|x| ≤ 10%', verdict: 'fail' },
    ]));
  it('no MAPE target: no limit printed', () => expect(metricCards({ mapePct: 5, cvRmsePct: 1, nmbePct: 1 }, { ...j, mapeTargetPct: null })[0]?.limit).toBeNull());
});

describe("rule 15: hours on the project's clock, the browser in Los Angeles", () => {
  it('the night hours 00:00–07:00 in Shanghai are labelled 00:00–07:00 (not 08:00–15:00 or 16:00–23:00)', () => {
    const night = Array.from({ length: 8 }, (_, h) => ({ time: Date.UTC(2026, 10, 24, 16 + h), actual: 1, forecast: 1, p10: 1, p90: 1 }));
    const o = bandOption(night, 'hour', { actual: 'A', forecast: 'F', band: 'B', unit: 'kWh' }, { actual: '#1', forecast: '#2', band: '#3' }, 'Asia/Shanghai');
    expect((o.xAxis as { data: string[] }).data).toEqual(['11-25 00:00', '11-25 01:00', '11-25 02:00', '11-25 03:00', '11-25 04:00', '11-25 05:00', '11-25 06:00', '11-25 07:00']);
  });
});

describe('horizonRows and bandOption: recent actuals, then the forecast with its band', () => {
  const h = {
    key: 'week',
    grain: 'day',
    points: [
      { time: 3, actual: 5, p10: 8, p50: 10, p90: 13 },
      { time: 4, actual: null, p10: 9, p50: 11, p90: 12 },
    ],
    recent: [
      { time: 1, value: 9 },
      { time: 2, value: null },
    ],
  } as unknown as ForecastHorizon;
  it('rows: the recent buckets have no forecast; the bucket in progress has both', () =>
    expect(horizonRows(h)).toEqual([
      { time: 1, actual: 9, forecast: null, p10: null, p90: null },
      { time: 2, actual: null, forecast: null, p10: null, p90: null },
      { time: 3, actual: 5, forecast: 10, p10: 8, p90: 13 },
      { time: 4, actual: null, forecast: 11, p10: 9, p90: 12 },
    ]));
  it('the band is P10 plus the stacked width P90 − P10', () => {
    const o = bandOption(horizonRows(h), 'day', { actual: 'A', forecast: 'F', band: 'B', unit: 'kWh' }, { actual: '#1', forecast: '#2', band: '#3' }, 'Asia/Shanghai');
    const series = o.series as { name: string; data: (number | null)[]; stack?: string }[];
    expect(series.map((s) => s.name)).toEqual(['A', 'p10', 'B', 'F']);
    expect(series[1]?.data).toEqual([null, null, 8, 9]);
    expect(series[2]?.data).toEqual([null, null, 5, 3]);
    expect(series[1]?.stack).toBe(series[2]?.stack);
    expect(series[0]?.data).toEqual([9, null, 5, null]);
  });
});
