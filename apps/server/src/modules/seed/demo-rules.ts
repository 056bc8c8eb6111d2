import { DATA_ID, type AlgorithmConfigInput, type RuleConfigInput } from '@ems/contract';
import type { Ems } from '../../context.js';

/** A demo rule or algorithm naming its node by code (the ids are the store's). */
type DemoRule = Omit<RuleConfigInput, 'nodeId' | 'modelLabel'> & { node: string };
type DemoAlgorithm = Omit<AlgorithmConfigInput, 'nodeId' | 'modelLabel' | 'params'> & { node: string | 'project'; params: AlgorithmConfigInput['params'] & { outputDevice?: string } };

const T = DATA_ID.temperature;
const RH = DATA_ID.humidity;

const above = (node: string, name: string, dataId: number, limit: number, o: Partial<DemoRule> = {}): DemoRule => ({
  node,
  name,
  conditions: [{ dataId, operator: 1, limit }],
  combinator: 1,
  minDurationSec: 0,
  hysteresis: 1,
  level: 2,
  enabled: true,
  ...o,
});

/**
 * A gas detector's two levels as rules (DOMAIN §13, reached = alarm: operator 4 ≥): level 1 an early
 * warning (4), level 2 an alarm (2). A gas concentration is no energy quantity: its events go to event
 * diagnosis (804), with none of the spec's event types (the server derives the type from the data point).
 */
const gasLevels = (node: string, gas: 'combustible' | 'co'): DemoRule[] => {
  const [dataId, l1, l2, zh] = gas === 'combustible' ? [DATA_ID.combustibleGas, 25, 50, '可燃气体'] : [DATA_ID.carbonMonoxide, 20, 40, '一氧化碳'];
  const rule = (name: string, limit: number, level: 2 | 4): DemoRule => ({ ...above(node, name, dataId, limit, { level, hysteresis: 2 }), conditions: [{ dataId, operator: 4, limit }] });
  return [rule(`${zh}浓度一级报警`, l1, 4), rule(`${zh}浓度二级报警`, l2, 2)];
};

/**
 * The demo plants' rules and algorithms (issue 4): limits on room temperature and humidity and on
 * transformer winding temperature, the incomer's demand against the tariff's contracted 2000 kW (working-day peaks of
 * about 2.2–2.35 MW in winter and 2.8–2.9 MW on summer afternoons pass it, as the basic fee shows), meters offline after 10 min,
 * the toilets' night water use (the planted leak),
 * the EV feeder's breaker, the domestic-water balance (5 %), the office building's monthly quota
 * and two efficiency indicators. The simulator's live faults (docs/demo-plant.md) trip several at once.
 */
