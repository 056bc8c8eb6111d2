// Test data shared by the server's test files: wall-clock times, register series, a tariff, a rule. No app, no store.
import { DATA_ID, type TariffVersion } from '@ems/contract';
import type { ReadingInput } from '../modules/timeseries/service.js';

/** 15 minutes in ms: the reading interval of the planted series. */
export const Q = 900_000;

/** Asia/Shanghai wall-clock time → ms. */
export const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);

/** Register readings every 15 min on [from, to]: `start` (1000), then + rate over each interval from t; `skip(t)` leaves a reading out. */
export function counter(deviceId: number, dataId: number, from: number, to: number, rate: number | ((t: number) => number), o: { start?: number; skip?: (t: number) => boolean } = {}): ReadingInput[] {
  const step = typeof rate === 'number' ? () => rate : rate;
  const out: ReadingInput[] = [];
  let v = o.start ?? 1000;
  for (let t = from; t <= to; t += Q) {
    if (!o.skip?.(t)) out.push({ deviceId, dataId, ts: t, value: v });
    v += step(t);
  }
  return out;
}

/** A capacity-basis tariff (100 kVA at ¥20/kVA·month), flat `price` all day from `from`; no power-factor standard, no surcharges. */
export const flatCapacityVersion = (from: string, price: string, extra: Partial<TariffVersion> = {}): TariffVersion => ({
  effectiveFrom: from,
  basis: 'capacity',
  capacityKva: 100,
  priceKvaMonth: '20',
  priceKwMonth: '30',
  contractKw: 40,
  demandElection: 'contract',
  pfStandard: null,
  addReverseKvarh: false,
  meterReadingDay: null,
  touPrices: { flat: price },
  surcharges: [],
  calendar: { seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: [{ start: '00:00', end: '24:00', period: 'flat' }] }] },
  ...extra,
});

const r = (start: string, end: string, period: 'sharp' | 'peak' | 'flat' | 'valley') => ({ start, end, period });
/** A 10 kV demand-basis tariff: valley 00–08 (8 h), flat 08–10, 13–18, 22–24 (9 h), peak 10–12, 18–22 (6 h), sharp 12–13 (1 h). */
export const TOU_VERSION: TariffVersion = {
  effectiveFrom: '2025-01-01',
  basis: 'demand',
  capacityKva: 500,
  priceKvaMonth: '30',
  priceKwMonth: '40',
  contractKw: 200,
  demandElection: 'contract',
  pfStandard: '0.90',
  addReverseKvarh: false,
  meterReadingDay: null,
  touPrices: { sharp: '1.2247', peak: '1.0206', flat: '0.6212', valley: '0.2718' },
  surcharges: [{ key: 'funds', name: '政府性基金及附加', priceYuanPerKwh: '0.029' }],
  calendar: {
    seasons: [
      {
        name: 'all',
        fromMonth: 1,
        toMonth: 12,
        schedule: [r('00:00', '08:00', 'valley'), r('08:00', '10:00', 'flat'), r('10:00', '12:00', 'peak'), r('12:00', '13:00', 'sharp'), r('13:00', '18:00', 'flat'), r('18:00', '22:00', 'peak'), r('22:00', '24:00', 'flat')],
      },
    ],
  },
};

/** An event rule "too hot" on an envsensor: temperature above 40 °C at once, hysteresis 1, level 2, event type 2. */
export const hotRule = (nodeId: number, extra: object = {}) => ({
  name: 'too hot',
  nodeId,
  modelLabel: 'envsensor',
  conditions: [{ dataId: DATA_ID.temperature, operator: 1, limit: 40 }],
  combinator: 1,
  minDurationSec: 0,
  hysteresis: 1,
  level: 2,
  eventType: 2,
  enabled: true,
  ...extra,
});
