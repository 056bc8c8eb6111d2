import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILLER_API, COMPRESSOR_API, EQUIPMENT_STATUS_API, POWER_API, type AirManager, type ChillerEfficiency, type EquipmentScheme, type StateEnergy, type TransformerEfficiency, type TransformerFleet } from '@ems/contract';
import { STORES, json, loginAs, startSimulated, type TestApp, type TestStore } from '../../test/helpers.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai (the simulator's own tests use it too). */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 6, 15) - 8 * 3_600_000;
/** the last seven whole days: 8–14 July */
const WEEK = { startTime: TODAY - 7 * DAY, endTime: TODAY - 1 };

/**
 * The same quantity on two efficiency pages is the same number (the guide's "check figures against each
 * other"): the demo factory seeded 8 days by the simulator, each page's API over the same week as
 * fw_cloud. The compressed-air station's electricity (/airCompressionEnergyEfficiency) is the metered
 * kWh of the compressors' equipment-state programme (/deviceStateEnergyConsumption); the chillers'
 * electricity of the chiller plant page is the chiller programme's; a total equals its parts, and
 * the states' hours of a device cover the week. Each API rounds its figures for display (kWh to 0.1 or
 * 0.01), so two figures agree when they differ by less than half a kWh.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`efficiency figures agree across pages on the demo factory (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let headers: Record<string, string>;
    const post = async <T>(url: string, payload: Record<string, unknown>) => {
      const r = json<T>(await t.app.inject({ method: 'POST', url, headers, payload }));
      expect(r.code, `${url}: ${r.msg}`).toBe(0);
      return r.data as T;
    };
    const scheme = async (name: string) => {
      const list = json<EquipmentScheme[]>(await t.app.inject({ method: 'GET', url: `${EQUIPMENT_STATUS_API.schemes}?projectId=1`, headers })).data ?? [];
      const s = list.find((x) => x.name === name);
      if (!s) throw new Error(`no programme ${name}: ${list.map((x) => x.name).join(', ')}`);
      return s;
    };

    beforeAll(async () => {
      ({ store, t } = await startSimulated(kind, NOW, { days: 8, instantDays: 1 }));
      headers = (await loginAs(t.app, store.clock, 'fw_cloud')).headers;
    }, 300_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the air station’s kWh = Σ its machines = the compressors’ programme metered kWh = Σ its states', async () => {
      const air = await post<AirManager>(COMPRESSOR_API.airManager, { projectId: 1, ...WEEK });
      const units = air.units.reduce((s, u) => s + (u.kwh ?? 0), 0);
      expect(air.station.kwh).toBeGreaterThan(1000);
      expect(air.station.kwh as number).toBeCloseTo(units, 0);
      const s = await scheme('空压机加载-卸载-停机');
      const states = await post<StateEnergy>(EQUIPMENT_STATUS_API.energy, { projectId: 1, schemeId: s.id, ...WEEK });
      expect(states.totals.meteredKwh).toBeCloseTo(air.station.kwh as number, 0);
      const k = states.totals.kwh;
      expect(k.running + k.standby + k.stopped + k.unknown).toBeCloseTo(states.totals.meteredKwh, 0);
      // the week is 168 h per machine: states (unknown included) cover it
      for (const d of states.devices) expect(d.hours.running + d.hours.standby + d.hours.stopped + d.hours.unknown, d.deviceName).toBeCloseTo(168, 0);
      // the loaded-hours counters and the programme's running hours tell the same story within a few hours a machine
      const byName = new Map(states.devices.map((d) => [d.deviceName, d]));
      console.log(`demo factory (${kind}) 8–14 Jul: station ${air.station.kwh?.toFixed(1)} kWh = programme ${states.totals.meteredKwh.toFixed(1)} kWh; machines ${air.units.map((u) => `${u.name} ${u.kwh?.toFixed(0)} kWh, loaded ${u.loadedH?.toFixed(1)} h`).join('; ')}; states ${[...byName.keys()].join(', ')}`);
    });

    it('the chiller plant’s chiller kWh = the chillers’ programme metered kWh; plant total = Σ its parts; COP = cooling ÷ chiller kWh', async () => {
      const ch = await post<ChillerEfficiency>(CHILLER_API.efficiency, { projectId: 1, ...WEEK });
      const e = ch.plant.electricity;
      expect(ch.plant.totalKwh).toBeCloseTo(e.chillers + e.chwPumps + e.cwPumps + e.towers, 0);
      expect(e.chillers).toBeGreaterThan(1000);
      if (ch.plant.cop !== null) expect(ch.plant.cop).toBeCloseTo(ch.plant.coolingKwh / e.chillers, 2);
      if (ch.plant.eer !== null) expect(ch.plant.eer).toBeCloseTo(ch.plant.coolingKwh / ch.plant.totalKwh, 2);
      const s = await scheme('冷水机组运行状态');
      const states = await post<StateEnergy>(EQUIPMENT_STATUS_API.energy, { projectId: 1, schemeId: s.id, ...WEEK });
      expect(states.totals.meteredKwh).toBeCloseTo(e.chillers, 0);
    });

    it('the transformer efficiency page’s fleet energy = the fleet page’s; its totals = Σ its rows', async () => {
      const fleet = await post<TransformerFleet>(POWER_API.fleet, { projectId: 1, ...WEEK });
      const eff = await post<TransformerEfficiency>(POWER_API.efficiency, { projectId: 1, ...WEEK });
      const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
      expect(sum(eff.rows.map((r) => r.energyKwh))).toBeCloseTo(sum(fleet.rows.map((r) => r.energyKwh)), 0);
      expect(eff.totals.energyKwh).toBeCloseTo(sum(eff.rows.map((r) => r.energyKwh)), 0);
      expect(eff.totals.lossKwh).toBeCloseTo(sum(eff.rows.map((r) => r.lossKwh)), 0);
      expect(eff.totals.lossKwh).toBeCloseTo(eff.totals.noLoadLossKwh + eff.totals.loadLossKwh, 0);
      for (const r of fleet.rows) expect(eff.rows.find((x) => x.id === r.id)?.lossKwh ?? null).toBeCloseTo(r.lossKwh ?? 0, 0);
    });
  });
}