export const DEMO_EVENT_CONFIG: { rules: DemoRule[]; algorithms: DemoAlgorithm[] }[] = [
  {
    rules: [
      above('P1-ENV-SUB', '变电所温度高', T, 40, { description: '干式变压器室环境温度不宜超过40℃' }),
      above('P1-ENV-DR', '配电室温度高', T, 40),
      above('P1-ENV-SUB', '变电所湿度高', RH, 90, { level: 4, hysteresis: 3, minDurationSec: 600 }),
      above('P1-ENV-DR', '配电室湿度高', RH, 90, { level: 4, hysteresis: 3, minDurationSec: 600 }),
      ...['P1-ENV-PRODA', 'P1-ENV-PRODB', 'P1-ENV-ASSY'].map((c) => above(c, '车间温度高', T, 35, { minDurationSec: 300 })),
      above('P1-ENV-CHP', '冷冻站温度高', T, 38, { minDurationSec: 300 }),
      ...['P1-GD-PAINT1', 'P1-GD-PAINT2', 'P1-GD-CANTEEN', 'P1-GD-BLR1'].flatMap((c) => gasLevels(c, 'combustible')),
      ...gasLevels('P1-GD-BLR2', 'co'),
      ...['P1-T1', 'P1-T2', 'P1-T3'].flatMap((c) => [
        above(c, '变压器绕组温度超温', T, 130, { hysteresis: 5 }),
        above(c, '变压器绕组温度超温跳闸', T, 150, { hysteresis: 5, level: 1 }),
      ]),
    ],
    algorithms: [
      // no contractKw: the contracted demand of the factory's tariff applies (2000 kW, the basic fee's)
      { node: 'E-HV', name: '10kV进线需量', kind: 'demand', params: { preAlarmPercent: 90, windowMinutes: 15, subintervalMinutes: 1, predictionFactor: 1 }, enabled: true },
      { node: 'project', name: '表计离线', kind: 'offline', params: { offlineMinutes: 10 }, enabled: true },
      { node: 'P1-F-EV', name: '充电桩馈线开关变位', kind: 'switch', params: {}, enabled: true },
      { node: 'W-DOM', name: '生活用水平衡', kind: 'balance', params: { tolerancePercent: 5, dataId: DATA_ID.waterVolume }, enabled: true },
      // about 0.05 m³ a night hour; the planted leak adds 1.2
      { node: 'W-TOILET', name: '卫生间夜间用水', kind: 'baseLoad', params: { nightLimit: 0.5, dataId: DATA_ID.waterVolume, nightStartHour: 0, nightEndHour: 5 }, enabled: true },
      { node: 'E-LIGHT', name: '厂区照明线损', kind: 'balance', params: { tolerancePercent: 5 }, enabled: true },
      { node: 'E-OFFICE', name: '办公楼月度用电定额', kind: 'quota', params: { quotaMonthly: 42000 }, enabled: true },
      { node: 'E-CHP', name: '制冷站能效比', kind: 'efficiency', params: { indicator: 'cop', threshold: 3, outputDevice: 'C-CHP', gradeBounds: [5, 4, 3] }, enabled: true },
      { node: 'E-AIR', name: '空压站比功率', kind: 'efficiency', params: { indicator: 'specificPower', threshold: 7, outputDevice: 'A-MAIN', gradeBounds: [6.2, 7, 7.8] }, enabled: true },
    ],
  },
  {
    rules: [
      above('P2-ENV-DC', '数据机房温度高', T, 27, { minDurationSec: 300, hysteresis: 0.5 }),
      above('P2-ENV-DR', '配电房温度高', T, 40),
      ...gasLevels('P2-GD-KITCHEN', 'combustible'),
      ...['P2-T1', 'P2-T2'].map((c) => above(c, '变压器绕组温度超温', T, 130, { hysteresis: 5 })),
    ],
    algorithms: [
      // the park's tariff bills by capacity (no contracted demand): the administrator set one
      { node: 'E2-HV', name: '10kV进线需量', kind: 'demand', params: { contractKw: 2000, preAlarmPercent: 90 }, enabled: true },
      { node: 'project', name: '表计离线', kind: 'offline', params: { offlineMinutes: 10 }, enabled: true },
      { node: 'E2-T1', name: '1#变低压线损', kind: 'balance', params: { tolerancePercent: 5 }, enabled: true },
    ],
  },
];

/** Seeds a demo project's rules and algorithms once (nothing when it has any); nodes missing from the tree are skipped. */
export async function seedDemoEvents(ems: Ems, projectId: number, config: (typeof DEMO_EVENT_CONFIG)[number] | undefined): Promise<void> {
  if (!config) return;
  const db = ems.db.withTables<{ event_rule: { project_id: number }; event_algorithm: { project_id: number } }>();
  const has = async (table: 'event_rule' | 'event_algorithm') => (await db.selectFrom(table).select('project_id').where('project_id', '=', projectId).limit(1).execute()).length > 0;
  if ((await has('event_rule')) || (await has('event_algorithm'))) return;
  const nodes = await ems.db.selectFrom('node').select(['id', 'code', 'model_label']).where('project_id', '=', projectId).execute();
  const byCode = new Map(nodes.filter((n) => n.code).map((n) => [n.code, { id: Number(n.id), label: n.model_label }]));
  const now = ems.config.now();
  const rdb = ems.db.withTables<{ event_rule: Record<string, unknown>; event_algorithm: Record<string, unknown> }>();
  for (const r of config.rules) {
    const node = byCode.get(r.node);
    if (!node) continue;
    await rdb
      .insertInto('event_rule')
      .values({
        project_id: projectId,
        name: r.name,
        node_id: node.id,
        model_label: node.label,
        conditions: JSON.stringify(r.conditions),
        combinator: r.combinator,
        min_duration_sec: r.minDurationSec,
        hysteresis: r.hysteresis,
        level: r.level,
        // derived from the data point when read (0: the column predates that)
        event_type: r.eventType ?? 0,
        enabled: r.enabled ? 1 : 0,
        description: r.description ?? '',
        update_time: now,
      })
      .execute();
  }
  for (const a of config.algorithms) {
    const node = a.node === 'project' ? { id: projectId, label: 'project' } : byCode.get(a.node);
    if (!node) continue;
    const { outputDevice, ...params } = a.params;
    const output = outputDevice !== undefined ? byCode.get(outputDevice) : undefined;
    if (outputDevice !== undefined && !output) continue;
    await rdb
      .insertInto('event_algorithm')
      .values({
        project_id: projectId,
        name: a.name,
        kind: a.kind,
        node_id: node.id,
        model_label: node.label,
        params: JSON.stringify(output ? { ...params, outputDeviceId: output.id } : params),
        level: a.level ?? 2,
        enabled: a.enabled ? 1 : 0,
        description: a.description ?? '',
        update_time: now,
      })
      .execute();
  }
}
