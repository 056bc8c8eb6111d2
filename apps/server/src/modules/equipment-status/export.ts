import type { StateEnergy, StateEnergyQuery } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { sheetOf, xlsxOf } from '../../lib/xlsx-sheets.js';
import { zonedDate, zonedDateTime, zonedDayStamp } from '../../lib/zoned-time.js';
import { stateEnergy } from './energy.js';

const r2 = (v: number) => Math.round(v * 100) / 100;

const DEVICE_HEADERS: Record<Lang, string[]> = {
  zh: ['设备', '运行(h)', '待机(h)', '停机(h)', '未知(h)', '运行(kWh)', '待机(kWh)', '停机(kWh)', '未知(kWh)', '计量电量(kWh)', '待机+停机电量(kWh)', '待机+停机电费(元)'],
  en: ['Device', 'Running (h)', 'Standby (h)', 'Stopped (h)', 'Unknown (h)', 'Running (kWh)', 'Standby (kWh)', 'Stopped (kWh)', 'Unknown (kWh)', 'Metered (kWh)', 'Standby + stopped (kWh)', 'Standby + stopped cost (¥)'],
};
const BUCKET_HEADERS: Record<Lang, string[]> = {
  zh: ['时间', '运行(h)', '待机(h)', '停机(h)', '未知(h)', '运行(kWh)', '待机(kWh)', '停机(kWh)', '未知(kWh)', '待机+停机电费(元)'],
  en: ['Time', 'Running (h)', 'Standby (h)', 'Stopped (h)', 'Unknown (h)', 'Running (kWh)', 'Standby (kWh)', 'Stopped (kWh)', 'Unknown (kWh)', 'Standby + stopped cost (¥)'],
};
const TOTAL: Record<Lang, string> = { zh: '合计', en: 'Total' };

type Row = StateEnergy['devices'][number];
const perState = (x: { running: number; standby: number; stopped: number; unknown: number }) => [r2(x.running), r2(x.standby), r2(x.stopped), r2(x.unknown)];

/** The energy-by-state tables as .xlsx: one sheet per device (with a total row), one per bucket; times on the project's clock. */
export async function exportStateEnergy(ems: Ems, lang: Lang, scope: readonly number[], q: StateEnergyQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const e = await stateEnergy(ems, lang, scope, q);
  const tz = e.timezone;
  const devices: Row[] = [...e.devices, { deviceId: 0, deviceName: TOTAL[lang], ...e.totals }];
  const label = (t: number) => (e.bucket === 'hour' ? zonedDateTime(t, tz, false) : e.bucket === 'day' ? zonedDate(t, tz) : zonedDate(t, tz).slice(0, 7));
  const buffer = await xlsxOf([
    sheetOf({
      name: lang === 'en' ? 'Devices' : '设备',
      headers: DEVICE_HEADERS[lang],
      items: devices,
      row: (d: Row) => [d.deviceName, ...perState(d.hours), ...perState(d.kwh), r2(d.meteredKwh), r2(d.wasteKwh), r2(d.wasteYuan)],
      width: (i) => (i === 0 ? 24 : 16),
    }),
    sheetOf({
      name: lang === 'en' ? 'By period' : '分时段',
      headers: BUCKET_HEADERS[lang],
      items: e.buckets,
      row: (b: StateEnergy['buckets'][number]) => [label(b.start), ...perState(b.hours), ...perState(b.kwh), r2(b.wasteYuan)],
      width: (i) => (i === 0 ? 20 : 14),
    }),
  ]);
  const stamp = `${zonedDayStamp(e.from, tz)}-${zonedDayStamp(e.to - 1, tz)}`;
  return { buffer, fileName: `${lang === 'en' ? 'state-energy' : '设备状态能耗'}-${stamp}.xlsx` };
}
