import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { DATA_ID, INGEST_API, type GatewayInfo, type GatewayWithKey, type IngestErrorInfo, type IngestResult } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../test/helpers.js';
import { insertMeter } from '../modules/timeseries/test-nodes.js';
import { readRollups } from '../modules/timeseries/service.js';
import { demoGatewayCredentials } from './service.js';

type Headers = Record<string, string>;
const KWH = DATA_ID.activeEnergyImport;
const T0 = Date.UTC(2025, 5, 1);

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`HTTP batch ingest and gateways (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Headers;
    let plant: Headers;
    let gw: GatewayWithKey;
    let meter: number;
    let meter2: number;

    const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
      t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) }).then((r) => json<T>(r));
    const ingest = (key: string, body: unknown) => call<IngestResult>('POST', INGEST_API.batch, { 'x-gateway-key': key, 'accept-language': 'en-US' }, body);
    const readingCount = async () => Number((await sql<{ n: number }>`select cast(count(*) as integer) as n from reading`.execute(t.app.ems.db)).rows[0]?.n);

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
      admin = { ...(await loginAs(t.app, store.clock, 'pf_admin')).headers, 'accept-language': 'en-US' };
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      meter = await insertMeter(t.app, 1, { ctPt: 10 });
      meter2 = await insertMeter(t.app, 2, {});
      gw = (await call<GatewayWithKey>('POST', INGEST_API.gateways, admin, { projectId: 1, name: '1#网关' })).data;
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('an administrator creates a gateway (key shown once) and lists it without the key; fw_plant cannot', async () => {
      expect(gw.apiKey).toMatch(/^gw_[A-Za-z0-9_-]{32}$/);
      expect(gw.gateway).toMatchObject({ projectId: 1, name: '1#网关', enabled: true, lastSeen: null, mqttUsername: `gw-${gw.gateway.id}` });
      const list = await call<GatewayInfo[]>('GET', `${INGEST_API.gateways}?projectId=1`, admin);
      expect(list.data.map((g) => g.id)).toContain(gw.gateway.id);
      expect(JSON.stringify(list.data)).not.toContain(gw.apiKey);
      expect(await call('GET', `${INGEST_API.gateways}?projectId=1`, plant)).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect(await call('POST', INGEST_API.gateways, plant, { projectId: 1, name: 'x' })).toMatchObject({ status: 404 });
      expect(await call('POST', INGEST_API.gateways, admin, { projectId: 1, name: '' })).toMatchObject({ status: 400 });
    });

    it('a batch is written and rolled up; ts or ISO time; status optional; lastSeen set', async () => {
      const r = await ingest(gw.apiKey, {
        gatewayId: gw.gateway.id,
        readings: [
          { deviceId: meter, dataId: KWH, ts: T0, value: 100 },
          { deviceId: meter, dataId: KWH, time: '2025-06-01T08:15:00+08:00', value: 101.5 },
          { deviceId: meter, dataId: KWH, ts: T0 + 1_800_000, value: 103, status: 0 },
          { deviceId: meter, dataId: DATA_ID.activePower, ts: T0, value: 42 },
        ],
      });
      expect(r).toMatchObject({ status: 200, code: 0, data: { accepted: 4, rejected: 0, errors: [] } });
      const rows = await readRollups(t.app.ems, 1, { deviceIds: [meter], dataId: KWH, grain: '15m', from: 0, to: 4e12 });
      expect(rows.map((x) => x.value)).toEqual([15, 15]);
      const list = await call<GatewayInfo[]>('GET', `${INGEST_API.gateways}?projectId=1`, admin);
      expect(list.data.find((g) => g.id === gw.gateway.id)?.lastSeen).toBe(store.clock.now);
    });

    it('lastSeen is written at most every 5 s per gateway (a fleet sends many messages a second)', async () => {
      const seen = async () => (await call<GatewayInfo[]>('GET', `${INGEST_API.gateways}?projectId=1`, admin)).data.find((g) => g.id === gw.gateway.id)?.lastSeen;
      const send = (k: number) => ingest(gw.apiKey, { readings: [{ deviceId: meter, dataId: DATA_ID.activePower, ts: T0 + k, value: k }] });
      const start = store.clock.now;
      try {
        store.clock.now = start + 10_000;
        await send(1);
        expect(await seen()).toBe(start + 10_000);
        store.clock.now = start + 12_000;
        await send(2);
        expect(await seen()).toBe(start + 10_000);
        store.clock.now = start + 15_000;
        await send(3);
        expect(await seen()).toBe(start + 15_000);
      } finally {
        store.clock.now = start;
      }
    });

    it('no key, a wrong key or a disabled gateway → 401; a rotated key replaces the old one', async () => {
      expect(await call('POST', INGEST_API.batch, {}, { readings: [{}] })).toMatchObject({ status: 401 });
      expect(await ingest('gw_nope', { readings: [{}] })).toMatchObject({ status: 401 });
      const g2 = (await call<GatewayWithKey>('POST', INGEST_API.gateways, admin, { projectId: 1, name: 'rotating' })).data;
      const body = { readings: [{ deviceId: meter, dataId: DATA_ID.activePower, ts: T0 + 1, value: 1 }] };
      expect((await ingest(g2.apiKey, body)).status).toBe(200);
      const rotated = (await call<GatewayWithKey>('POST', `${INGEST_API.gateways}/${g2.gateway.id}/rotate`, admin)).data;
      expect(rotated.apiKey).not.toBe(g2.apiKey);
      expect((await ingest(g2.apiKey, body)).status).toBe(401);
      expect((await ingest(rotated.apiKey, body)).status).toBe(200);
      expect((await call('PUT', `${INGEST_API.gateways}/${g2.gateway.id}`, admin, { enabled: false })).code).toBe(0);
      expect((await ingest(rotated.apiKey, body)).status).toBe(401);
      expect(await call('POST', `${INGEST_API.gateways}/99999/rotate`, admin)).toMatchObject({ status: 404 });
    });

    it('tenancy: a gateway of project 1 cannot write a device of project 2, nor name another gateway', async () => {
      const before = await readingCount();
      const r = await ingest(gw.apiKey, { readings: [{ deviceId: meter2, dataId: KWH, ts: T0, value: 1 }] });
      expect(r.data).toEqual({ accepted: 0, rejected: 1, errors: [{ index: 0, reason: 'unknown_device' }] });
      expect(await ingest(gw.apiKey, { gatewayId: gw.gateway.id + 1000, readings: [{ deviceId: meter, dataId: KWH, ts: T0, value: 1 }] })).toMatchObject({ status: 404 });
      expect(await readingCount()).toBe(before);
      expect(await readRollups(t.app.ems, 2, { deviceIds: [meter2], dataId: KWH, grain: '15m', from: 0, to: 4e12 })).toEqual([]);
    });

    it('bad readings are rejected with their reasons, the rest written; administrators see the errors', async () => {
      const r = await ingest(gw.apiKey, {
        ts: T0 + 3_600_000,
        readings: [
          { deviceId: meter, dataId: KWH, value: 110 },
          { deviceId: meter, dataId: KWH, ts: T0, value: 'x' },
          { deviceId: meter, dataId: 999, ts: T0, value: 1 },
          { deviceId: meter, dataId: KWH, time: 'yesterday at noon', value: 1 },
          'garbage',
          { deviceId: meter, dataId: KWH, ts: T0, value: 1, extra: true },
          { deviceId: meter, dataId: KWH, ts: T0, value: 1, status: 9 },
        ],
      });
      expect(r.data).toEqual({
        accepted: 1,
        rejected: 6,
        errors: [
          { index: 1, reason: 'invalid_reading' },
          { index: 2, reason: 'unknown_data_point' },
          { index: 3, reason: 'bad_time' },
          { index: 4, reason: 'invalid_reading' },
          { index: 5, reason: 'invalid_reading' },
          { index: 6, reason: 'invalid_reading' },
        ],
      });
      const errs = await call<IngestErrorInfo[]>('GET', `${INGEST_API.errors}?projectId=1&page=1&pageSize=10`, admin);
      expect(errs.total).toBeGreaterThanOrEqual(7);
      expect(errs.data[0]).toMatchObject({ gatewayId: gw.gateway.id, receivedAt: store.clock.now });
      expect(errs.data.map((e) => e.reason)).toEqual(expect.arrayContaining(['unknown_data_point', 'bad_time', 'invalid_reading', 'unknown_device']));
      expect(errs.data.every((e) => e.excerpt.length <= 500)).toBe(true);
      expect(await call('GET', `${INGEST_API.errors}?projectId=1`, plant)).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect(await call('GET', `${INGEST_API.errors}?projectId=abc`, admin)).toMatchObject({ status: 400 });
    });

    it('malformed bodies (fast-check): a clear 400, no crash, nothing written, recorded for the gateway', async () => {
      const before = await readingCount();
      const good = { deviceId: meter, dataId: KWH, ts: T0 + 7_200_000, value: 200 };
      const bad = fc.oneof(
        fc.jsonValue().filter((v) => !(v && typeof v === 'object' && !Array.isArray(v) && Array.isArray((v as { readings?: unknown }).readings))),
        fc.record({ readings: fc.constant([]) }),
        fc.record({ readings: fc.constant([good]), gatewayId: fc.oneof(fc.string().map((x) => `g${x}`), fc.constant(-1), fc.constant(1.5), fc.constant([1, 2])) }),
        fc.record({ readings: fc.constant([good]), ts: fc.oneof(fc.string().map((x) => `t${x}`), fc.constant(-5), fc.constant(1.5)) }),
        fc.record({ readings: fc.constant([good]), extra: fc.jsonValue() }),
        fc.record({ readings: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.dictionary(fc.string(), fc.jsonValue())) }),
      );
      await fc.assert(
        fc.asyncProperty(bad, async (body) => {
          const res = await t.app.inject({ method: 'POST', url: INGEST_API.batch, headers: { 'x-gateway-key': gw.apiKey, 'content-type': 'application/json', 'accept-language': 'en-US' }, payload: JSON.stringify(body) ?? 'undefined' });
          const r = json(res);
          expect(res.statusCode, res.body).toBe(400);
          expect(r.code).toBe(400);
          expect(typeof r.msg).toBe('string');
        }),
        { numRuns: 60 },
      );
      for (const raw of ['{"readings": [', 'not json', '[1,2', '']) {
        const res = await t.app.inject({ method: 'POST', url: INGEST_API.batch, headers: { 'x-gateway-key': gw.apiKey, 'content-type': 'application/json' }, payload: raw });
        expect(res.statusCode, raw).toBe(400);
      }
      const tooMany = { readings: Array.from({ length: 5001 }, (_, i) => ({ ...good, ts: T0 + i })) };
      expect((await ingest(gw.apiKey, tooMany)).status).toBe(400);
      expect(await readingCount()).toBe(before);
      const errs = await call<IngestErrorInfo[]>('GET', `${INGEST_API.errors}?projectId=1&pageSize=5`, admin);
      expect(errs.data.map((e) => e.reason)).toEqual(expect.arrayContaining(['malformed_json']));
    });

    it('demo gateways: one per demo project, a stable key that authenticates', async () => {
      const creds = await demoGatewayCredentials(t.app.ems);
      expect(creds.map((c) => c.projectId)).toEqual([1, 2]);
      expect(await demoGatewayCredentials(t.app.ems)).toEqual(creds);
      const r = await ingest(creds[0]?.apiKey ?? '', { readings: [{ deviceId: meter, dataId: DATA_ID.activePower, ts: T0 + 5, value: 3 }] });
      expect(r.data).toMatchObject({ accepted: 1, rejected: 0 });
    });
  });
}
