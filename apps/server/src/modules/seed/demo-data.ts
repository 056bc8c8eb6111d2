import { NAV_ROUTES, PERMISSIONS, permissionId } from '@ems/contract';
import { DEMO_PLANTS, type DemoNode, type PlantConfig } from './demo-plant.js';

/** Demo data (EMS_DEMO=1): one tenant, two projects, four users with their roles. Data only. */
export const DEMO_PASSWORD = 'Demo@12345';
export const DEFAULT_ROOT_PASSWORD = 'Root@12345';
export const ROOT_ROLE = '超级管理员';

export const DEMO_TENANT = { name: '示范能源集团', enName: 'Demo Energy Group' };
export const DEFAULT_TENANT = { name: '默认租户', enName: 'Default tenant' };

export type { DemoNode } from './demo-plant.js';

export interface DemoProject {
  name: string;
  enName: string;
  code: string;
  address: string;
  enAddress: string;
  capacityKva: number;
  areaM2: number;
  latitude: number;
  longitude: number;
  industry: string;
  /** the model tree (demo-plant.ts) */
  nodes: DemoNode[];
  /** simulator parameters of the plant (demo-plant.ts) */
  plant: PlantConfig;
}

/** Project rows are stable (UI and tests rely on them); the plants are in demo-plant.ts. */
export const DEMO_PROJECTS: DemoProject[] = [
  {
    name: '华东示范工厂',
    enName: 'East China Demo Factory',
    code: 'HD-01',
    address: '江苏省苏州市工业园区星湖街 88 号',
    enAddress: '88 Xinghu Street, Suzhou Industrial Park, Suzhou, Jiangsu',
    capacityKva: 4000,
    areaM2: 42000,
    latitude: 31.2989,
    longitude: 120.5853,
    industry: 'industrial',
    ...(DEMO_PLANTS[0] as (typeof DEMO_PLANTS)[number]),
  },
  {
    name: '滨江办公园区',
    enName: 'Riverside Office Park',
    code: 'BJ-01',
    address: '浙江省杭州市滨江区江南大道 1000 号',
    enAddress: '1000 Jiangnan Avenue, Binjiang District, Hangzhou, Zhejiang',
    capacityKva: 2500,
    areaM2: 68000,
    latitude: 30.2084,
    longitude: 120.2119,
    industry: 'commercial',
    ...(DEMO_PLANTS[1] as (typeof DEMO_PLANTS)[number]),
  },
];

const id = (name: string): number => {
  const v = permissionId(name);
  if (v === undefined) throw new Error(`unknown permission ${name}`);
  return v;
};
const pageOf = (pred: (r: (typeof NAV_ROUTES)[number]) => boolean) => [...new Set(NAV_ROUTES.filter(pred).map((r) => id(r.permission)))];
const ops = (pred: (name: string) => boolean) => PERMISSIONS.filter((p) => p.kind !== 'page' && pred(p.name)).map((p) => p.id);
const USER_ADMIN = /^(user|usergroup|role|tenant)_/;

export interface DemoRole {
  name: string;
  customConfig: string;
  permissionIds: number[];
}

export const DEMO_ROLES: Record<'pf_admin' | 'pf_service' | 'fw_cloud' | 'fw_plant', DemoRole> = {
  pf_admin: {
    name: '平台管理员',
    customConfig: JSON.stringify({ homepage: '/home', homePagePageNodeId: id('page_pfHome') }),
    permissionIds: PERMISSIONS.map((p) => p.id),
  },
  pf_service: {
    name: '服务工程师',
    customConfig: JSON.stringify({ homepage: '/projectnavigation', homePagePageNodeId: id('page_projectnavigation') }),
    permissionIds: [...pageOf((r) => r.group !== 'admin'), ...ops((n) => !USER_ADMIN.test(n))],
  },
  fw_cloud: {
    name: '项目经理',
    customConfig: JSON.stringify({}),
    permissionIds: [
      ...pageOf((r) => r.module === 'fw'),
      id('project_browse'),
      id('event_browse'),
      id('event_confirm'),
      id('workorder_create'),
      id('workorder_update'),
      // the project manager defines how the plant's equipment states are read (/deviceRunningStateScheme, issue 14)
      ...['equipmentstatus_create', 'equipmentstatus_update', 'equipmentstatus_delete'].map(id),
      // and the plant's abnormal-consumption rules and findings (/useException, issue 15: spec section 6 custom permissions)
      ...['percent_rule_update', 'percent_rule_delete', 'period_rule_update', 'period_rule_delete', 'consumption_rule_update', 'consumption_rule_delete', 'overstandard_update'].map(id),
      // the project manager exports the plant's period reports (/onlyReport, issue 15); the platform keeps the templates
      id('report_export'),
    ],
  },
  fw_plant: {
    name: '厂站运维',
    customConfig: JSON.stringify({ homepage: '/home', homePagePageNodeId: id('page_home') }),
    permissionIds: [
      ...['page_home', 'page_deviceMonitor', 'page_equipmentTrendAnalysis', 'page_eventDiagnosis', 'page_inspectorder', 'page_inspectrecord'].map(id),
      // the daily analysis, cost and monitoring pages of issue 5: an operator reads them, does not configure them
      ...[
        'energyConsumption',
        'balanceConsumption',
        'pipeQueryAndAnalysis',
        'energyPredictionAndAnalysis',
        'energyPredict',
        'energyCostAnalysis',
        'dudianEnergyFee',
        'baseEnergyFee',
        'litiaoEnergyFee',
        'energyFlowAnalyse',
        'energyFlowAnalysis',
        'generatrixMonitor',
        'plantEnvironment',
        'hazardSourceMonitoring',
        'videoMonitor',
        'powertransformerOverview',
        'powertransformerAnalysis',
      ].map((k) => id(`page_${k}`)),
      id('project_browse'),
      id('event_browse'),
      // the operator goes and looks: closes inspection orders with what was found
      id('workorder_update'),
      // the plant's safety operator keeps the hazard-source register (/hazardSourceMonitoring)
      ...['hazardsource_create', 'hazardsource_update', 'hazardsource_delete'].map(id),
    ],
  },
};

export interface DemoUser {
  name: keyof typeof DEMO_ROLES;
  nicName: string;
  usertype: 1 | 2 | 3 | 4;
  /** indexes into DEMO_PROJECTS; platform users see every project of the tenant */
  projects: number[];
  group: 'platform' | 'plant';
}

export const DEMO_USERS: DemoUser[] = [
  { name: 'pf_admin', nicName: '平台管理员', usertype: 1, projects: [], group: 'platform' },
  { name: 'pf_service', nicName: '服务工程师', usertype: 2, projects: [], group: 'platform' },
  { name: 'fw_cloud', nicName: '项目经理', usertype: 3, projects: [0], group: 'plant' },
  { name: 'fw_plant', nicName: '厂站运维', usertype: 4, projects: [0], group: 'plant' },
];

export const DEMO_GROUPS = { platform: '平台运维中心', plant: '华东示范工厂运维组' };
