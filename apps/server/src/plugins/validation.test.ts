// Issue 12, findings 6, 7 and 8: what the probe sent, refused with 400 naming the field, and nothing changed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ENVIRONMENT_API, EVENT_API, INGEST_API, MESSAGE_API, MODEL_API, MODEL_QUERY_MAX_VALUES, type GatewayInfo, type GatewayWithKey, type HazardSource } from '@ems/contract';
import { hotRule } from '../test/fixtures.js';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../test/helpers.js';

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`request validation (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      json<T>(await t.app.inject({ method, url, headers: { ...admin, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) }));
    const count = async (table: 'event_rule' | 'event_algorithm' | 'hazard_source') => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.ems.db)).rows[0]?.n);

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store, { sim: false });
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
    });
    afterAll(async () => {
      await t.app.close();
      await store.dispose();
    });

    describe('JSON bodies are not coerced (query strings are)', () => {
      it('a gateway is not disabled by {"enabled": null} or "false"', async () => {
        const created = await call<GatewayWithKey>('POST', INGEST_API.gateways, { projectId: 1, name: 'probe gateway' });
        const id = created.data.gateway.id;
        for (const enabled of [null, 'false', 0]) {
          const r = await call('PUT', `${INGEST_API.gateways}/${id}`, { enabled });
          expect([r.status, r.msg]).toEqual([400, expect.stringContaining('enabled')]);
        }
        // the query string's projectId is still text turned into a number
        const list = await call<GatewayInfo[]>('GET', `${INGEST_API.gateways}?projectId=1`);
        expect(list.data.find((g) => g.id === id)?.enabled).toBe(true);
      });

      it('"1" and true are not the id 1 of a rule or an algorithm', async () => {
        const rules = await count('event_rule');
        const algorithms = await count('event_algorithm');
        for (const url of [EVENT_API.ruleDelete, EVENT_API.algorithmDelete]) {
          for (const ids of [['1'], [true], [1.5]]) {
            const r = await call('DELETE', url, { ids });
            expect([r.status, r.msg]).toEqual([400, expect.stringContaining('ids.0')]);
          }
        }
        expect([await count('event_rule'), await count('event_algorithm')]).toEqual([rules, algorithms]);
        expect((await call('GET', `${EVENT_API.ruleDetail}?id=1`)).status).toBe(200);
      });
    });

    describe('numbers out of range', () => {
      const huge = { index: 1e308, limit: 10 };
      it.each([
        [MODEL_API.query, { rootLabel: 'meter', rootCondition: { page: huge } }, 'rootCondition.page.index'],
        [MESSAGE_API.log, { noticeMode: 4, page: huge }, 'page.index'],
        [MESSAGE_API.messageCentre, { startTime: 0, endTime: 1, page: huge }, 'page.index'],
        [EVENT_API.query, { startTime: 0, endTime: 1, page: huge }, 'page.index'],
        [EVENT_API.ruleList, { page: huge }, 'page.index'],
        [EVENT_API.algorithmList, { page: huge }, 'page.index'],
      ])('a page index of 1e308 on %s: 400 naming it', async (url, body, field) => {
        const r = await call('POST', url, body);
        expect([r.status, r.msg]).toEqual([400, expect.stringContaining(field)]);
      });

      it.each([1e308, -1e308, 2 ** 53 + 2, -1, 4102444800001])('convertTime at %s: 400 naming time', async (time) => {
        const r = await call('POST', MESSAGE_API.convertTime, { cycles: [12], projectId: 1, time });
        expect([r.status, r.msg]).toEqual([400, expect.stringContaining('time')]);
      });

      it(`the model query takes ${MODEL_QUERY_MAX_VALUES} filter values in all, and names the expression past them`, async () => {
        const inList = (n: number, from = 0) => ({ prop: 'id', operator: 'IN', limit: Array.from({ length: n }, (_, i) => from + i + 1) });
        const bomb = await call('POST', MODEL_API.query, { rootLabel: 'meter', rootCondition: { filter: { expressions: Array.from({ length: 50 }, (_, i) => inList(1000, i * 1000)) } } });
        expect([bomb.status, bomb.msg]).toEqual([400, expect.stringContaining('rootCondition.filter.expressions.0.limit')]);
        const split = { rootLabel: 'project', treeReturnEnable: true, rootCondition: { filter: { expressions: [inList(600)] } }, subLayerConditions: [{ modelLabel: 'building', filter: { expressions: [inList(300), inList(1)] } }] };
        const past = await call('POST', MODEL_API.query, split);
        expect([past.status, past.msg]).toEqual([400, expect.stringContaining('subLayerConditions.0.filter.expressions.1.limit')]);
        split.subLayerConditions[0]!.filter.expressions.pop();
        expect((await call('POST', MODEL_API.query, split)).status).toBe(200);
      });
    });

    describe('bad characters and unknown fields', () => {
      const hazardInput = (name: string) => ({ projectId: 1, name, grade: 3, nodeId: null, modelLabel: null, location: 'R1 north', responsible: 'Li Lei', phone: '0512-66881234', sensorIds: [], note: '' });
      it.each([
        ['a NUL', 'paint\u0000store'],
        ['a lone high surrogate', 'paint\ud800store'],
        ['a lone low surrogate', '\udc00'],
      ])('a hazard or rule name holding %s: 400 naming it, nothing stored', async (_what, name) => {
        const hazards = await count('hazard_source');
        const rules = await count('event_rule');
        const sensor = await t.app.ems.db.selectFrom('node').select('id').where('model_label', '=', 'envsensor').where('project_id', '=', 1).executeTakeFirstOrThrow();
        const hazardReply = await call('POST', ENVIRONMENT_API.createHazard, hazardInput(name));
        expect([hazardReply.status, hazardReply.msg]).toEqual([400, 'invalid field name: must not contain a NUL character or an unpaired surrogate']);
        const rule = await call('POST', EVENT_API.ruleSave, hotRule(Number(sensor.id), { name }));
        expect([rule.status, rule.msg]).toEqual([400, expect.stringContaining('name')]);
        expect([await count('hazard_source'), await count('event_rule')]).toEqual([hazards, rules]);
        const valid = await call<HazardSource>('POST', ENVIRONMENT_API.createHazard, hazardInput('paint store 😀'));
        expect(valid.status).toBe(200);
        expect((await call('DELETE', `${ENVIRONMENT_API.removeHazard.replace(':id', '')}${valid.data.id}`)).status).toBe(200);
      });

      it('the model query refuses an unknown field, at the top or deeper', async () => {
        for (const [body, field] of [
          [{ rootLabel: 'meter', rootlabel: 'x' }, 'rootlabel'],
          [{ rootLabel: 'meter', rootCondition: { pages: { index: 0, limit: 1 } } }, 'rootCondition.pages'],
          [{ rootLabel: 'meter', rootCondition: { filter: { expressions: [{ prop: 'id', operator: 'EQ', limit: 1, value: 2 }] } } }, 'rootCondition.filter.expressions.0.value'],
        ] as const) {
          const r = await call('POST', MODEL_API.query, body);
          expect([r.status, r.msg]).toEqual([400, `invalid field ${field}: unknown field`]);
        }
      });

      it('a path that is not UTF-8 or too long: 400 in the envelope', async () => {
        for (const url of [`${API.projects}/%ED%A0%80`, `${API.projects}/${'9'.repeat(3000)}`]) {
          const r = await call('PUT', url, {});
          expect([r.status, r.code, r.msg]).toEqual([400, 400, expect.stringContaining('invalid field path')]);
        }
      });
    });
  });
}
