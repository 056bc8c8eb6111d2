import type { TransformerSuggestion } from '@ems/contract';
import { fleetSuggestions, localParts, meanDayPriceYuanPerKwh, versionAt, type FleetUnit } from '@ems/domain';
import type { Ems } from '../../context.js';
import { projectScheme } from '../cost/service.js';
import { currentStandard } from '../efficiency-standards/service.js';
import { nameplateOf, variantOf, type EnergyBucket } from './figures.js';
import type { PowerNode } from './repository.js';

/**
 * The fleet's suggestions (DOMAIN §5) from each transformer's LV-main buckets: S = √(kWh² + kvarh²)
 * / h per bucket. Savings are priced at the time-weighted mean TOU price of the project's tariff
 * version in force now (a loss runs round the clock); without a tariff, energy only.
 */
export async function suggestionsOf(
  ems: Ems,
  project: { id: number; timezone: string },
  fleet: readonly { t: PowerNode; meter: PowerNode | undefined }[],
  buckets: ReadonlyMap<number, readonly EnergyBucket[]>,
  hours: number,
): Promise<Map<number, TransformerSuggestion[]>> {
  const units: FleetUnit[] = fleet.map(({ t, meter }) => {
    const kva = new Map<number, number>();
    for (const b of meter ? (buckets.get(meter.id) ?? []) : []) if (b.kwh !== null) kva.set(b.start, Math.hypot(b.kwh, b.kvarh ?? 0) / hours);
    const insulation = t.attrs.insulation === 'oil' || t.attrs.insulation === 'dry' ? t.attrs.insulation : null;
    return { id: t.id, name: t.name, nameplate: nameplateOf(t.attrs), insulation, variant: variantOf(t.attrs), kva };
  });
  // graded against the GB 20052 edition in force (an administrator's edit regrades the fleet)
  return fleetSuggestions(units, { yuanPerKwh: await roundTheClockPrice(ems, project), table: (await currentStandard(ems, 'transformer')).rows });
}

/**
 * The time-weighted mean TOU price of the project's tariff version in force now, for this month's
 * season; null without one. The caller has checked the project is in scope.
 */
async function roundTheClockPrice(ems: Ems, project: { id: number; timezone: string }): Promise<number | null> {
  const scheme = await projectScheme(ems, project.id);
  const now = ems.config.now();
  const v = scheme ? versionAt(scheme.versions, now, project.timezone) : null;
  return v ? meanDayPriceYuanPerKwh(v.calendar, v.touPrices, localParts(now, project.timezone).month) : null;
}
