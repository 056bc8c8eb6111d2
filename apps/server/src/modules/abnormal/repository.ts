import { sql, type ColumnType, type Generated } from 'kysely';
import type { AbnormalParams } from '@ems/contract';
import type { EnergyInterval } from '@ems/domain';
import type { Db } from '../../db/connect.js';
import { readingRows, rollup15Rows, storeKindOf } from '../../db/series-source.js';
import { attrsOf } from '../common/attrs.js';
import type { NewEvent } from '../event/event-repository.js';
import type { EventTables } from '../event/tables.js';

/** Table `abnormal_rule` (migration 0027-abnormal). */
export interface AbnormalRuleTable {
  id: Generated<number>;
  project_id: number;
  kind: string;
  name: string;
  /** JSON text: number[] */
  meter_ids: string;
  /** JSON text: AbnormalParams */
  params: string;
  level: string;
  min_duration_min: number;
  enabled: number;
  description: string;
  evaluated_to: ColumnType<number | string, number, number>;
  update_time: ColumnType<number | string, number, number>;
}

/** Table `abnormal_finding` (migration 0027-abnormal): unique per (rule_id, meter_id, start_time). */
export interface AbnormalFindingTable {
  id: Generated<number>;
  project_id: number;
  rule_id: number;
  meter_id: number;
  start_time: ColumnType<number | string, number, number>;
  end_time: ColumnType<number | string, number, number>;
  level: string;
  actual: number;
  expected: number;
  excess: number;
  fen: ColumnType<number | string | null, number | null, number | null>;
  status: string;
  event_id: ColumnType<number | string | null, number | null, number | null>;
  status_user: string | null;
  status_time: ColumnType<number | string | null, number | null, number | null>;
  detect_time: ColumnType<number | string, number, number>;
}

type Tables = { abnormal_rule: AbnormalRuleTable; abnormal_finding: AbnormalFindingTable } & EventTables;

export interface RuleRow {
  id: number;
  projectId: number;
  kind: 'percent' | 'period' | 'usage';
  name: string;
  meterIds: number[];
  params: AbnormalParams;
  level: 'warn' | 'alarm';
  minDurationMin: number;
  enabled: boolean;
  description: string;
  evaluatedTo: number;
  updateTime: number;
}
export type RuleValues = Omit<RuleRow, 'id' | 'evaluatedTo'>;

export interface FindingRow {
  id: number;
  projectId: number;
  ruleId: number;
  meterId: number;
  start: number;
  end: number;
  level: 'warn' | 'alarm';
  actual: number;
  expected: number;
  excess: number;
  fen: number | null;
  status: 'open' | 'acknowledged' | 'closed';
  eventId: number | null;
  statusUser: string | null;
  statusTime: number | null;
}
export type FindingValues = Pick<FindingRow, 'projectId' | 'ruleId' | 'meterId' | 'start' | 'end' | 'level' | 'actual' | 'expected' | 'excess' | 'fen'>;

export interface MeterNode {
  id: number;
  parentId: number | null;
  label: string;
  name: string;
  code: string;
  energyType: number | null;
  /** attrs.outputUnit: the node counts production output (data point 106) */
  outputUnit: string | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const toRule = (r: { id: number | string; project_id: number | string; kind: string; name: string; meter_ids: string; params: string; level: string; min_duration_min: number | string; enabled: number | string; description: string; evaluated_to: number | string; update_time: number | string }): RuleRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  kind: r.kind as RuleRow['kind'],
  name: r.name,
  meterIds: parseJson<number[]>(r.meter_ids, []).map(Number),
  params: parseJson<AbnormalParams>(r.params, {}),
  level: r.level === 'warn' ? 'warn' : 'alarm',
  minDurationMin: Number(r.min_duration_min),
  enabled: Number(r.enabled) === 1,
  description: r.description,
  evaluatedTo: Number(r.evaluated_to),
  updateTime: Number(r.update_time),
});

const toFinding = (r: Record<string, unknown>): FindingRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  ruleId: Number(r.rule_id),
  meterId: Number(r.meter_id),
  start: Number(r.start_time),
  end: Number(r.end_time),
  level: r.level === 'warn' ? 'warn' : 'alarm',
  actual: Number(r.actual),
  expected: Number(r.expected),
  excess: Number(r.excess),
  fen: num(r.fen),
  status: (r.status as FindingRow['status']) ?? 'open',
  eventId: num(r.event_id),
  statusUser: (r.status_user as string | null) ?? null,
  statusTime: num(r.status_time),
});

