import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, flatCapacityVersion } from '../../test/fixtures.js';
import { STORES, attachScheme, createProject, insertNode, startAt, type TestApp, type TestStore } from '../../test/helpers.js';
import { contractDemandAt } from './contract-demand.js';

const NOW = at(2025, 7, 10, 12);

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`contractDemandAt: the contract of the tariff version in force, one source for the bill and the demand rule (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let projectId: number;
    let meter: number;
    let bare: number;

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      let admin: Record<string, string>;
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Contract plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      meter = await insertNode(t.app, { projectId, parentId: null, label: 'meter', name: 'M', attrs: { energyType: 2 } });
      // a 1 000 kVA demand-basis scheme: contract 600 kW until 15 June, 300 kW (below 40 % = 400 kW) from 16 June
      const base = { basis: 'demand' as const, capacityKva: 1000 };
      await attachScheme(t.app, admin, projectId, 'Demand 10 kV', [flatCapacityVersion('2025-01-01', '0.5', { ...base, contractKw: 600 }), flatCapacityVersion('2025-06-16', '0.5', { ...base, contractKw: 300 })]);
      const other = await createProject(t, store.clock, { name: 'No tariff plant', capacityKva: 100, timezone: 'Asia/Shanghai' });
      bare = other.projectId;
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('a meter of the project gets the version in force on its local day: 600 kW on 15 June, 300 kW (billed at 400) from 16 June 00:00 Shanghai', async () => {
      const june15 = await contractDemandAt(t.app.ems, { nodeId: meter, modelLabel: 'meter' }, at(2025, 6, 15, 23, 59));
      expect(june15).toMatchObject({ effectiveFrom: '2025-01-01', basis: 'demand', election: 'contract', contractKw: 600, minKw: 400, billedContractKw: 600 });
      const june16 = await contractDemandAt(t.app.ems, { nodeId: projectId, modelLabel: 'project' }, at(2025, 6, 16));
      expect(june16).toMatchObject({ effectiveFrom: '2025-06-16', contractKw: 300, minKw: 400, billedContractKw: 400 });
    });

    it('null before the first version, for a project without a scheme, and for an unknown node', async () => {
      expect(await contractDemandAt(t.app.ems, { nodeId: meter, modelLabel: 'meter' }, at(2024, 12, 31, 12))).toBeNull();
      expect(await contractDemandAt(t.app.ems, { nodeId: bare, modelLabel: 'project' }, NOW)).toBeNull();
      expect(await contractDemandAt(t.app.ems, { nodeId: meter, modelLabel: 'transformer' }, NOW)).toBeNull();
      expect(await contractDemandAt(t.app.ems, { nodeId: 987654, modelLabel: 'meter' }, NOW)).toBeNull();
    });
  });
}
