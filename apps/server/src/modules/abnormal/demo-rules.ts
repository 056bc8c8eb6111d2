import type { AbnormalParams } from '@ems/contract';
import type { Ems } from '../../context.js';
import { abnormalRepository } from './repository.js';

/**
 * Demo water price, ¥ per m³ (ILLUSTRATIVE: a Jiangsu non-residential water and sewage charge is
 * of this order, not any utility's tariff). The cost module prices electricity only (TOU tariffs),
 * so the water rules carry their price as `unitPrice`.
 */
export const DEMO_WATER_PRICE = 5;

interface DemoAbnormalRule {
  kind: 'percent' | 'period' | 'usage';
  name: string;
  meters: string[];
  params: AbnormalParams;
  level?: 'warn' | 'alarm';
  minDurationMin?: number;
  description: string;
}

/** Per demo project (by index), its abnormal-consumption rules; meters by code. */
export const DEMO_ABNORMAL_RULES: readonly (readonly DemoAbnormalRule[])[] = [
  [
    {
      kind: 'period',
      name: '卫生间夜间用水',
      meters: ['W-TOILET'],
      // about 0.05 m³ a night hour normally; the planted leak adds 1.2
      params: { nights: [{ start: '00:00', end: '05:00' }], limitPerHour: 0.1, unitPrice: DEMO_WATER_PRICE },
      level: 'alarm',
      minDurationMin: 60,
      description: '凌晨 0–5 点用水超过 0.1 m³/h（水价 ¥5/m³，演示）',
    },
    {
      kind: 'percent',
      name: '冲压线用电偏差',
      meters: ['E-PRESS1', 'E-PRESS2'],
      params: { warnPct: 50, alarmPct: 100, weeks: 4, minExcess: 3 },
      minDurationMin: 60,
      description: '同星期同时段近4周均值为基线',
    },
    {
      kind: 'percent',
      name: '清洗用水偏差',
      meters: ['W-CLEAN'],
      params: { warnPct: 50, alarmPct: 100, weeks: 4, minExcess: 0.2, unitPrice: DEMO_WATER_PRICE },
      minDurationMin: 60,
      description: '同星期同时段近4周均值为基线（水价 ¥5/m³，演示）',
    },
    {
      kind: 'usage',
      name: '办公楼月度用电定额',
      meters: ['E-OFFICE'],
      params: { quota: 42000, quotaPeriod: 'month' },
      level: 'alarm',
      description: '月度定额 42000 kWh，按时间折算预警',
    },
  ],
];

/** Seeds each demo project's rules once (nothing when it has any); meters missing from the model are left out. */
export async function seedDemoAbnormal(ems: Ems, projectIds: readonly number[]): Promise<void> {
  const repo = abnormalRepository(ems.db);
  for (const [i, projectId] of projectIds.entries()) {
    const list = DEMO_ABNORMAL_RULES[i];
    if (!list || (await repo.rules([projectId])).length > 0) continue;
    const byCode = new Map((await repo.nodes(projectId)).filter((n) => n.code).map((n) => [n.code, n.id]));
    for (const r of list) {
      const meterIds = r.meters.flatMap((c) => {
        const id = byCode.get(c);
        return id === undefined ? [] : [id];
      });
      if (meterIds.length === 0) continue;
      await repo.insertRule({
        projectId,
        kind: r.kind,
        name: r.name,
        meterIds,
        params: r.params,
        level: r.level ?? 'alarm',
        minDurationMin: r.minDurationMin ?? 15,
        enabled: true,
        description: r.description,
        updateTime: ems.config.now(),
      });
    }
  }
}
