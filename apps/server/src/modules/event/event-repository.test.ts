import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../sim/random.js';
import { createStore, startApp, STORES, type TestApp, type TestStore } from '../../test/helpers.js';
import { eventRepository, PIECE_EVENTS, type EventFilter, type NewEvent } from './event-repository.js';
import type { EventTables } from './tables.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);
/** Events over 200 days in two projects: more than two pieces' worth in project 1, with ties, active and long ones. */
const COUNT = Math.round(PIECE_EVENTS * 2.6);

function events(): NewEvent[] {
  // deterministic, so a failure is reproducible
  const r = mulberry32(7);
  return Array.from({ length: COUNT }, (_, i) => {
    // a tenth share a start time with the one before (ties at piece edges), some go on for days, some are active
    const start = i % 10 === 0 ? NOW - 50 * DAY : NOW - Math.floor(r() * 200) * DAY - Math.floor(r() * 96) * 900_000;
    const active = r() < 0.01;
    const long = r() < 0.05;
    return {
      project_id: r() < 0.2 ? 2 : 1,
      log_type: [702, 703, 801, 804][Math.floor(r() * 4)] as number,
      event_class: 2,
      level: 1 + Math.floor(r() * 3),
      status: active ? 0 : 1,
      confirm_state: r() < 0.5 ? 1 : 3,
      node_id: 1,
      model_label: 'meter',
      start_time: start,
      end_time: active ? null : start + (long ? 20 * DAY : 30 * 60_000),
      active_key: active ? `t:${i}` : null,
      message_zh: `事件 ${i % 7 === 0 ? '甲' : '乙'}`,
      message_en: `event ${i}`,
    };
  });
}

/**
 * The event query in pieces (issue 12) answers what one statement over the whole range answers: the
 * same rows in the same order, page by page, and the same total, for ranges that cut through pieces,
 * carry events in from before, and filters.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`event query in pieces (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      await t.app.events.close();
      const db = t.app.ems.db.withTables<EventTables>();
      await db.deleteFrom('event').execute();
      const all = events();
      for (let i = 0; i < all.length; i += 500) await db.insertInto('event').values(all.slice(i, i + 500)).execute();
    }, 120_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    /** The reference: every matching event in one statement, ordered as the page. */
    async function reference(f: EventFilter): Promise<number[]> {
      let q = t.app.ems.db
        .withTables<EventTables>()
        .selectFrom('event as e')
        .select('e.id')
        .where('e.project_id', 'in', [...f.projectIds])
        .where('e.start_time', '<', f.endTime)
        .where((w) => w.or([w('e.end_time', 'is', null), w('e.end_time', '>=', f.startTime)]));
      if (f.logTypes) q = q.where('e.log_type', 'in', [...f.logTypes]);
      if (f.confirmState !== undefined) q = q.where('e.confirm_state', '=', f.confirmState);
      if (f.keyword) q = q.where('e.message_zh', 'like', `%${f.keyword}%`);
      return (await q.orderBy('e.start_time', 'desc').orderBy('e.id', 'desc').execute()).map((e) => Number(e.id));
    }

    const filters: [string, EventFilter][] = [
      ['the whole history of both projects', { projectIds: [1, 2], startTime: 0, endTime: NOW + DAY }],
      ['a project by its node', { projectIds: [1, 2], startTime: NOW - 120 * DAY, endTime: NOW - 30 * DAY, nodeId: 1, modelLabel: 'project' }],
      ['the last week: long and active events carried in', { projectIds: [1], startTime: NOW - 7 * DAY, endTime: NOW }],
      ['log types, confirmation and keyword', { projectIds: [1, 2], startTime: NOW - 150 * DAY, endTime: NOW, logTypes: [702, 804], confirmState: 1, keyword: '甲' }],
    ];

    for (const [name, f] of filters) {
      it(`${name}: every page and the total as one statement answers`, async () => {
        const want = await reference(f.nodeId !== undefined ? { ...f, projectIds: [f.nodeId] } : f);
        expect(want.length).toBeGreaterThan(0);
        const repo = eventRepository(t.app.ems.db);
        const limit = 997;
        for (let index = 0; index * limit < want.length + limit; index++) {
          const { rows, total } = await repo.query(f, index, limit);
          expect(total).toBe(want.length);
          expect(rows.map((r) => Number(r.id))).toEqual(want.slice(index * limit, (index + 1) * limit));
        }
        // the export's keyset pieces give the same order
        const read: number[] = [];
        for (let last: { startTime: number; id: number } | undefined; ; ) {
          const rows = await repo.piece(f, 1234, last);
          read.push(...rows.map((r) => Number(r.id)));
          if (rows.length < 1234) break;
          const end = rows[rows.length - 1] as (typeof rows)[number];
          last = { startTime: Number(end.start_time), id: Number(end.id) };
        }
        expect(read).toEqual(want);
      }, 120_000);
    }
  });
}
