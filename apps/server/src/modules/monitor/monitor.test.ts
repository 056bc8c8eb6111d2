import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, MONITOR_API, type MonitorDataPoint, type MonitorDevices } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { writeBatch } from '../timeseries/service.js';
import { limitState } from './service.js';

const MIN = 60_000;
const NOW = Date.UTC(2025, 2, 1, 4);

describe('limitState', () => {
  it.each([
    [520, 500, 0, 'over'],
    [500, 500, 0, 'normal'],
    [40, 65, 45, 'under'],
    [50, null, null, 'normal'],
    [-1, null, 0, 'under'],
  ] as const)('%d against [%s, %s] is %s', (v, up, low, state) => expect(limitState(v, up, low)).toBe(state));
});

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`device monitor (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let plant: Record<string, string>;
    let building: number;
    let a: number;
    let b: number;
    let room: number;

    const node = async (projectId: number, parentId: number | null, label: string, name: string, sort = 0) =>
      Number(
        (
          await t.app.ems.db
            .insertInto('node')
            .values({ project_id: projectId, parent_id: parentId, model_label: label, name, attrs: '{}', sort })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const devices = async (body: object, headers = admin) => json<MonitorDevices>(await t.app.inject({ method: 'POST', url: MONITOR_API.devices, headers, payload: body }));

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      building = await node(1, null, 'building', 'monitor hall');
      room = await node(1, building, 'room', 'monitor room');
      a = await node(1, room, 'meter', 'meter A', 1);
      b = await node(1, building, 'meter', 'meter B', 2);
      const r = await writeBatch(t.app.ems, 1, [
        // A: voltage over its 500 V limit, frequency under 45 Hz, an older reading that is not the latest
        { deviceId: a, dataId: DATA_ID.voltageA, ts: NOW - 30 * MIN, value: 230 },
        { deviceId: a, dataId: DATA_ID.voltageA, ts: NOW - 5 * MIN, value: 520 },
        { deviceId: a, dataId: DATA_ID.frequency, ts: NOW - 6 * MIN, value: 40, status: 3 },
        { deviceId: a, dataId: DATA_ID.activePower, ts: NOW - 7 * MIN, value: 12.5 },
        // B: newest reading 20 min old
        { deviceId: b, dataId: DATA_ID.activePower, ts: NOW - 20 * MIN, value: 3 },
      ]);
      expect(r.rejected).toBe(0);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the devices under a node with the latest reading of each point, limits, limit state and online flag (pinned clock)', async () => {
      const r = await devices({ nodeId: building, modelLabel: 'building' });
      expect(r.status).toBe(200);
      expect(r.data.now).toBe(NOW);
      expect(r.data.offlineAfterMs).toBe(15 * MIN);
      expect(r.data.devices.map((d) => [d.name, d.online, d.lastTs])).toEqual([
        ['meter A', true, NOW - 5 * MIN],
        ['meter B', false, NOW - 20 * MIN],
      ]);
      const pa = r.data.devices[0]?.points ?? [];
      expect(pa.map((p) => [p.dataId, p.value, p.ts, p.status, p.limitState])).toEqual([
        [DATA_ID.activePower, 12.5, NOW - 7 * MIN, 0, 'normal'],
        [DATA_ID.voltageA, 520, NOW - 5 * MIN, 0, 'over'],
        [DATA_ID.frequency, 40, NOW - 6 * MIN, 3, 'under'],
      ]);
      expect(pa[1]).toMatchObject({ name: 'A相电压', unit: 'V', kind: 'instant', upperLimit: 500, lowerLimit: 0 });
    });

    it('the offline threshold is configurable per call', async () => {
      const r = await devices({ nodeId: building, modelLabel: 'building', offlineAfterMinutes: 30 });
      expect(r.data.devices.map((d) => d.online)).toEqual([true, true]);
      store.clock.now = NOW + 11 * MIN;
      const later = await devices({ nodeId: building, modelLabel: 'building' });
      expect(later.data.devices.map((d) => d.online)).toEqual([false, false]);
      store.clock.now = NOW;
    });

    it('a device node itself, the project, and a node without devices', async () => {
      expect((await devices({ nodeId: a, modelLabel: 'meter' })).data.devices.map((d) => d.id)).toEqual([a]);
      const project = await devices({ nodeId: 1, modelLabel: 'project' });
      expect(project.data.devices.map((d) => d.id)).toEqual(expect.arrayContaining([a, b]));
      // seeded demo devices without readings come back offline with no points
      expect(project.data.devices.find((d) => d.points.length === 0)?.online).toBe(false);
      const empty = await node(1, null, 'building', 'empty building');
      expect((await devices({ nodeId: empty, modelLabel: 'building' })).data.devices).toEqual([]);
    });

    it('the data points a device has readings for, in the request language', async () => {
      const r = json<MonitorDataPoint[]>(await t.app.inject({ method: 'GET', url: `${MONITOR_API.dataPoints}?deviceId=${a}`, headers: plant }));
      expect(r.data.map((p) => [p.dataId, p.name, p.unit, p.lastTs])).toEqual([
        [DATA_ID.activePower, 'active power P', 'kW', NOW - 7 * MIN],
        [DATA_ID.voltageA, 'voltage phase A', 'V', NOW - 5 * MIN],
        [DATA_ID.frequency, 'frequency', 'Hz', NOW - 6 * MIN],
      ]);
    });

    it("scope: fw_plant cannot read project 2's nodes or devices (404 'no operation permission'); bad input is 400", async () => {
      const other = await node(2, null, 'meter', 'other meter');
      const d = await devices({ nodeId: other, modelLabel: 'meter' }, plant);
      expect([d.status, d.msg]).toEqual([404, 'no operation permission']);
      expect((await devices({ nodeId: 2, modelLabel: 'project' }, plant)).status).toBe(404);
      expect((await devices({ nodeId: a, modelLabel: 'building' })).status).toBe(404);
      const p = await t.app.inject({ method: 'GET', url: `${MONITOR_API.dataPoints}?deviceId=${other}`, headers: plant });
      expect(p.statusCode).toBe(404);
      const bad = await devices({ nodeId: 'x', modelLabel: 'building' });
      expect([bad.status, bad.msg]).toEqual([400, expect.stringContaining('nodeId')]);
      const bad2 = await devices({ nodeId: building, modelLabel: 'building', offlineAfterMinutes: 0 });
      expect([bad2.status, bad2.msg]).toEqual([400, expect.stringContaining('offlineAfterMinutes')]);
    });
  });
}
