import type { TariffVersion } from '@ems/contract';
import type { Ems } from '../../context.js';
import { costRepository } from './repository.js';

type Range = [string, string, TariffVersion['calendar']['seasons'][number]['schedule'][number]['period']];
const day = (ranges: Range[]) => ranges.map(([start, end, period]) => ({ start, end, period }));

/*
 * Demo tariffs (EMS_DEMO=1). ILLUSTRATIVE PRICES AND CALENDARS, shaped like a Jiangsu 10 kV
 * industrial schedule (sharp hours in summer and winter, valley 00:00–08:00, deep valley at midday
 * on major holidays) but not any utility's published tariff: each site enters its own.
 */
const OTHER = day([
  ['00:00', '08:00', 'valley'],
  ['08:00', '11:00', 'peak'],
  ['11:00', '17:00', 'flat'],
  ['17:00', '22:00', 'peak'],
  ['22:00', '24:00', 'flat'],
]);
const SUMMER = day([
  ['00:00', '08:00', 'valley'],
  ['08:00', '11:00', 'peak'],
  ['11:00', '14:00', 'flat'],
  ['14:00', '15:00', 'sharp'],
  ['15:00', '17:00', 'flat'],
  ['17:00', '20:00', 'peak'],
  ['20:00', '21:00', 'sharp'],
  ['21:00', '22:00', 'peak'],
  ['22:00', '24:00', 'flat'],
]);
const WINTER = day([
  ['00:00', '08:00', 'valley'],
  ['08:00', '11:00', 'peak'],
  ['11:00', '17:00', 'flat'],
  ['17:00', '18:00', 'peak'],
  ['18:00', '20:00', 'sharp'],
  ['20:00', '22:00', 'peak'],
  ['22:00', '24:00', 'flat'],
]);
const HOLIDAY = day([
  ['00:00', '08:00', 'valley'],
  ['08:00', '11:00', 'flat'],
  ['11:00', '14:00', 'deepValley'],
  ['14:00', '22:00', 'flat'],
  ['22:00', '24:00', 'valley'],
]);
const HOLIDAYS = ['2025-10-01', '2025-10-02', '2025-10-03', '2026-02-17', '2026-02-18', '2026-02-19', '2026-10-01', '2026-10-02', '2026-10-03', '2027-02-06', '2027-02-07', '2027-02-08'];

const factory: TariffVersion = {
  effectiveFrom: '2024-01-01',
  basis: 'demand',
  capacityKva: 4000,
  priceKvaMonth: '30.00',
  priceKwMonth: '40.00',
  contractKw: 2000,
  demandElection: 'contract',
  pfStandard: '0.90',
  addReverseKvarh: true,
  meterReadingDay: null,
  touPrices: { sharp: '1.2247', peak: '1.0206', flat: '0.6212', valley: '0.2718', deepValley: '0.1631' },
  surcharges: [
    { key: 'funds', name: '政府性基金及附加', priceYuanPerKwh: '0.029' },
    { key: 'systemOperation', name: '系统运行费', priceYuanPerKwh: '0.0152' },
  ],
  calendar: {
    seasons: [
      { name: 'winter', fromMonth: 12, toMonth: 1, schedule: WINTER },
      { name: 'spring', fromMonth: 2, toMonth: 6, schedule: OTHER },
      { name: 'summer', fromMonth: 7, toMonth: 8, schedule: SUMMER },
      { name: 'autumn', fromMonth: 9, toMonth: 11, schedule: OTHER },
    ],
    holidays: HOLIDAYS.map((date) => ({ date, schedule: HOLIDAY })),
  },
};

const officePark: TariffVersion = {
  ...factory,
  basis: 'capacity',
  capacityKva: 2500,
  contractKw: 1250,
  pfStandard: '0.85',
  touPrices: { peak: '1.0810', flat: '0.6520', valley: '0.2800' },
  surcharges: [{ key: 'funds', name: '政府性基金及附加', priceYuanPerKwh: '0.029' }],
  calendar: { seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: OTHER }] },
};

const DEMO = [
  { name: '10kV大工业两部制(示例)', description: '按需量计费，功率因数标准0.90；电价为示例', version: factory },
  { name: '10kV一般工商业两部制(示例)', description: '按容量计费，功率因数标准0.85；电价为示例', version: officePark },
];

/** Seeds one scheme per demo project, attached to the project, unless the project already has a scheme. */
export async function seedDemoTariffs(ems: Ems, projectIds: readonly number[]): Promise<void> {
  const repo = costRepository(ems.db);
  for (const [i, projectId] of projectIds.entries()) {
    const demo = DEMO[i];
    if (!demo || (await repo.schemes([projectId])).length > 0) continue;
    const id = await repo.insert({ projectId, name: demo.name, description: demo.description, versions: JSON.stringify([demo.version]), updateTime: ems.config.now() });
    await repo.attach(id, projectId, [{ nodeId: projectId, modelLabel: 'project' }]);
  }
}
