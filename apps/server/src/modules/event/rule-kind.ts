import { limitRuleKind, type LimitEventKind, type LimitPoint } from '@ems/domain';

/** A catalogue row as the store holds it (migrations 0003, 0008). */
interface CatalogueRow {
  data_id: number | string;
  kind: string;
  energy_type: number | string | null;
}

/** The catalogue's points as limitRuleKind reads them, by data id. */
export function limitPoints(catalogue: readonly CatalogueRow[]): Map<number, LimitPoint> {
  return new Map(catalogue.map((d) => [Number(d.data_id), { dataId: Number(d.data_id), kind: d.kind, energyType: d.energy_type === null ? null : Number(d.energy_type) }]));
}

/**
 * What a rule's events are (log type, class, level, event type): one answer from all its conditions'
 * points, the same for the rule list, the save checks and the engine. A point missing from the
 * catalogue counts as a quantity without an energy type.
 */
export function ruleKind(level: number, conditions: readonly { dataId: number }[], points: ReadonlyMap<number, LimitPoint>): LimitEventKind {
  return limitRuleKind(
    level,
    conditions.map((c) => points.get(c.dataId) ?? { dataId: c.dataId, kind: 'instant', energyType: null }),
  );
}
