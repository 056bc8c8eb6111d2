import { DATA_ID, type StateExpressionInput } from '@ems/contract';
import type { Ems } from '../../context.js';
import { equipmentStatusRepository } from './repository.js';

/** A demo device by its meter's code and the three states read from its 15-min mean active power (kW). */
interface DemoDevice {
  code: string;
  /** running at or above (kW) */
  runKw: number;
  /** stopped at or below (kW); standby in between */
  offKw: number;
}
interface DemoScheme {
  name: string;
  description: string;
  devices: DemoDevice[];
}

const P = DATA_ID.activePower;
const byPower = (deviceId: number, d: DemoDevice): StateExpressionInput[] => [
  { state: 'running', combinator: 1, conditions: [{ deviceId, dataId: P, operator: 4, limit: d.runKw }] },
  { state: 'standby', combinator: 1, conditions: [{ deviceId, dataId: P, operator: 1, limit: d.offKw }, { deviceId, dataId: P, operator: 2, limit: d.runKw }] },
  { state: 'stopped', combinator: 1, conditions: [{ deviceId, dataId: P, operator: 5, limit: d.offKw }] },
];

/**
 * The demo factory's programmes (index = demo project), by 15-min mean power:
 * - compressors: a 110 kW fixed-speed screw draws ~31 kW unloaded (28 %), 110 kW loaded: loaded from
 *   66 kW (60 %), unloaded-running above 3 kW; the 90 kW VSD trim machine turns from 12 %: running from 20 kW;
 * - chillers (≈160 kW input each): running from 16 kW (10 %), stopped at or below 1 kW;
 * - the stamping presses (90 and 60 kW): pressing from 30 % of peak; idle (hydraulics and controls on,
 *   ~6 % of peak between shifts) above 1 kW.
 */
export const DEMO_SCHEMES: DemoScheme[][] = [
  [
    {
      name: '空压机加载-卸载-停机',
      description: '按15分钟平均功率：定频机≥66kW加载，3–66kW卸载运行；变频机≥20kW运行',
      devices: [
        { code: 'E-AC1', runKw: 66, offKw: 3 },
        { code: 'E-AC2', runKw: 66, offKw: 3 },
        { code: 'E-AC3', runKw: 66, offKw: 3 },
        { code: 'E-AC4', runKw: 20, offKw: 3 },
      ],
    },
    {
      name: '冷水机组运行状态',
      description: '按15分钟平均功率：≥16kW运行，1–16kW待机，≤1kW停机',
      devices: [1, 2, 3].map((n) => ({ code: `P1-E-CH${n}`, runKw: 16, offKw: 1 })),
    },
    {
      name: '冲压线压力机运行-空转-停机',
      description: '按15分钟平均功率：≥30%额定运行，>1kW空转（液压站与控制在线），≤1kW停机',
      devices: [
        { code: 'E-PRESS1', runKw: 27, offKw: 1 },
        { code: 'E-PRESS2', runKw: 27, offKw: 1 },
        { code: 'E-PRESS3', runKw: 18, offKw: 1 },
        { code: 'E-PRESS4', runKw: 18, offKw: 1 },
      ],
    },
  ],
];

/** Seeds each demo project's programmes once (nothing when it has any); devices missing from the model are left out. */
export async function seedDemoSchemes(ems: Ems, projectIds: readonly number[]): Promise<void> {
  const repo = equipmentStatusRepository(ems.db);
  for (const [i, projectId] of projectIds.entries()) {
    const list = DEMO_SCHEMES[i];
    if (!list || (await repo.schemes([projectId])).length > 0) continue;
    const byCode = new Map((await repo.nodes(projectId)).filter((n) => n.code).map((n) => [n.code, n.id]));
    for (const s of list) {
      const devices = s.devices.flatMap((d) => {
        const id = byCode.get(d.code);
        return id === undefined ? [] : [{ deviceId: id, expressions: byPower(id, d) }];
      });
      if (devices.length > 0) await repo.insert({ projectId, name: s.name, description: s.description, devices, updateTime: ems.config.now() });
    }
  }
}
