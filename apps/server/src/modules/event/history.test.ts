import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, EVENT_API, LOG_TYPE, SIM_API, type EventRecord, type SimStatus } from '@ems/contract';
import { at } from '../../test/fixtures.js';
import { insertNode, loginAs, startSimulated, STORES, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import { createEventEngine } from './engine.js';
import type { StoredNotification } from '../message/notifier.js';
import { ProjectHistory, replayHistory, type HistoryWindow } from './history.js';
import type { EventTables } from './tables.js';

/** Wednesday 2026-07-15 15:00 Asia/Shanghai, a working afternoon; 23 days of seeded history before it. */
const NOW = at(2026, 7, 15, 15);
const DAY = 86_400_000;

/**
 * Issue 11 defect 6: the seeded history is evaluated by the same rule engine, in time order, after the
 * seed; resumable without duplicates; without notifications; the planted 21-day night leak is one event.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`the seeded history's events (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let windows: HistoryWindow[];
    let admin: Record<string, string>;
    const notes: StoredNotification[] = [];
    let code: Map<number, string>;

    const db = () => t.app.ems.db.withTables<EventTables>();
    const historyEvents = async () =>
      (await db().selectFrom('event').selectAll().orderBy('id').execute()).map((e) => ({
        project: Number(e.project_id),
        logType: Number(e.log_type),
        node: code.get(Number(e.node_id)),
        start: Number(e.start_time),
        end: e.end_time === null ? null : Number(e.end_time),
        value: e.value === null ? null : Number(e.value),
        key: e.active_key,
      }));
    /** history runs on a fresh progress: its events and progress removed (the live engine's, if any, kept) */
    const reset = async (keepLive: boolean) => {
      if (!keepLive) await db().deleteFrom('event').execute();
      await db().deleteFrom('event_history').execute();
    };

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 23, instantDays: 1 }));
      const sim = await t.app.ems.db.selectFrom('sim_state' as never).select(['project_id', 'anchor', 'planned_now'] as never[]).execute();
      windows = (sim as unknown as { project_id: number; anchor: number; planned_now: number }[]).map((r) => ({ projectId: Number(r.project_id), from: Number(r.anchor), to: Number(r.planned_now) }));
      const nodes = await t.app.ems.db.selectFrom('node').select(['id', 'code']).execute();
      code = new Map(nodes.map((n) => [Number(n.id), n.code ?? '']));
      t.app.ems.notifier.subscribe((n) => notes.push(n));
      admin = { ...(await loginAs(t.app, store.clock, 'fw_cloud')).headers, projectid: '1' };
      // the live engine's timer off (it starts with the first request): these tests run its checks by hand
      await t.app.events.close();
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('readings the live engine judged inside the window (a buffered upload with past times) are not judged again by the history: one event, not two', async () => {
      // first in this file: no history has run in this process yet, as when the server has just started
      const ems = t.app.ems;
      const root = await db().selectFrom('node').select('id').where('project_id', '=', 1).where('parent_id', 'is', null).executeTakeFirstOrThrow();
      const meter = await insertNode(t.app, { projectId: 1, parentId: Number(root.id), label: 'meter', name: 'late meter' });
      const saved = await t.app.inject({
        method: 'POST',
        url: EVENT_API.ruleSave,
        headers: { ...(await loginAs(t.app, store.clock, 'pf_admin')).headers, projectid: '1' },
        payload: { name: 'late meter over 1000 kW', nodeId: meter, modelLabel: 'meter', conditions: [{ dataId: DATA_ID.activePower, operator: 1, limit: 1000 }], combinator: 1, minDurationSec: 0, hysteresis: 10, level: 2, enabled: true },
      });
      expect(saved.json().msg).toBe('成功');
      const ruleId = Number(saved.json().data.id);
      const live = createEventEngine(ems);
      try {
        const t0 = windows[0]!.to - 3 * 3_600_000;
        await writeReadings(
          t.app,
          1,
          Array.from({ length: 30 }, (_, i) => ({ deviceId: meter, dataId: DATA_ID.activePower, ts: t0 + i * 60_000, value: i >= 10 && i < 15 ? 1500 : 500 })),
        );
        await live.idle();
        await replayHistory(ems, windows.filter((w) => w.projectId === 1));
        const raised = await db().selectFrom('event').select(['start_time', 'active_key']).where('rule_id', '=', ruleId).execute();
        expect(raised.map((e) => Number(e.start_time))).toEqual([t0 + 10 * 60_000]);
      } finally {
        await live.close();
        await db().deleteFrom('event_rule').where('id', '=', ruleId).execute();
        await db().deleteFrom('node').where('id', '=', meter).execute();
      }
    }, 240_000);

    it('steps through the history a day at a time in time order: after each step nothing starts at or after where it got to', async () => {
      await reset(false);
      const w = windows.find((x) => x.projectId === 1) as HistoryWindow;
      const p = new ProjectHistory(t.app.ems, { ...w });
      await p.prepare();
      const reached: number[] = [];
      while (await p.step()) {
        const doneTo = p.doneTo as number;
        reached.push(doneTo);
        const later = await db().selectFrom('event').select('id').where('start_time', '>=', doneTo).execute();
        expect(later, `events after ${new Date(doneTo).toISOString()}`).toEqual([]);
      }
      expect(reached).toEqual([...reached].sort((a, b) => a - b));
      expect(reached.length).toBeGreaterThanOrEqual(23);
      expect(reached.at(-1)).toBe(w.to);
      // the history is stored as such: every day done, then finished
      const row = await db().selectFrom('event_history').selectAll().where('project_id', '=', 1).executeTakeFirstOrThrow();
      expect([Number(row.done_to), row.finished_at !== null]).toEqual([w.to, true]);
    }, 240_000);

    it('the planted 21-day night leak is one event from its first night, not one a night; history raises no notification', async () => {
      await reset(false);
      const before = notes.length;
      const run = replayHistory(t.app.ems, windows);
      const status = async () => (await t.app.inject({ method: 'GET', url: SIM_API.status })).json<{ data: SimStatus }>().data.events;
      expect((await status())?.state).toBe('running');
      await run;
      expect(await status()).toEqual({ state: 'done', progress: 100 });
      expect(notes.length - before).toBe(0);
      const leak = (await historyEvents()).filter((e) => e.node === 'W-TOILET');
      expect(leak.map((e) => e.logType)).toEqual([LOG_TYPE.abnormal]);
      // the leak starts at local midnight 21 days before the seed's "now": its first night
      expect(leak[0]?.start).toBe(at(2026, 6, 24));
      expect(leak[0]?.value).toBeGreaterThan(1);
      // and the pages list it, with its unit per hour
      const listed = await t.app.inject({ method: 'POST', url: EVENT_API.query, headers: admin, payload: { startTime: NOW - 30 * DAY, endTime: NOW + DAY, logTypes: [703] } });
      const list = (listed.json() as { data: EventRecord[] }).data;
      expect(list.map((e) => [e.nodeName, e.unit, e.quantity])).toEqual([['1#厂房卫生间用水', 'm3/h', 'nightUse']]);
    }, 240_000);

    it('events over the whole history, not only since start-up: the demand against the tariff’s 2000 kW on working days weeks back, and the meter gap two days back', async () => {
      const all = await historyEvents();
      const demand = all.filter((e) => e.logType === LOG_TYPE.demandOverLimit && e.node === 'E-HV');
      expect(demand.some((e) => e.start < NOW - 14 * DAY)).toBe(true);
      const gap = all.filter((e) => e.logType === LOG_TYPE.deviceOffline && e.node === 'E-INJ');
      // the planted gap 02:00–08:00 two days back: offline 10 min after its last reading, back at 08:00
      expect(gap.map((e) => [e.start, e.end])).toEqual([[at(2026, 7, 13, 2, 10), at(2026, 7, 13, 8)]]);
    });

    it('resumes after a restart where it stopped, with the same events and none twice', async () => {
      const whole = await historyEvents();
      await reset(false);
      const w = windows.find((x) => x.projectId === 1) as HistoryWindow;
      // the first run stops after 9 days (a restart): the next one starts afresh from the store
      const first = new ProjectHistory(t.app.ems, { ...w });
      await first.prepare();
      for (let i = 0; i < 9; i++) await first.step();
      const second = new ProjectHistory(t.app.ems, { ...w });
      await second.prepare();
      expect(second.doneTo).toBe(first.doneTo);
      while (await second.step());
      // a later start finds the history finished and adds nothing
      await replayHistory(t.app.ems, windows.filter((x) => x.projectId === 1));
      const strip = (list: typeof whole) => list.filter((e) => e.project === 1).map(({ key: _key, ...e }) => e);
      expect(strip(await historyEvents())).toEqual(strip(whole));
    }, 240_000);

    it('a condition open at the hand-over that the live engine raised too is one event: the live one, notified once, with the history’s start', async () => {
      await reset(false);
      // the live engine judges the last night first (as at start-up, before the history is in)
      const before = notes.length;
      await t.app.events.checkNow();
      expect(notes.slice(before).filter((n) => n.logType === LOG_TYPE.abnormal)).toHaveLength(1);
      await replayHistory(t.app.ems, windows);
      const leak = (await historyEvents()).filter((e) => e.node === 'W-TOILET');
      expect(leak.map((e) => [e.start, e.end, e.key?.startsWith('hist:') ?? false])).toEqual([[at(2026, 6, 24), null, false]]);
      expect(notes.slice(before).filter((n) => n.logType === LOG_TYPE.abnormal)).toHaveLength(1);
    }, 240_000);

    it("one project's failure never stops another's: the broken one records its error, the other finishes", async () => {
      await reset(false);
      await db().updateTable('event_rule').set({ conditions: 'not json' }).where('project_id', '=', 2).execute();
      const logged: string[] = [];
      await replayHistory(t.app.ems, windows, (m) => logged.push(m));
      const rows = await db().selectFrom('event_history').selectAll().orderBy('project_id').execute();
      expect(rows.map((r) => [Number(r.project_id), r.finished_at !== null, r.error !== null])).toEqual([
        [1, true, false],
        [2, false, true],
      ]);
      expect(logged.some((m) => m.includes('project 2'))).toBe(true);
    }, 240_000);
  });
}
