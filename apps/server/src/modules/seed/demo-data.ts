import { NAV_ROUTES, PERMISSIONS, permissionId } from '@ems/contract';

/** Demo data (EMS_DEMO=1): one tenant, two projects, four users with their roles. Data only. */
export const DEMO_PASSWORD = 'Demo@12345';
export const DEFAULT_ROOT_PASSWORD = 'Root@12345';
export const ROOT_ROLE = '超级管理员';

export const DEMO_TENANT = { name: '示范能源集团', enName: 'Demo Energy Group' };
export const DEFAULT_TENANT = { name: '默认租户', enName: 'Default tenant' };

export interface DemoNode {
  label: string;
  name: string;
  attrs?: Record<string, unknown>;
  children?: DemoNode[];
}

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
  nodes: DemoNode[];
}

/** Meter attributes follow packages/contract model-meta (energyType codes: ENERGY_TYPE). */
const meter = (name: string, energyType = 2, ratedKw?: number): DemoNode => ({
  label: 'meter',
  name,
  attrs: { energyType, ctPt: 1, registerMax: 99999999.99, ...(ratedKw !== undefined ? { ratedKw } : {}), lossTolerancePct: energyType === 2 ? 5 : 8 },
});
const transformer = (name: string, kva: number, meters: DemoNode[]): DemoNode => ({
  label: 'transformer',
  name,
  attrs: {
    ratedKva: kva,
    p0Kw: kva >= 1600 ? 1.96 : 1.59,
    pkKw: kva >= 1600 ? 11.73 : 9.69,
    i0Pct: 0.4,
    ukPct: 6,
    primaryVoltageKv: 10,
    secondaryVoltageKv: 0.4,
    insulation: 'dry',
  },
  children: meters,
});
const floor = (name: string, rooms: string[]): DemoNode => ({ label: 'floor', name, children: rooms.map((r) => ({ label: 'room', name: r })) });

export const DEMO_PROJECTS: DemoProject[] = [
  {
    name: '华东示范工厂',
    enName: 'East China Demo Factory',
    code: 'HD-01',
    address: '江苏省苏州市工业园区星湖街 88 号',
    enAddress: '88 Xinghu Street, Suzhou Industrial Park, Suzhou, Jiangsu',
    capacityKva: 3200,
    areaM2: 42000,
    latitude: 31.2989,
    longitude: 120.5853,
    industry: 'industrial',
    nodes: [
      { label: 'building', name: '1#厂房', children: [floor('1F', ['生产车间A', '生产车间B']), floor('2F', ['装配车间', '办公区'])] },
      { label: 'building', name: '2#仓库', children: [floor('1F', ['仓储区'])] },
      {
        label: 'distributionroom',
        name: '10kV配电室',
        attrs: { voltageKv: 10 },
        children: [
          transformer('1#变压器', 1600, [meter('1#进线总表'), meter('空压站电表'), meter('制冷站电表')]),
          transformer('2#变压器', 1600, [meter('2#进线总表'), meter('生产线电表'), meter('照明电表')]),
          meter('总水表', 3),
          meter('天然气总表', 15),
        ],
      },
    ],
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
    nodes: [
      { label: 'building', name: 'A座', children: [floor('1F', ['大堂', '餐厅']), floor('2F', ['开放办公区']), floor('3F', ['会议中心'])] },
      { label: 'building', name: 'B座', children: [floor('1F', ['数据机房']), floor('2F', ['办公区'])] },
      {
        label: 'distributionroom',
        name: '配电房',
        attrs: { voltageKv: 10 },
        children: [
          transformer('1#变压器', 1250, [meter('A座总表'), meter('空调主机电表')]),
          transformer('2#变压器', 1250, [meter('B座总表'), meter('数据机房电表')]),
          meter('园区总水表', 3),
        ],
      },
    ],
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
    permissionIds: [...pageOf((r) => r.module === 'fw'), id('project_browse'), id('event_browse'), id('event_confirm')],
  },
  fw_plant: {
    name: '厂站运维',
    customConfig: JSON.stringify({ homepage: '/home', homePagePageNodeId: id('page_home') }),
    permissionIds: [
      ...['page_home', 'page_deviceMonitor', 'page_energyConsumption', 'page_eventDiagnosis', 'page_inspectrecord'].map(id),
      id('project_browse'),
      id('event_browse'),
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
