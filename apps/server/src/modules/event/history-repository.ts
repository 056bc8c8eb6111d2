import type { Db } from '../../db/connect.js';
import type { NewEvent } from './event-repository.js';
import type { EventTables } from './tables.js';

/** The changes one step of the history made to the events: new ones (by temporary id) and changes to stored ones. */
export interface StepChanges {
  /** temporary id (negative) → the new event, already finished or with its worst value when that happened in the step */
  inserts: Map<number, NewEvent>;
  /** stored event id → end time */
  finishes: Map<number, number>;
  /** stored event id → worst value */
  worsts: Map<number, number>;
}

/** Active key prefix of the events the history holds open (never the live engine's). */
export const HISTORY_KEY = 'hist:';

/** All SQL of the history replay: its progress, its open events and the hand-over to the live events. */
export function historyRepository(db: Db) {
  const edb = db.withTables<EventTables>();
  return {
    progress: (projectId: number) => edb.selectFrom('event_history').selectAll().where('project_id', '=', projectId).executeTakeFirst(),

    /** Records a project's window once (a later call for the same project changes nothing). */
    async plan(projectId: number, from: number, to: number, now: number): Promise<void> {
      await edb
        .insertInto('event_history')
        .values({ project_id: projectId, from_ts: from, to_ts: to, done_to: from, state: null, finished_at: null, error: null, updated_at: now })
        .onConflict((oc) => oc.column('project_id').doNothing())
        .execute();
    },

    async setError(projectId: number, error: string | null, now: number): Promise<void> {
      await edb.updateTable('event_history').set({ error: error?.slice(0, 1000) ?? null, updated_at: now }).where('project_id', '=', projectId).execute();
    },

    /**
     * Writes a step's events and its progress in one transaction, so a restart resumes at a step's
     * start with none of its events stored. Returns the stored ids of the new events by temporary id.
     */
    async commitStep(projectId: number, changes: StepChanges, doneTo: number, memory: string, now: number): Promise<Map<number, number>> {
      return db.transaction().execute(async (tx) => {
        const t = tx.withTables<EventTables>();
        // stored events finish first: a condition that cleared and came back in the step opens its key again
        for (const [id, value] of changes.worsts) await t.updateTable('event').set({ value }).where('id', '=', id).execute();
        for (const [id, end] of changes.finishes) await t.updateTable('event').set({ status: 1, end_time: end, active_key: null }).where('id', '=', id).execute();
        const ids = new Map<number, number>();
        for (const [temp, row] of changes.inserts) {
          const r = await t.insertInto('event').values(row).returning('id').executeTakeFirstOrThrow();
          ids.set(temp, Number(r.id));
        }
        await t.updateTable('event_history').set({ done_to: doneTo, state: memory, error: null, updated_at: now }).where('project_id', '=', projectId).execute();
        return ids;
      });
    },

    /** The project's events the history holds open (their keys carry HISTORY_KEY). */
    open: (projectId: number) =>
      edb
        .selectFrom('event')
        .select(['id', 'active_key', 'value', 'start_time', 'rule_id', 'algorithm_id', 'log_type', 'device_id'])
        .where('project_id', '=', projectId)
        .where('active_key', 'like', `${HISTORY_KEY}%`)
        .execute(),

    async finish(id: number, end: number): Promise<void> {
      await edb.updateTable('event').set({ status: 1, end_time: end, active_key: null }).where('id', '=', id).execute();
    },

    /**
     * The first live event of the same condition (rule or algorithm, log type, device) that began in
     * [from, to): the live engine's view of a condition the history saw open at its end.
     */
    liveSuccessor: (projectId: number, e: { rule_id: number | null; algorithm_id: number | null; log_type: number; device_id: number | null }, from: number, to: number) => {
      let q = edb
        .selectFrom('event')
        .select(['id', 'start_time'])
        .where('project_id', '=', projectId)
        .where('log_type', '=', e.log_type)
        .where('start_time', '>=', from)
        .where('start_time', '<', to)
        .where((w) => w.or([w('active_key', 'is', null), w('active_key', 'not like', `${HISTORY_KEY}%`)]));
      q = e.rule_id === null ? q.where('rule_id', 'is', null) : q.where('rule_id', '=', Number(e.rule_id));
      q = e.algorithm_id === null ? q.where('algorithm_id', 'is', null) : q.where('algorithm_id', '=', Number(e.algorithm_id));
      q = e.device_id === null ? q.where('device_id', 'is', null) : q.where('device_id', '=', Number(e.device_id));
      return q.orderBy('start_time').limit(1).executeTakeFirst();
    },

    /** One condition seen by both: the live event (already notified) takes the history's start; the history's copy goes. */
    async merge(historyId: number, liveId: number, start: number, now: number, projectId: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const t = tx.withTables<EventTables>();
        await t.updateTable('event').set({ start_time: start }).where('id', '=', liveId).where('start_time', '>', start).execute();
        // an inspection order raised from the history's copy in the meantime follows the event
        await t.updateTable('event').set({ source_event_id: liveId }).where('source_event_id', '=', historyId).execute();
        await t.deleteFrom('event').where('id', '=', historyId).execute();
        await t.updateTable('event_history').set({ updated_at: now }).where('project_id', '=', projectId).execute();
      });
    },

    async finished(projectId: number, now: number): Promise<void> {
      await edb.updateTable('event_history').set({ finished_at: now, error: null, updated_at: now }).where('project_id', '=', projectId).execute();
    },
  };
}