/** All SQL of abnormal consumption: rules, findings, the meters' rollups and the events findings raise. */
export function abnormalRepository(db: Db) {
  const t = db.withTables<Tables>();
  // the callers hand over ems.db only: the store's kind from its adapter (reading and rollup_15m sources)
  const kind = storeKindOf(db);
  return {
    async project(projectId: number): Promise<{ id: number; timezone: string } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), timezone: r.timezone || 'Asia/Shanghai' } : undefined;
    },

    /** The project's nodes with their energy type (meters have one). */
    async nodes(projectId: number): Promise<MeterNode[]> {
      const rows = await db.selectFrom('node').select(['id', 'parent_id', 'model_label', 'name', 'code', 'attrs']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
      return rows.map((r) => {
        const attrs = attrsOf(r.attrs);
        const et = attrs.energyType;
        const outputUnit = typeof attrs.outputUnit === 'string' && attrs.outputUnit.trim() !== '' ? attrs.outputUnit.trim() : null;
        return { id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), label: r.model_label, name: r.name, code: r.code ?? '', energyType: et === undefined || et === null || et === '' ? null : Number(et), outputUnit };
      });
    },

    units: async (): Promise<Map<number, string>> => new Map((await db.selectFrom('data_point').select(['data_id', 'unit']).execute()).map((r) => [Number(r.data_id), r.unit])),

    async rules(projectIds: readonly number[], kind?: string): Promise<RuleRow[]> {
      if (projectIds.length === 0) return [];
      let q = t.selectFrom('abnormal_rule').selectAll().where('project_id', 'in', [...projectIds]);
      if (kind) q = q.where('kind', '=', kind);
      return (await q.orderBy('project_id').orderBy('id').execute()).map(toRule);
    },
    async rule(id: number): Promise<RuleRow | undefined> {
      const r = await t.selectFrom('abnormal_rule').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toRule(r) : undefined;
    },
    /** Projects with an enabled rule (the background pass). */
    async projectsWithRules(): Promise<number[]> {
      const rows = await t.selectFrom('abnormal_rule').select('project_id').where('enabled', '=', 1).groupBy('project_id').orderBy('project_id').execute();
      return rows.map((r) => Number(r.project_id));
    },
    async nameTaken(projectId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = t.selectFrom('abnormal_rule').select('id').where('project_id', '=', projectId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    async insertRule(v: RuleValues): Promise<number> {
      const r = await t
        .insertInto('abnormal_rule')
        .values({
          project_id: v.projectId,
          kind: v.kind,
          name: v.name,
          meter_ids: JSON.stringify(v.meterIds),
          params: JSON.stringify(v.params),
          level: v.level,
          min_duration_min: v.minDurationMin,
          enabled: v.enabled ? 1 : 0,
          description: v.description,
          evaluated_to: 0,
          update_time: v.updateTime,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },
    /** Updates a rule; a change of what it judges (kind, meters, parameters, level, duration) makes the background evaluate it afresh. */
    async updateRule(id: number, v: RuleValues, reevaluate: boolean): Promise<void> {
      await t
        .updateTable('abnormal_rule')
        .set({
          kind: v.kind,
          name: v.name,
          meter_ids: JSON.stringify(v.meterIds),
          params: JSON.stringify(v.params),
          level: v.level,
          min_duration_min: v.minDurationMin,
          enabled: v.enabled ? 1 : 0,
          description: v.description,
          update_time: v.updateTime,
          ...(reevaluate ? { evaluated_to: 0 } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
    async removeRule(id: number): Promise<void> {
      await t.transaction().execute(async (trx) => {
        await trx.deleteFrom('abnormal_finding').where('rule_id', '=', id).execute();
        await trx.deleteFrom('abnormal_rule').where('id', '=', id).execute();
      });
    },
    async setEvaluatedTo(id: number, to: number): Promise<void> {
      await t.updateTable('abnormal_rule').set({ evaluated_to: to }).where('id', '=', id).where('evaluated_to', '<', to).execute();
    },

    /**
     * The 15-min rollups of the counters in [from, to), per `${deviceId}:${dataId}` in time order: one
     * set-based statement for every (device, counter) pair asked (rows of other pairs the IN lists let
     * through are dropped), each row made an interval at once.
     */
    async rollups(pairs: readonly { deviceId: number; dataId: number }[], from: number, to: number): Promise<Map<string, EnergyInterval[]>> {
      const out = new Map<string, EnergyInterval[]>();
      if (pairs.length === 0 || to <= from) return out;
      for (const p of pairs) out.set(`${p.deviceId}:${p.dataId}`, []);
      const devices = [...new Set(pairs.map((p) => p.deviceId))];
      const dataIds = [...new Set(pairs.map((p) => p.dataId))];
      const rows = await db
        .selectFrom(rollup15Rows(kind, from, to).as('rollup_15m'))
        .select(['device_id', 'data_id', 'bucket_start', 'value', 'quality'])
        .where('device_id', 'in', devices)
        .where('data_id', 'in', dataIds)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .execute();
      let key = '';
      let list: EnergyInterval[] | undefined;
      let sorted = true;
      for (const r of rows) {
        const k = `${r.device_id}:${r.data_id}`;
        if (k !== key) {
          key = k;
          list = out.get(k);
        }
        if (!list) continue;
        const start = Number(r.bucket_start);
        if (list.length > 0 && (list[list.length - 1] as EnergyInterval).start > start) sorted = false;
        list.push({ start, kwh: r.value === null ? null : Number(r.value), status: Number(r.quality) });
      }
      if (!sorted) for (const l of out.values()) l.sort((a, b) => a.start - b.start);
      return out;
    },

    /**
     * Hourly means of an instantaneous data point over the devices (the weather station's outdoor
     * temperature), readings in [from, to), hours counted from `from` (a whole hour).
     */
    async hourlyMeans(deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<{ start: number; c: number }[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const k = sql<number | string>`(ts - cast(${from} as bigint)) / cast(${3_600_000} as bigint)`;
      const rows = await db
        .selectFrom(readingRows(kind, from, to).as('reading'))
        .select([k.as('k'), (eb) => eb.fn.avg<number | string>('value').as('v')])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .where('value', 'is not', null)
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
      return rows.map((r) => ({ start: from + Number(r.k) * 3_600_000, c: Number(r.v) }));
    },

    /** Stored findings of a rule on its meters whose span reaches `from` or later and starts before `to`. */
    async findingsOfRule(ruleId: number, from: number, to: number): Promise<FindingRow[]> {
      const rows = await t.selectFrom('abnormal_finding').selectAll().where('rule_id', '=', ruleId).where('end_time', '>=', from).where('start_time', '<', to).orderBy('start_time').execute();
      return rows.map((r) => toFinding(r as unknown as Record<string, unknown>));
    },
    async finding(id: number): Promise<FindingRow | undefined> {
      const r = await t.selectFrom('abnormal_finding').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toFinding(r as unknown as Record<string, unknown>) : undefined;
    },
    /** Findings of projects overlapping [from, to), newest first, with the filters. */
    async findings(f: { projectIds: readonly number[]; ruleId?: number; meterId?: number; status?: string; kind?: string; from: number; to: number; offset?: number; limit?: number }): Promise<{ rows: FindingRow[]; total: number }> {
      if (f.projectIds.length === 0) return { rows: [], total: 0 };
      let q = t.selectFrom('abnormal_finding as f').where('f.project_id', 'in', [...f.projectIds]).where('f.start_time', '<', f.to).where('f.end_time', '>', f.from);
      if (f.ruleId !== undefined) q = q.where('f.rule_id', '=', f.ruleId);
      if (f.meterId !== undefined) q = q.where('f.meter_id', '=', f.meterId);
      if (f.status !== undefined) q = q.where('f.status', '=', f.status);
      if (f.kind !== undefined) q = q.where('f.rule_id', 'in', t.selectFrom('abnormal_rule').select('id').where('kind', '=', f.kind));
      const total = await q.select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirst();
      let rq = q.selectAll('f').orderBy('f.start_time', 'desc').orderBy('f.id', 'desc');
      if (f.limit !== undefined) rq = rq.limit(f.limit).offset(f.offset ?? 0);
      const rows = await rq.execute();
      return { rows: rows.map((r) => toFinding(r as unknown as Record<string, unknown>)), total: Number(total?.n ?? 0) };
    },

    /** Inserts a finding; undefined when one with its key (rule, meter, start) is there already. */
    async insertFinding(v: FindingValues, now: number): Promise<number | undefined> {
      const r = await t
        .insertInto('abnormal_finding')
        .values({
          project_id: v.projectId,
          rule_id: v.ruleId,
          meter_id: v.meterId,
          start_time: v.start,
          end_time: v.end,
          level: v.level,
          actual: v.actual,
          expected: v.expected,
          excess: v.excess,
          fen: v.fen,
          status: 'open',
          event_id: null,
          status_user: null,
          status_time: null,
          detect_time: now,
        })
        .onConflict((oc) => oc.columns(['rule_id', 'meter_id', 'start_time']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return r ? Number(r.id) : undefined;
    },
    async updateFinding(id: number, v: Pick<FindingValues, 'end' | 'level' | 'actual' | 'expected' | 'excess' | 'fen'>): Promise<void> {
      await t.updateTable('abnormal_finding').set({ end_time: v.end, level: v.level, actual: v.actual, expected: v.expected, excess: v.excess, fen: v.fen }).where('id', '=', id).execute();
    },
    async linkEvent(findingId: number, eventId: number): Promise<void> {
      await t.updateTable('abnormal_finding').set({ event_id: eventId }).where('id', '=', findingId).execute();
    },
    async setStatus(id: number, status: string, user: string, time: number): Promise<void> {
      await t.updateTable('abnormal_finding').set({ status, status_user: user, status_time: time }).where('id', '=', id).execute();
    },

    /**
     * Whether the event history (the demo's replay of its seeded past, modules/event history.ts) is still
     * running for the project: unfinished and moved on within the last hour.
     */
    async historyRunning(projectId: number, now: number): Promise<boolean> {
      const r = await t.selectFrom('event_history').select(['finished_at', 'updated_at']).where('project_id', '=', projectId).executeTakeFirst();
      return r !== undefined && r.finished_at === null && now - Number(r.updated_at) < 3_600_000;
    },

    /** A night-use algorithm's 703 event on the meter overlapping [start, end), if any (the finding's waste joins it). */
    async nightUseEvent(projectId: number, meterId: number, start: number, end: number): Promise<number | undefined> {
      const r = await t
        .selectFrom('event')
        .select('id')
        .where('project_id', '=', projectId)
        .where('device_id', '=', meterId)
        .where('log_type', '=', 703)
        .where('algorithm_id', 'is not', null)
        .where('start_time', '<', end)
        .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', start)]))
        .orderBy('start_time')
        .executeTakeFirst();
      return r ? Number(r.id) : undefined;
    },
    /** Inserts a finished event (a finding's 703); its id. */
    async insertEvent(v: NewEvent): Promise<number> {
      const r = await t
        .insertInto('event')
        .values(v)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },
    /** The event's waste: the sum of its findings'. */
    async refreshEventWaste(eventId: number): Promise<void> {
      const s = await t
        .selectFrom('abnormal_finding')
        .select([sql<number>`sum(excess)`.as('x'), sql<number | null>`sum(fen)`.as('f'), sql<number>`max(end_time)`.as('e')])
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      await t
        .updateTable('event')
        .set({ waste_amount: num(s?.x), waste_fen: num(s?.f) })
        .where('id', '=', eventId)
        .execute();
    },
    /** A finding's own event follows it as it grows: end, excess, level and text (an event joined to a night-use algorithm's keeps that algorithm's). */
    async setEventSpan(eventId: number, v: { end: number; value: number; level: number; message: { zh: string; en: string } }): Promise<void> {
      await t
        .updateTable('event')
        .set({ end_time: v.end, value: v.value, level: v.level, message_zh: v.message.zh.slice(0, 1000), message_en: v.message.en.slice(0, 1000) })
        .where('id', '=', eventId)
        .where('algorithm_id', 'is', null)
        .execute();
    },
  };
}

export type AbnormalRepository = ReturnType<typeof abnormalRepository>;
