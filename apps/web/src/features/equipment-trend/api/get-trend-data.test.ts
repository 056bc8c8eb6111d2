import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_CONFIG } from '@ems/contract';
import { getTrendDataUrl, setSystemConfig } from '../../../lib/config';
import { trendBody, trendRequestValid, type TrendRequest } from './get-trend-data';

// 30 Jan 2025 in Shanghai (00:00 +08:00 = 29 Jan 16:00 UTC), asked from a browser in Los Angeles
const day = (h = 0) => Date.UTC(2025, 0, 29, 16 + h);
const request = (over: Partial<TrendRequest> = {}): TrendRequest => ({
  range: { startTime: day(), endTime: day(24) - 1, type: 1 },
  interval: 900,
  lines: [{ deviceId: 7, dataId: 3 }],
  pixelWidth: 812.6,
  timeZone: 'Asia/Shanghai',
  ...over,
});

describe('trend request (spec sections 3 and 7)', () => {
  afterEach(() => setSystemConfig(DEFAULT_SYSTEM_CONFIG));

  it("sends the project's wall-clock strings; the inclusive end of a day becomes the next midnight (exclusive)", () => {
    expect(trendBody(request())).toEqual({
      startTime: '2025-01-30 00:00:00',
      endTime: '2025-01-31 00:00:00',
      interval: 900,
      meterConfigs: [{ deviceId: 7, dataId: 3, dataTypeId: 1, logicalId: 1 }],
      pixelWidth: 813,
    });
  });

  it('queries only with at least one line and a range that ends after it starts', () => {
    expect(trendRequestValid(request())).toBe(true);
    expect(trendRequestValid(request({ lines: [] }))).toBe(false);
    expect(trendRequestValid(request({ range: { startTime: day(), endTime: day(), type: 7 } }))).toBe(false);
  });

  it('posts to the URL of the system configuration file, else the default', () => {
    expect(getTrendDataUrl()).toBe('/eem-service/v1/trend/data');
    setSystemConfig({ ...DEFAULT_SYSTEM_CONFIG, trendDataUrl: '/custom/trend' });
    expect(getTrendDataUrl()).toBe('/custom/trend');
  });
});
