import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { SOCKET_CLOSE } from '@ems/contract';
import { buildApp } from '../../app.js';
import { STORES, createStore, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { note, openTestSocket, ticketFor, type TestSocket } from './test-socket.js';

/** Redis for the scale-out suite: EMS_TEST_REDIS_URL when it answers (else skipped, or failed with EMS_REQUIRE_SERVICES=1). */
async function redisTestUrl(): Promise<string | undefined> {
  const url = process.env.EMS_TEST_REDIS_URL;
  const required = process.env.EMS_REQUIRE_SERVICES === '1';
  if (!url) {
    if (required) throw new Error('EMS_REQUIRE_SERVICES=1 but EMS_TEST_REDIS_URL is not set');
    return undefined;
  }
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return url;
  } catch (err) {
    if (required) throw new Error(`Redis at ${url} is unreachable: ${(err as Error).message}`);
    return undefined;
  } finally {
    r.disconnect();
  }
}

const REDIS_URL = await redisTestUrl();

for (const { kind, skip } of STORES) {
  describe.skipIf(skip || REDIS_URL === undefined)(`live channel over Redis, two instances (${kind})`, () => {
    let store: TestStore;
    let a: TestApp;
    let b: TestApp['app'];
    const sockets: TestSocket[] = [];
    let nodeId: number;
    let label: string;

    beforeAll(async () => {
      store = await createStore(kind);
      const services = { redisUrl: REDIS_URL, mqttUrl: undefined, mqttPort: 1883 };
      a = await startApp(store, { services });
      b = await buildApp(store.config({ services }), { logger: false });
      await a.app.listen({ port: 0, host: '127.0.0.1' });
      await b.listen({ port: 0, host: '127.0.0.1' });
      const n = await a.app.ems.db.selectFrom('node').select(['id', 'model_label']).where('project_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
      nodeId = Number(n.id);
      label = n.model_label;
    });

    afterAll(async () => {
      for (const s of sockets) s.ws.terminate();
      await b?.close();
      await a?.app.close();
      await store?.dispose();
    });

    it('a notification raised on instance A reaches a socket held by B, once; a ticket from A opens a socket on B', async () => {
      const plant = await loginAs(a.app, store.clock, 'fw_plant');
      // the ticket is issued by A and used on B (tickets live in Redis)
      const onB = openTestSocket(b, plant.userId, { ticket: await ticketFor(a.app, plant.headers) });
      const onA = openTestSocket(a.app, plant.userId, { ticket: await ticketFor(b, plant.headers) });
      sockets.push(onB, onA);
      await Promise.all([onB.heartbeat(), onA.heartbeat()]);
      const first = await a.app.ems.notifier.notify(note(1, nodeId, label));
      const second = await a.app.ems.notifier.notify(note(1, nodeId, label));
      for (const s of [onA, onB]) {
        await s.waitFor((m) => m.id === second.id);
        expect(s.messages.filter((m) => m.id === first.id)).toHaveLength(1);
        expect(s.messages.filter((m) => m.id === second.id)).toHaveLength(1);
      }
      // and the other way round
      const fromB = await b.ems.notifier.notify(note(1, nodeId, label));
      await onA.waitFor((m) => m.id === fromB.id);
      const project2 = await a.app.ems.db.selectFrom('node').select(['id', 'model_label']).where('project_id', '=', 2).executeTakeFirstOrThrow();
      const hidden = await a.app.ems.notifier.notify(note(2, Number(project2.id), project2.model_label));
      const after = await a.app.ems.notifier.notify(note(1, nodeId, label));
      await onB.waitFor((m) => m.id === after.id);
      expect(onB.messages.some((m) => m.id === hidden.id)).toBe(false);
    });

    it('a used ticket is refused by the other instance; logout on A closes the socket on B', async () => {
      const plant = await loginAs(a.app, store.clock, 'fw_plant');
      const ticket = await ticketFor(a.app, plant.headers);
      const first = openTestSocket(a.app, plant.userId, { ticket });
      sockets.push(first);
      await first.heartbeat();
      expect((await openTestSocket(b, plant.userId, { ticket }).closed).code).toBe(SOCKET_CLOSE.unauthorized);
      const onB = openTestSocket(b, plant.userId, { ticket: await ticketFor(a.app, plant.headers) });
      sockets.push(onB);
      await onB.heartbeat();
      await a.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: plant.headers });
      expect((await onB.closed).code).toBe(SOCKET_CLOSE.sessionEnded);
      expect((await first.closed).code).toBe(SOCKET_CLOSE.sessionEnded);
    });
  });
}
