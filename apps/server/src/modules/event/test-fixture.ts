import type { NotificationDescription } from '@ems/contract';
import { createStore, json, startApp, type TestApp, type TestStore, type StoreKind } from '../../test/helpers.js';
import type { StoredNotification } from '../message/notifier.js';
import { writeBatch, type ReadingInput } from '../timeseries/service.js';

export const MIN = 60_000;
/** Pinned clock: Tuesday 2025-03-11 12:00 Asia/Shanghai (10 days into the month). */
export const NOW = Date.UTC(2025, 2, 11, 4);

/** A store, an app on it, helpers to add nodes, post readings (and wait for the engine) and call the API. */
export async function eventFixture(kind: StoreKind) {
  const store: TestStore = await createStore(kind);
  store.clock.now = NOW;
  const t: TestApp = await startApp(store);
  // the demo plant's seeded rules watch every device of the demo projects: these tests plant their own
  const cfg = t.app.ems.db.withTables<{ event_rule: { id: number }; event_algorithm: { id: number } }>();
  await cfg.deleteFrom('event_rule').execute();
  await cfg.deleteFrom('event_algorithm').execute();
  const notes: StoredNotification[] = [];
  t.app.ems.notifier.subscribe((n) => notes.push(n));
  const node = async (projectId: number, parentId: number | null, label: string, name: string, attrs: Record<string, unknown> = {}) =>
    Number(
      (
        await t.app.ems.db
          .insertInto('node')
          .values({ project_id: projectId, parent_id: parentId, model_label: label, name, attrs: JSON.stringify(attrs), sort: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  /** Writes readings through the write path (clock moved to the newest one if needed) and waits for the engine. */
  const write = async (projectId: number, readings: ReadingInput[]) => {
    const newest = Math.max(...readings.map((r) => r.ts));
    if (newest > store.clock.now) store.clock.now = newest;
    const r = await writeBatch(t.app.ems, projectId, readings);
    if (r.rejected > 0) throw new Error(JSON.stringify(r.errors));
    await t.app.events.idle();
  };
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    json<T>(await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }));
  const eventsOf = async (where: { ruleId?: number; algorithmId?: number }) => {
    let q = t.app.ems.db.withTables<{ event: { id: number; rule_id: number | null; algorithm_id: number | null; log_type: number; status: number; value: number | null; start_time: number; end_time: number | null } }>().selectFrom('event').selectAll();
    if (where.ruleId !== undefined) q = q.where('rule_id', '=', where.ruleId);
    if (where.algorithmId !== undefined) q = q.where('algorithm_id', '=', where.algorithmId);
    const rows = await q.orderBy('id').execute();
    return rows.map((r) => ({ id: Number(r.id), logType: Number(r.log_type), status: Number(r.status), value: r.value === null ? null : Number(r.value), start: Number(r.start_time), end: r.end_time === null ? null : Number(r.end_time) }));
  };
  const description = (n: StoredNotification) => JSON.parse(n.description) as NotificationDescription;
  return {
    store,
    t,
    notes,
    node,
    write,
    call,
    eventsOf,
    description,
    async close() {
      await t.app.close();
      await store.dispose();
    },
  };
}
export type EventFixture = Awaited<ReturnType<typeof eventFixture>>;
