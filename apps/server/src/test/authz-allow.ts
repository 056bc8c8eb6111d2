/**
 * The allow table of the authorisation matrix (authz-matrix.test.ts): for every route of the server,
 * which callers are answered, and the one request that probes it.
 *
 * Callers: ROOT and the demo users of tenant 1 (pf_admin type 1, pf_service 2, fw_cloud 3, fw_plant 4;
 * fw_* are assigned project 1 only), and `tenant2`, the administrator of a second tenant (type 1, every
 * permission) whose only project is a copy of the demo factory. A cell is a caller and a side: `own`
 * aims the probe at the caller's project (project 1 for tenant 1, the copy for tenant2), `foreign` at
 * the other tenant's; fw_cloud and fw_plant also get an `unassigned` cell, aimed at project 2 of
 * their tenant, which is not theirs and is refused like a foreign one. A probe naming no project
 * (`project: false`) gets the other project in the `projectId` header instead; one naming a project
 * keeps the caller's own project in the header.
 *
 * `own` lists the callers answered on their own project; nobody is answered on a foreign or
 * unassigned project (except on public routes, which answer everyone). Answered means a 2xx (or `ok`); refused means 401
 * without a token and otherwise 404 (`no operation permission` / `not found`, docs/security.md).
 * Writes are probed so that the store stays usable: deletes remove a scratch object made for the cell,
 * updates write back what is there, creations add something new.
 */
import { DATA_ID } from '@ems/contract';
import { DEFAULT_STANDARDS } from '@ems/domain';
import { multipartBody } from '../modules/filemanager/test-multipart.js';
import { DEMO_TENANT } from '../modules/seed/demo-data.js';

export const CALLERS = ['ROOT', 'pf_admin', 'pf_service', 'fw_cloud', 'fw_plant', 'tenant2'] as const;
export type Caller = (typeof CALLERS)[number];

/** What a probe may aim at: one project and objects in it. */
export interface Side {
  tenantId: number;
  projectId: number;
  /** the project's stored fields, for a PUT that changes nothing */
  project: Record<string, unknown>;
  rootGroup: number;
  meter: number;
  transformer: number;
  /** the demo factory's gas boiler (issue 14) */
  boiler: number;
  sensor: number;
  building: number;
  event: number;
  rule: number;
  algorithm: number;
  gateway: number;
  /** a file uploaded to the project (a CSV of one reading) */
  file: string;
}

/** Throwaway objects in the side's project, made by its tenant's administrator for one cell. */
export interface Scratch {
  project(): Promise<number>;
  scheme(): Promise<number>;
  /** an equipment-status programme (issue 14) */
  equipmentScheme(): Promise<number>;
  /** an electricity meter of the side's project (what a programme classifies) */
  electricityMeter(): Promise<number>;
  /** an e-mail distribution scheme (issue 15) */
  mailScheme(): Promise<number>;
  /** an enabled e-mail scheme with a report subscription, in a project with SMTP settings (smtpBody): one "send now" may send */
  reportMailScheme(): Promise<number>;
  /** a report template of the whole project (issue 15) */
  reportTemplate(): Promise<number>;
  /** an abnormal-consumption rule on a meter of the project (issue 15) */
  abnormalRule(): Promise<number>;
  /** an open finding of such a rule (issue 15) */
  abnormalFinding(): Promise<number>;
  hazard(): Promise<number>;
  rule(): Promise<number>;
  algorithm(): Promise<number>;
  room(): Promise<number>;
  /** an open alarm */
  event(): Promise<number>;
  order(): Promise<number>;
  /** a file uploaded to the side's project (its stored name) */
  file(): Promise<string>;
  /** a sub-group of the side's root group */
  group(): Promise<number>;
  /** a role of the side's tenant that no one holds, with no permission */
  role(): Promise<number>;
  /** a user of the side's tenant (type 4, no role, project or group) */
  user(): Promise<number>;
}

export interface ProbeCtx {
  side: Side;
  /** the caller (no token: user id 0, name '', and fw_plant's token to check) */
  me: { userId: number; name: string; token: string };
  now: number;
  scratch: Scratch;
  /** unique per call */
  n: number;
  /** a valid login body of fw_plant */
  login(): unknown;
}

export interface Probe {
  method: string;
  url: string;
  body?: unknown;
  /** a raw payload with its own headers (multipart) */
  raw?: { payload: Buffer; headers: Record<string, string> };
}

export interface Entry {
  /** callers answered: 'public' (no token needed), 'session' (every signed-in caller) or a list */
  own: 'public' | 'session' | readonly Caller[];
  /** false: the probe names no project (the foreign cell sends the foreign projectId header) */
  project: boolean;
  /** the probe names a tenant, not a project: another project of the caller's tenant is its own here */
  tenant?: true;
  probe: (c: ProbeCtx) => Probe | Promise<Probe>;
  /** the status of an answered call when it is not 2xx */
  ok?: number;
  /** the status every refused call gets, no token included (otherwise 401 without a token, 404 with one) */
  refused?: number;
  /** the call ends the caller's session: it gets a fresh one */
  fresh?: true;
}

const DAY = 86_400_000;
/** user, group and role administration: type-1 users (pf_service's role holds no user_/usergroup_/role_/tenant_ operation) */
const ADMINS = ['ROOT', 'pf_admin', 'tenant2'] as const;
/** configuration (projects, devices, gateways, tariffs, rules): every operation but user administration */
const PLATFORM = [...ADMINS, 'pf_service'] as const;
const ALL = 'session';
/** tenant administration: platform users of the operator's tenant (tenant 1) holding tenant_* (issue 13) */
const OPERATORS = ['ROOT', 'pf_admin'] as const;
/** event_confirm and workorder_create: platform users and the project manager (fw_cloud), not fw_plant */
const CONFIRMERS = [...PLATFORM, 'fw_cloud'] as const;
/** the pages everyone reads, fw_plant included (issue 5: analysis, cost, environment, power, flow, events; closing orders) */
const READERS = [...CONFIRMERS, 'fw_plant'] as const;
/** fw_plant keeps the hazard-source register (its role: hazardsource_create/update/delete), fw_cloud does not */
const HAZARD_KEEPERS = [...PLATFORM, 'fw_plant'] as const;
/** the installation-wide grade tables (issue 14): platform users of the operator's tenant holding efficiencystandard_update */
const STANDARD_EDITORS = [...OPERATORS, 'pf_service'] as const;
/** the published GB 24500-2020 edition as a PUT body (writes back what a reset holds) */
const publishedBoiler = () => {
  const b = DEFAULT_STANDARDS.boiler;
  return { code: b.code, title: b.title, effectiveDate: b.effectiveDate, note: b.note, rows: b.rows };
};

const node = (s: Side) => ({ nodeId: s.projectId, modelLabel: 'project' });
const week = (c: ProbeCtx) => ({ startTime: c.now - 7 * DAY, endTime: c.now });
/** the project's monthly electricity report of the clock's month (issue 15) */
const reportQuery = (c: ProbeCtx) => ({ projectId: c.side.projectId, nodeId: c.side.projectId, modelLabel: 'project', energyType: 2, kind: 'monthly', date: new Date(c.now).toISOString().slice(0, 7) });
const local = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const get = (url: string): Probe => ({ method: 'GET', url });
const post = (url: string, body: unknown = undefined): Probe => ({ method: 'POST', url, body });
const ym = (now: number) => ({ year: new Date(now).getUTCFullYear(), month: new Date(now).getUTCMonth() + 1 });
export const hazardBody = (s: Side, name: string) => ({
  projectId: s.projectId,
  name,
  grade: 4,
  nodeId: s.building,
  modelLabel: 'building',
  location: 'matrix',
  responsible: 'matrix',
  phone: '13912345678',
  sensorIds: [],
  note: '',
});
/** An equipment-status programme of one electricity meter: running above 5 kW (issue 14). */
/** An abnormal-consumption rule by percent on one meter (issue 15). */
export const abnormalRuleBody = (s: Side, name: string, meter: number) => ({ projectId: s.projectId, kind: 'percent', name, meterIds: [meter], params: { warnPct: 20, alarmPct: 40 }, enabled: true });
export const equipmentSchemeBody = (s: Side, name: string, meter: number) => ({
  projectId: s.projectId,
  name,
  devices: [{ deviceId: meter, expressions: [{ state: 'running', combinator: 1, conditions: [{ deviceId: meter, dataId: DATA_ID.activePower, operator: 1, limit: 5 }] }] }],
});
/** An e-mail distribution scheme: one plain address, immediate mails of consumption-limit events (issue 15). */
/** A report template: the whole project's daily electricity consumption (issue 15). */
export const reportTemplateBody = (s: Side, name: string) => ({
  projectId: s.projectId,
  name,
  nodeId: s.projectId,
  modelLabel: 'project',
  energyType: 2,
  kind: 'daily',
  rows: 'children',
  sections: ['consumption'],
});

export const mailSchemeBody = (s: Side, name: string) => ({
  projectId: s.projectId,
  name,
  enabled: true,
  recipients: { userIds: [], groupIds: [], addresses: ['matrix@example.com'] },
  reports: [],
  events: { logTypes: [702], eventClasses: [], levels: [], mode: 'immediate', digestTimes: [], lang: 'zh-CN' },
});
/** SMTP settings of a port nobody listens on: the validation and test calls answer at once with the refusal (issue 15). */
export const smtpBody = (s: Side) => ({ projectId: s.projectId, host: '127.0.0.1', port: 1, tlsMode: 'none', user: '', fromAddress: 'ems@example.com', fromName: 'EMS' });
export const schemeBody = (s: Side, name: string) => ({
  name,
  projectId: s.projectId,
  versions: [
    {
      effectiveFrom: '2025-01-01',
      basis: 'capacity',
      capacityKva: 100,
      priceKvaMonth: '20',
      priceKwMonth: '30',
      contractKw: 40,
      demandElection: 'contract',
      pfStandard: null,
      addReverseKvarh: false,
      meterReadingDay: null,
      touPrices: { flat: '0.6' },
      surcharges: [],
      calendar: { seasons: [{ name: 'all', fromMonth: 1, toMonth: 12, schedule: [{ start: '00:00', end: '24:00', period: 'flat' }] }] },
    },
  ],
});
export const ruleBody = (s: Side, name: string) => ({
  name,
  nodeId: s.sensor,
  modelLabel: 'envsensor',
  conditions: [{ dataId: DATA_ID.temperature, operator: 1, limit: 40 }],
  combinator: 1,
  minDurationSec: 0,
  hysteresis: 1,
  level: 2,
  eventType: 2,
  enabled: false,
});
export const algorithmBody = (s: Side, name: string) => ({ name, kind: 'offline', nodeId: s.projectId, modelLabel: 'project', params: { offlineMinutes: 10 }, enabled: false });
/** a user administration body: type 4, no role, project or group (issue 13) */
const userEdit = { nicName: 'matrix', email: '', mobilePhone: '', usertype: 4, projectIds: [], roleIds: [], groupIds: [] };
export const userBody = (name: string) => ({ name, ...userEdit, password: 'Matrix@12345' });
const periodBody = (c: ProbeCtx) => ({ ...node(c.side), energyType: 2, ...week(c), dateType: 1 });

export const ALLOW: Record<string, Entry> = {
  // public: no session
  'GET /': { own: 'public', project: false, probe: () => get('/') },
  'GET /healthz': { own: 'public', project: false, probe: () => get('/healthz') },
  'GET /static/config.json': { own: 'public', project: false, probe: () => get('/static/config.json') },
  'GET /auth/v1/permissions': { own: 'public', project: false, probe: () => get('/auth/v1/permissions') },
  'GET /model/v1/enumerations': { own: 'public', project: false, probe: () => get('/model/v1/enumerations') },
  'GET /eem-service/v1/common/enumerations': { own: 'public', project: false, probe: () => get('/eem-service/v1/common/enumerations') },
  'GET /eem-service/v1/common/enumerations/:rootLabel': { own: 'public', project: false, probe: () => get('/eem-service/v1/common/enumerations/energytype') },
  'GET /eem-service/v1/common/energyTypes': { own: 'public', project: false, probe: () => get('/eem-service/v1/common/energyTypes') },
  'GET /eem-service/v1/auth/cloud/rootExists': { own: 'public', project: false, probe: () => get('/eem-service/v1/auth/cloud/rootExists') },
  'GET /eem-service/v1/sim/status': { own: 'public', project: false, probe: () => get('/eem-service/v1/sim/status') },
  'POST /eem-service/v1/auth/common/login': { own: 'public', project: false, probe: (c) => post('/eem-service/v1/auth/common/login', c.login()) },
  'POST /auth/v1/checktoken': { own: 'public', project: false, probe: (c) => post('/auth/v1/checktoken', { token: c.me.token }) },
  // single sign-on: only the status call exists while it is off (modules/sso/sso.test.ts covers the others)
  'GET /eem-service/thirdpart/sso/auth2.0/status': { own: 'public', project: false, probe: () => get('/eem-service/thirdpart/sso/auth2.0/status') },
  // a gateway's key, not a session: every caller here is refused
  'POST /eem-service/v1/ingest/batch': {
    own: [],
    project: true,
    refused: 401,
    probe: (c) => post('/eem-service/v1/ingest/batch', { gatewayId: c.side.gateway, ts: c.now, readings: [{ deviceId: c.side.meter, dataId: 1, value: 1 }] }),
  },
  // the socket's HTTP side: a plain GET (no upgrade) is no socket, whoever asks
  'GET /messageServer/websocket/:userId': { own: [], project: false, refused: 404, probe: (c) => get(`/messageServer/websocket/${c.me.userId || 1}?ticket=x`) },

  // every signed-in caller
  'POST /auth/v1/logout': { own: ALL, project: false, fresh: true, probe: () => post('/auth/v1/logout') },
  // a wrong old password (1005): the caller may ask, the password stays
  'PUT /eem-service/v1/auth/common/password': {
    own: ALL,
    project: false,
    ok: 400,
    probe: (c) => ({ method: 'PUT', url: '/eem-service/v1/auth/common/password', body: { id: c.me.userId || 1, name: c.me.name || 'ROOT', oldPassword: 'f'.repeat(32), newPassword: 'Matrix@12345x' } }),
  },
  'POST /eem-service/v1/auth/common/operationAuthCheck': { own: ALL, project: false, probe: () => post('/eem-service/v1/auth/common/operationAuthCheck?andOr=or', ['project_update']) },
  'GET /eem-service/v2/user/getUserByHeaderUserId': { own: ALL, project: false, probe: () => get('/eem-service/v2/user/getUserByHeaderUserId') },
  'GET /eem-service/v1/project/project': { own: ALL, project: false, probe: () => get('/eem-service/v1/project/project?system=cloud') },
  'POST /eem-service/v1/auth/cloud/projects': {
    own: ALL,
    project: true,
    tenant: true,
    probe: (c) => post(`/eem-service/v1/auth/cloud/projects?tenantId=${c.side.tenantId}&isQueryChild=true`, { rootID: c.side.tenantId, rootLabel: 'tenant', treeReturnEnable: true }),
  },
  'GET /eem-service/v1/project/summary/:projectId': { own: ALL, project: true, probe: (c) => get(`/eem-service/v1/project/summary/${c.side.projectId}`) },
  'GET /eem-service/v1/project/backgroundHealth': { own: [...ADMINS, 'fw_cloud'], project: false, probe: () => get('/eem-service/v1/project/backgroundHealth') },
  'GET /eem-service/v1/timeseries/dataPoints': { own: ALL, project: false, probe: () => get('/eem-service/v1/timeseries/dataPoints') },
  'POST /eem-service/v1/timeseries/rollups': {
    own: ALL,
    project: true,
    probe: (c) => post('/eem-service/v1/timeseries/rollups', { projectId: c.side.projectId, deviceIds: [c.side.meter], dataId: 1, grain: 'hour', from: c.now - DAY, to: c.now }),
  },
  'POST /model/v1/query': { own: ALL, project: true, probe: (c) => post('/model/v1/query', { rootLabel: 'project', rootID: c.side.projectId }) },
  'POST /model/v1/write/hierachy': {
    own: PLATFORM,
    project: true,
    probe: (c) => post('/model/v1/write/hierachy', [{ modelLabel: 'building', id: c.side.building, children: [{ modelLabel: 'room', name: `matrix room ${c.n}` }] }]),
  },
  'GET /model-meta/v1/models/': { own: ALL, project: false, probe: () => get('/model-meta/v1/models/') },
  'GET /model-meta/v1/models': { own: ALL, project: false, probe: () => get('/model-meta/v1/models') },
  'GET /model-meta/v1/models/label/:label': { own: ALL, project: false, probe: () => get('/model-meta/v1/models/label/meter') },
  'GET /eem-service/v1/node/modelNodes': { own: ALL, project: false, probe: () => get('/eem-service/v1/node/modelNodes') },
  'POST /eem-service/v1/trend/data': {
    own: ALL,
    project: true,
    probe: (c) => post('/eem-service/v1/trend/data', { startTime: local(c.now - DAY), endTime: local(c.now), interval: 900, meterConfigs: [{ deviceId: c.side.meter, dataId: 1 }] }),
  },
  'POST /eem-service/v1/monitor/devices': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/monitor/devices', node(c.side)) },
  'GET /eem-service/v1/monitor/dataPoints': { own: ALL, project: true, probe: (c) => get(`/eem-service/v1/monitor/dataPoints?deviceId=${c.side.meter}`) },
  'GET /eem-service/v1/dashboard/project/:projectId': { own: ALL, project: true, probe: (c) => get(`/eem-service/v1/dashboard/project/${c.side.projectId}`) },
  'POST /eem-service/v1/analysis/consumption': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/analysis/consumption', periodBody(c)) },
  'POST /eem-service/v1/analysis/consumption/export': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/analysis/consumption/export', periodBody(c)) },
  'POST /eem-service/v1/balance/tree': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/balance/tree', { projectId: c.side.projectId, energyType: 2, ...week(c) }) },
  'POST /eem-service/v1/balance/tree/export': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/balance/tree/export', { projectId: c.side.projectId, energyType: 2, ...week(c) }) },
  'POST /eem-service/v1/balance/trend': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/balance/trend', { projectId: c.side.projectId, meterId: c.side.meter, ...week(c) }) },
  'POST /eem-service/v1/balance/pipe': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/balance/pipe', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/balance/pipe/export': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/balance/pipe/export', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/costcaculating/convertTime': { own: ALL, project: true, probe: (c) => post('/eem-service/v1/costcaculating/convertTime', { cycles: [12], projectId: c.side.projectId, time: c.now }) },
  'POST /messageServer/v1/ticket': { own: ALL, project: false, probe: () => post('/messageServer/v1/ticket') },
  // tags naming what the caller may not see are dropped, not refused (docs/security.md "Tags")
  'POST /messageServer/v1/service/web/client': { own: ALL, project: false, probe: (c) => post('/messageServer/v1/service/web/client', { userId: c.me.userId || 1, tags: [`project_${c.side.projectId}`] }) },
  'POST /messageServer/v1/log': { own: ALL, project: false, probe: () => post('/messageServer/v1/log', { noticeMode: 4, page: { index: 0, limit: 10 } }) },
  'POST /messageServer/v1/read': { own: ALL, project: false, probe: () => post('/messageServer/v1/read', { ids: [1] }) },
  'POST /messageServer/v1/message/query': { own: ALL, project: false, probe: (c) => post('/messageServer/v1/message/query', { ...week(c), page: { index: 0, limit: 10 } }) },

  // users and projects
  'GET /eem-service/v1/auth/cloud/user/tree/:id': { own: ADMINS, project: true, probe: (c) => get(`/eem-service/v1/auth/cloud/user/tree/${c.side.rootGroup}`) },
  'GET /auth/v1/usergroup/:rootUserGroupID': { own: ADMINS, project: true, probe: (c) => get(`/auth/v1/usergroup/${c.side.rootGroup}`) },
  // tenants (issue 13): the platform operator only (platform users of tenant 1 holding tenant_*); the probes name tenant 2 or the
  // side's tenant and write back what is there. project: false, so the foreign cell is refused by its projectId header.
  'GET /eem-service/v1/auth/admin/tenants': { own: OPERATORS, project: false, probe: () => get('/eem-service/v1/auth/admin/tenants') },
  'POST /eem-service/v1/auth/admin/tenants': { own: OPERATORS, project: false, probe: (c) => post('/eem-service/v1/auth/admin/tenants', { name: `矩阵新租户 ${c.n}`, enName: `Matrix new ${c.n}` }) },
  'PUT /eem-service/v1/auth/admin/tenants/:id': { own: OPERATORS, project: false, probe: () => ({ method: 'PUT', url: '/eem-service/v1/auth/admin/tenants/2', body: { name: '矩阵租户', enName: 'Matrix Tenant' } }) },
  'POST /eem-service/v1/auth/admin/tenants/:id/enable': { own: OPERATORS, project: false, probe: () => post('/eem-service/v1/auth/admin/tenants/2/enable', { enabled: true }) },
  // tenant 2 is an ordinary tenant, not a service provider: the operator's call is answered with the 400 naming tenantIds
  // (the operator check comes first; providers.test.ts covers the 200)
  'PUT /eem-service/v1/auth/admin/tenants/:id/customers': { own: OPERATORS, project: false, ok: 400, probe: () => ({ method: 'PUT', url: '/eem-service/v1/auth/admin/tenants/2/customers', body: { tenantIds: [] } }) },
  'GET /eem-service/v1/auth/admin/tenants/:id/projects': { own: OPERATORS, project: false, probe: (c) => get(`/eem-service/v1/auth/admin/tenants/${c.side.tenantId}/projects`) },
  // user groups (issue 13): the caller's tenant (the probes name the side's root group; renaming writes its own name back)
  'GET /eem-service/v1/auth/admin/usergroups': { own: ADMINS, project: false, probe: () => get('/eem-service/v1/auth/admin/usergroups') },
  'POST /eem-service/v1/auth/admin/usergroups': { own: ADMINS, project: false, probe: (c) => post('/eem-service/v1/auth/admin/usergroups', { parentId: c.side.rootGroup, name: `矩阵组 ${c.n}` }) },
  'PUT /eem-service/v1/auth/admin/usergroups/:id': {
    own: ADMINS,
    project: false,
    probe: (c) => ({ method: 'PUT', url: `/eem-service/v1/auth/admin/usergroups/${c.side.rootGroup}`, body: { name: c.side.tenantId === 1 ? DEMO_TENANT.name : '矩阵租户' } }),
  },
  'DELETE /eem-service/v1/auth/admin/usergroups/:id': { own: ADMINS, project: false, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/auth/admin/usergroups/${await c.scratch.group()}` }) },
  // the root group's members written back: ROOT in tenant 1's, the administrator in tenant 2's
  'PUT /eem-service/v1/auth/admin/usergroups/:id/members': {
    own: ADMINS,
    project: false,
    probe: (c) => ({ method: 'PUT', url: `/eem-service/v1/auth/admin/usergroups/${c.side.rootGroup}/members`, body: { userIds: [c.side.tenantId === 1 ? 1 : c.me.userId || 1] } }),
  },
  // users (issue 13): the caller's tenant; writes and actions aim at a scratch user of the side's tenant
  'GET /eem-service/v1/auth/admin/users': { own: ADMINS, project: false, probe: () => get('/eem-service/v1/auth/admin/users?index=0&limit=5') },
  'POST /eem-service/v1/auth/admin/users': { own: ADMINS, project: false, probe: (c) => post('/eem-service/v1/auth/admin/users', userBody(`matrix_u${c.n}`)) },
  'PUT /eem-service/v1/auth/admin/users/:id': { own: ADMINS, project: false, probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/auth/admin/users/${await c.scratch.user()}`, body: userEdit }) },
  'DELETE /eem-service/v1/auth/admin/users/:id': { own: ADMINS, project: false, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/auth/admin/users/${await c.scratch.user()}` }) },
  'POST /eem-service/v1/auth/admin/users/:id/enable': { own: ADMINS, project: false, probe: async (c) => post(`/eem-service/v1/auth/admin/users/${await c.scratch.user()}/enable`, { enabled: false }) },
  'POST /eem-service/v1/auth/admin/users/:id/resetPassword': { own: ADMINS, project: false, probe: async (c) => post(`/eem-service/v1/auth/admin/users/${await c.scratch.user()}/resetPassword`) },
  'POST /eem-service/v1/auth/admin/users/:id/unlock': { own: ADMINS, project: false, probe: async (c) => post(`/eem-service/v1/auth/admin/users/${await c.scratch.user()}/unlock`) },
  'POST /eem-service/v1/auth/admin/users/:id/endSessions': { own: ADMINS, project: false, probe: async (c) => post(`/eem-service/v1/auth/admin/users/${await c.scratch.user()}/endSessions`) },
  // roles (issue 13): the caller's tenant; reads and writes aim at a scratch role no one holds (its own role is refused to pf_admin and tenant2)
  'GET /eem-service/v1/auth/admin/roles': { own: ADMINS, project: false, probe: () => get('/eem-service/v1/auth/admin/roles') },
  'GET /eem-service/v1/auth/admin/roles/:id': { own: ADMINS, project: false, probe: async (c) => get(`/eem-service/v1/auth/admin/roles/${await c.scratch.role()}`) },
  'GET /eem-service/v1/auth/admin/roles/:id/users': { own: ADMINS, project: false, probe: async (c) => get(`/eem-service/v1/auth/admin/roles/${await c.scratch.role()}/users`) },
  'POST /eem-service/v1/auth/admin/roles': { own: ADMINS, project: false, probe: (c) => post('/eem-service/v1/auth/admin/roles', { name: `矩阵角色 ${c.n}`, pageNodes: [], auths: [] }) },
  'PUT /eem-service/v1/auth/admin/roles/:id': { own: ADMINS, project: false, probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/auth/admin/roles/${await c.scratch.role()}`, body: { name: `矩阵角色 ${c.n}`, pageNodes: [], auths: [] } }) },
  'DELETE /eem-service/v1/auth/admin/roles/:id': { own: ADMINS, project: false, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/auth/admin/roles/${await c.scratch.role()}` }) },
  'POST /eem-service/v1/auth/admin/roles/:id/copy': { own: ADMINS, project: false, probe: async (c) => post(`/eem-service/v1/auth/admin/roles/${await c.scratch.role()}/copy`, { name: `矩阵角色 ${c.n}` }) },
  'GET /eem-service/v1/auth/admin/permissions': { own: ADMINS, project: false, probe: () => get('/eem-service/v1/auth/admin/permissions') },
  // audit log and system configuration (issue 13): log_browse/log_export of the caller's tenant; the configuration file only by the operator (tenant 1's platform users)
  'GET /eem-service/v1/auth/admin/logs': { own: PLATFORM, project: false, probe: (c) => get(`/eem-service/v1/auth/admin/logs?startTime=${c.now - 7 * DAY}&endTime=${c.now}&index=0&limit=5`) },
  'GET /eem-service/v1/auth/admin/logs/export': { own: PLATFORM, project: false, probe: (c) => get(`/eem-service/v1/auth/admin/logs/export?startTime=${c.now - DAY}&endTime=${c.now}`) },
  'PUT /eem-service/v1/system/config': { own: ['ROOT', 'pf_admin', 'pf_service'], project: false, probe: () => ({ method: 'PUT', url: '/eem-service/v1/system/config', body: { projectName: '智慧能源管理平台' } }) },
  'GET /eem-service/v1/system/initialInfo': { own: ALL, project: false, probe: () => get('/eem-service/v1/system/initialInfo') },
  'POST /eem-service/v1/project/project': {
    own: PLATFORM,
    project: false,
    probe: (c) => post('/eem-service/v1/project/project', { name: `matrix project ${c.n}`, capacityKva: 100, timezone: 'Asia/Shanghai' }),
  },
  'PUT /eem-service/v1/project/project/:id': { own: PLATFORM, project: true, probe: (c) => ({ method: 'PUT', url: `/eem-service/v1/project/project/${c.side.projectId}`, body: c.side.project }) },
  'DELETE /eem-service/v1/project/project/:id': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/project/project/${await c.scratch.project()}` }) },

  // gateways, imports, files
  'GET /eem-service/v1/ingest/gateway': { own: PLATFORM, project: true, probe: (c) => get(`/eem-service/v1/ingest/gateway?projectId=${c.side.projectId}`) },
  'POST /eem-service/v1/ingest/gateway': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/ingest/gateway', { projectId: c.side.projectId, name: `matrix gw ${c.n}` }) },
  'POST /eem-service/v1/ingest/gateway/:id/rotate': { own: PLATFORM, project: true, probe: (c) => post(`/eem-service/v1/ingest/gateway/${c.side.gateway}/rotate`) },
  'PUT /eem-service/v1/ingest/gateway/:id': { own: PLATFORM, project: true, probe: (c) => ({ method: 'PUT', url: `/eem-service/v1/ingest/gateway/${c.side.gateway}`, body: { name: `matrix gw ${c.n}` } }) },
  'GET /eem-service/v1/ingest/errors': { own: PLATFORM, project: true, probe: (c) => get(`/eem-service/v1/ingest/errors?projectId=${c.side.projectId}&page=1&pageSize=10`) },
  'POST /eem-service/v1/ingest/manual-import': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/ingest/manual-import', { fileName: c.side.file, projectId: c.side.projectId }) },
  'GET /eem-service/v1/ingest/manual-import/template': { own: PLATFORM, project: false, probe: () => get('/eem-service/v1/ingest/manual-import/template') },
  'POST /filemanager/v1/file': { own: PLATFORM, project: false, probe: () => ({ method: 'POST', url: '/filemanager/v1/file', raw: multipartBody({ name: 'matrix.csv', data: 'meter code,time,value\n', type: 'text/csv' }) }) },
  'GET /filemanager/v1/file/downLoad': { own: PLATFORM, project: true, probe: (c) => get(`/filemanager/v1/file/downLoad?fileName=${encodeURIComponent(c.side.file)}`) },
  'GET /filemanager/v1/file/list': { own: PLATFORM, project: false, probe: () => get('/filemanager/v1/file/list') },
  'DELETE /filemanager/v1/file': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'DELETE', url: `/filemanager/v1/file?fileName=${encodeURIComponent(await c.scratch.file())}` }) },
  'DELETE /model/v1/:modelLabel': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'DELETE', url: '/model/v1/room', body: { modelLabel: 'room', idRange: [await c.scratch.room()] } }) },

  // cost
  'GET /eem-service/v1/cost/schemes': { own: READERS, project: false, probe: () => get('/eem-service/v1/cost/schemes') },
  'POST /eem-service/v1/cost/scheme': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/cost/scheme', schemeBody(c.side, `matrix scheme ${c.n}`)) },
  'PUT /eem-service/v1/cost/scheme/:id': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/cost/scheme/${await c.scratch.scheme()}`, body: schemeBody(c.side, `matrix scheme ${c.n}`) }) },
  'DELETE /eem-service/v1/cost/scheme/:id': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/cost/scheme/${await c.scratch.scheme()}` }) },
  'PUT /eem-service/v1/cost/scheme/:id/nodes': {
    own: PLATFORM,
    project: true,
    probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/cost/scheme/${await c.scratch.scheme()}/nodes`, body: { nodes: [{ nodeId: c.side.building, modelLabel: 'building' }] } }),
  },
  'POST /eem-service/v1/cost/bill': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/cost/bill', { ...node(c.side), ...ym(c.now) }) },
  'POST /eem-service/v1/cost/year': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/cost/year', { ...node(c.side), year: ym(c.now).year }) },
  'POST /eem-service/v1/cost/period': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/cost/period', { ...node(c.side), cycle: 12, startTime: c.now - 7 * DAY }) },
  'POST /eem-service/v1/cost/demand': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/cost/demand', { ...node(c.side), ...ym(c.now) }) },
  'POST /eem-service/v1/cost/export': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/cost/export', { ...node(c.side), year: ym(c.now).year, view: 'summary' }) },

  // environment
  'POST /eem-service/v1/environment/sensors': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/environment/sensors', { ...node(c.side), scope: 'all' }) },
  'POST /eem-service/v1/environment/trend': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/environment/trend', { sensorId: c.side.sensor }) },
  'POST /eem-service/v1/environment/alarms': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/environment/alarms', { ...node(c.side), scope: 'all', ...week(c) }) },
  'POST /eem-service/v1/environment/cameras': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/environment/cameras', node(c.side)) },
  'POST /eem-service/v1/environment/export': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/environment/export', { table: 'hazards', ...node(c.side), scope: 'all' }) },
  'GET /eem-service/v1/environment/hazards': { own: READERS, project: false, probe: () => get('/eem-service/v1/environment/hazards') },
  'POST /eem-service/v1/environment/hazard': { own: HAZARD_KEEPERS, project: true, probe: (c) => post('/eem-service/v1/environment/hazard', hazardBody(c.side, `matrix hazard ${c.n}`)) },
  'PUT /eem-service/v1/environment/hazard/:id': { own: HAZARD_KEEPERS, project: true, probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/environment/hazard/${await c.scratch.hazard()}`, body: hazardBody(c.side, `matrix hazard ${c.n}`) }) },
  'DELETE /eem-service/v1/environment/hazard/:id': { own: HAZARD_KEEPERS, project: true, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/environment/hazard/${await c.scratch.hazard()}` }) },
  'GET /eem-service/v1/environment/video/demo/:file': { own: READERS, project: false, probe: () => get('/eem-service/v1/environment/video/demo/index.m3u8') },

  // power
  'POST /eem-service/v1/power/busbar': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/power/busbar', { projectId: c.side.projectId }) },
  'POST /eem-service/v1/power/busbar/export': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/power/busbar/export', { projectId: c.side.projectId }) },
  'GET /eem-service/v1/power/transformers': { own: READERS, project: true, probe: (c) => get(`/eem-service/v1/power/transformers?projectId=${c.side.projectId}`) },
  'POST /eem-service/v1/power/fleet': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/power/fleet', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/power/fleet/export': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/power/fleet/export', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/power/analysis': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/power/analysis', { projectId: c.side.projectId, transformerId: c.side.transformer, ...week(c) }) },
  'POST /eem-service/v1/power/analysis/export': {
    own: READERS,
    project: true,
    probe: (c) => post('/eem-service/v1/power/analysis/export', { projectId: c.side.projectId, transformerId: c.side.transformer, ...week(c) }),
  },
  // the compressed-air station (issue 14): fw_cloud's efficiency pages
  'POST /eem-service/v1/airCompressor/standingBook': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/airCompressor/standingBook', { projectId: c.side.projectId }) },
  'POST /eem-service/v1/airCompressor/airManager': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/airCompressor/airManager', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/airCompressor/electricalRatio': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/airCompressor/electricalRatio', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/airCompressor/loadingAnalysis': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/airCompressor/loadingAnalysis', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/airCompressor/unloadingRate': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/airCompressor/unloadingRate', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/airCompressor/pressure': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/airCompressor/pressure', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/airCompressor/export': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/airCompressor/export', { projectId: c.side.projectId, ...week(c) }) },
  // equipment-status programmes (issue 14): the fw pages read them; the project manager (fw_cloud: equipmentstatus_*) and the platform edit them
  'GET /eem-service/v1/equipmentStatus/schemes': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/equipmentStatus/schemes?projectId=${c.side.projectId}`) },
  'GET /eem-service/v1/equipmentStatus/options': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/equipmentStatus/options?projectId=${c.side.projectId}`) },
  'GET /eem-service/v1/equipmentStatus/scheme/:id': { own: CONFIRMERS, project: true, probe: async (c) => get(`/eem-service/v1/equipmentStatus/scheme/${await c.scratch.equipmentScheme()}`) },
  'POST /eem-service/v1/equipmentStatus/scheme': {
    own: CONFIRMERS,
    project: true,
    probe: async (c) => post('/eem-service/v1/equipmentStatus/scheme', equipmentSchemeBody(c.side, `matrix states ${c.n}`, await c.scratch.electricityMeter())),
  },
  'PUT /eem-service/v1/equipmentStatus/scheme/:id': {
    own: CONFIRMERS,
    project: true,
    probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/equipmentStatus/scheme/${await c.scratch.equipmentScheme()}`, body: equipmentSchemeBody(c.side, `matrix states ${c.n}`, await c.scratch.electricityMeter()) }),
  },
  // period reports (issue 15): the fw pages read and export them (page_onlyReport, report_export); the platform keeps the templates
  'POST /eem-service/v1/report/query': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/report/query', reportQuery(c)) },
  'POST /eem-service/v1/report/export': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/report/export', reportQuery(c)) },
  'GET /eem-service/v1/report/pdf': {
    own: CONFIRMERS,
    project: true,
    probe: (c) => get(`/eem-service/v1/report/pdf?${new URLSearchParams(Object.entries(reportQuery(c)).map(([k, v]): [string, string] => [k, String(v)]))}`),
  },
  'GET /eem-service/v1/report/templates': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/report/templates?projectId=${c.side.projectId}`) },
  'POST /eem-service/v1/report/template': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/report/template', reportTemplateBody(c.side, `matrix report ${c.n}`)) },
  'PUT /eem-service/v1/report/template/:id': {
    own: PLATFORM,
    project: true,
    probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/report/template/${await c.scratch.reportTemplate()}`, body: reportTemplateBody(c.side, `matrix report ${c.n}`) }),
  },
  'DELETE /eem-service/v1/report/template/:id': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/report/template/${await c.scratch.reportTemplate()}` }) },
  'DELETE /eem-service/v1/equipmentStatus/scheme/:id': { own: CONFIRMERS, project: true, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/equipmentStatus/scheme/${await c.scratch.equipmentScheme()}` }) },
  'POST /eem-service/v1/equipmentStatus/energy': { own: CONFIRMERS, project: true, probe: async (c) => post('/eem-service/v1/equipmentStatus/energy', { projectId: c.side.projectId, schemeId: await c.scratch.equipmentScheme(), ...week(c) }) },
  'POST /eem-service/v1/equipmentStatus/energy/export': { own: CONFIRMERS, project: true, probe: async (c) => post('/eem-service/v1/equipmentStatus/energy/export', { projectId: c.side.projectId, schemeId: await c.scratch.equipmentScheme(), ...week(c) }) },
  // e-mail (issue 15): the fw pages read the settings and schemes; the platform (emailplatform_update, mailscheme_*) changes them
  'GET /eem-service/v1/email/config': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/email/config?projectId=${c.side.projectId}`) },
  'PUT /eem-service/v1/email/config': { own: PLATFORM, project: true, probe: (c) => ({ method: 'PUT', url: '/eem-service/v1/email/config', body: smtpBody(c.side) }) },
  'POST /eem-service/v1/email/config/validate': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/email/config/validate', smtpBody(c.side)) },
  'POST /eem-service/v1/email/config/test': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/email/config/test', { ...smtpBody(c.side), to: 'matrix@example.com' }) },
  'GET /eem-service/v1/email/schemeLibrary': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/email/schemeLibrary?projectId=${c.side.projectId}`) },
  'GET /eem-service/v1/email/schemeLibrary/options': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/email/schemeLibrary/options?projectId=${c.side.projectId}`) },
  'POST /eem-service/v1/email/schemeLibrary': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/email/schemeLibrary', mailSchemeBody(c.side, `matrix mail ${c.n}`)) },
  'PUT /eem-service/v1/email/schemeLibrary/:id': {
    own: PLATFORM,
    project: true,
    probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/email/schemeLibrary/${await c.scratch.mailScheme()}`, body: mailSchemeBody(c.side, `matrix mail ${c.n}`) }),
  },
  'DELETE /eem-service/v1/email/schemeLibrary/:id': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/email/schemeLibrary/${await c.scratch.mailScheme()}` }) },
  'POST /eem-service/v1/email/schemeLibrary/:id/send': {
    own: PLATFORM,
    project: true,
    probe: async (c) => post(`/eem-service/v1/email/schemeLibrary/${await c.scratch.reportMailScheme()}/send`, { projectId: c.side.projectId }),
  },
  'POST /eem-service/v1/email/sendLog': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/email/sendLog', { projectId: c.side.projectId }) },
  // boiler efficiency (issue 14): the energy manager's page (page_boilerEnergyEfficiency), not the plant operator's
  'GET /eem-service/v1/efficiency/boiler/list': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/efficiency/boiler/list?projectId=${c.side.projectId}`) },
  'POST /eem-service/v1/efficiency/boiler/analysis': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/efficiency/boiler/analysis', { projectId: c.side.projectId, boilerId: c.side.boiler, ...week(c), dateType: 6 }) },
  'POST /eem-service/v1/efficiency/boiler/export': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/efficiency/boiler/export', { projectId: c.side.projectId, boilerId: c.side.boiler, ...week(c), dateType: 6 }) },
  // transformer efficiency (issue 14): the energy manager's page, not the plant operator's
  'POST /eem-service/v1/power/efficiency': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/power/efficiency', { projectId: c.side.projectId, transformerId: c.side.transformer, ...week(c) }) },
  'POST /eem-service/v1/power/efficiency/export': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/power/efficiency/export', { projectId: c.side.projectId, ...week(c) }) },
  // efficiency grade tables (issue 14): every signed-in user reads them; the platform operator holding efficiencystandard_update edits (the second tenant's administrator may not)
  'GET /eem-service/v1/efficiencyStandards': { own: ALL, project: false, probe: () => get('/eem-service/v1/efficiencyStandards') },
  'GET /eem-service/v1/efficiencyStandards/:kind': { own: ALL, project: false, probe: () => get('/eem-service/v1/efficiencyStandards/boiler') },
  'PUT /eem-service/v1/efficiencyStandards/:kind': { own: STANDARD_EDITORS, project: false, probe: () => ({ method: 'PUT', url: '/eem-service/v1/efficiencyStandards/boiler', body: publishedBoiler() }) },
  'POST /eem-service/v1/efficiencyStandards/:kind/reset': { own: STANDARD_EDITORS, project: false, probe: () => post('/eem-service/v1/efficiencyStandards/boiler/reset') },
  // chiller plant (issue 14)
  'POST /eem-service/v1/efficiency/chiller/analysis': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/efficiency/chiller/analysis', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/efficiency/chiller/export': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/efficiency/chiller/export', { projectId: c.side.projectId, ...week(c) }) },

  // forecast and flow
  'POST /eem-service/v1/forecast/predict': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/forecast/predict', { ...node(c.side), energyType: 2 }) },
  'POST /eem-service/v1/forecast/predict/export': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/forecast/predict/export', { ...node(c.side), energyType: 2, horizon: 'month' }) },
  'POST /eem-service/v1/forecast/analysis': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/forecast/analysis', periodBody(c)) },
  'POST /eem-service/v1/forecast/analysis/export': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/forecast/analysis/export', periodBody(c)) },
  'POST /eem-service/v1/flow/period': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/flow/period', periodBody(c)) },
  'POST /eem-service/v1/flow/period/export': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/flow/period/export', periodBody(c)) },
  'POST /eem-service/v1/flow/live': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/flow/live', { ...node(c.side), energyType: 2 }) },

  // events and rules
  'POST /eem-service/v1/event/query': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/event/query', { ...week(c), ...node(c.side), page: { index: 0, limit: 10 } }) },
  'POST /eem-service/v1/event/export': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/event/export', { ...week(c), ...node(c.side), page: { index: 0, limit: 10 } }) },
  'GET /eem-service/v1/event/detail': { own: READERS, project: true, probe: (c) => get(`/eem-service/v1/event/detail?id=${c.side.event}`) },
  'POST /eem-service/v1/event/confirm': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/event/confirm', { ids: [c.side.event], comment: 'matrix' }) },
  'POST /eem-service/v1/event/inspectionOrder': { own: CONFIRMERS, project: true, probe: async (c) => post('/eem-service/v1/event/inspectionOrder', { eventId: await c.scratch.event(), comment: 'matrix' }) },
  'POST /eem-service/v1/event/closeInspectionOrder': { own: READERS, project: true, probe: async (c) => post('/eem-service/v1/event/closeInspectionOrder', { ids: [await c.scratch.order()], comment: 'matrix' }) },
  'POST /eem-service/v1/rule/queryConfigList': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/rule/queryConfigList', { ...node(c.side), page: { index: 0, limit: 10 } }) },
  'GET /eem-service/v1/rule/configDetail': { own: READERS, project: true, probe: (c) => get(`/eem-service/v1/rule/configDetail?id=${c.side.rule}`) },
  'POST /eem-service/v1/rule/configInfo': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/rule/configInfo', ruleBody(c.side, `matrix rule ${c.n}`)) },
  'DELETE /eem-service/v1/rule/delConfig': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'DELETE', url: '/eem-service/v1/rule/delConfig', body: { ids: [await c.scratch.rule()] } }) },
  'POST /eem-service/v1/rule/changeConfigStates': { own: PLATFORM, project: true, probe: async (c) => post('/eem-service/v1/rule/changeConfigStates', { ids: [await c.scratch.rule()], enabled: true }) },
  'POST /eem-service/v1/rule/queryAlgorithmList': { own: READERS, project: true, probe: (c) => post('/eem-service/v1/rule/queryAlgorithmList', { ...node(c.side), page: { index: 0, limit: 10 } }) },
  'GET /eem-service/v1/rule/algorithmDetail': { own: READERS, project: true, probe: (c) => get(`/eem-service/v1/rule/algorithmDetail?id=${c.side.algorithm}`) },
  'POST /eem-service/v1/rule/algorithmInfo': { own: PLATFORM, project: true, probe: (c) => post('/eem-service/v1/rule/algorithmInfo', algorithmBody(c.side, `matrix algorithm ${c.n}`)) },
  'DELETE /eem-service/v1/rule/delAlgorithm': { own: PLATFORM, project: true, probe: async (c) => ({ method: 'DELETE', url: '/eem-service/v1/rule/delAlgorithm', body: { ids: [await c.scratch.algorithm()] } }) },
  'POST /eem-service/v1/rule/changeAlgorithmStates': { own: PLATFORM, project: true, probe: async (c) => post('/eem-service/v1/rule/changeAlgorithmStates', { ids: [await c.scratch.algorithm()], enabled: true }) },
  // abnormal consumption (issue 15): the fw pages read rules, results and findings and evaluate now; rules are written under the kind's
  // custom permission (percent_rule_update …) and findings acknowledged under overstandard_update: the platform roles and the project manager hold them
  'GET /eem-service/v1/abnormal/rules': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/abnormal/rules?projectId=${c.side.projectId}`) },
  'GET /eem-service/v1/abnormal/options': { own: CONFIRMERS, project: true, probe: (c) => get(`/eem-service/v1/abnormal/options?projectId=${c.side.projectId}`) },
  'POST /eem-service/v1/abnormal/rule': { own: CONFIRMERS, project: true, probe: async (c) => post('/eem-service/v1/abnormal/rule', abnormalRuleBody(c.side, `matrix abnormal ${c.n}`, await c.scratch.electricityMeter())) },
  'PUT /eem-service/v1/abnormal/rule/:id': {
    own: CONFIRMERS,
    project: true,
    probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/abnormal/rule/${await c.scratch.abnormalRule()}`, body: abnormalRuleBody(c.side, `matrix abnormal ${c.n}`, await c.scratch.electricityMeter()) }),
  },
  'DELETE /eem-service/v1/abnormal/rule/:id': { own: CONFIRMERS, project: true, probe: async (c) => ({ method: 'DELETE', url: `/eem-service/v1/abnormal/rule/${await c.scratch.abnormalRule()}` }) },
  'POST /eem-service/v1/abnormal/evaluate': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/abnormal/evaluate', { projectId: c.side.projectId, ...week(c) }) },
  'POST /eem-service/v1/abnormal/results': { own: CONFIRMERS, project: true, probe: async (c) => post('/eem-service/v1/abnormal/results', { projectId: c.side.projectId, ruleId: await c.scratch.abnormalRule(), ...week(c) }) },
  'POST /eem-service/v1/abnormal/findings': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/abnormal/findings', { projectId: c.side.projectId, ...week(c) }) },
  'PUT /eem-service/v1/abnormal/finding/:id/status': {
    own: CONFIRMERS,
    project: true,
    probe: async (c) => ({ method: 'PUT', url: `/eem-service/v1/abnormal/finding/${await c.scratch.abnormalFinding()}/status`, body: { status: 'acknowledged' } }),
  },
  'POST /eem-service/v1/abnormal/wasteAnalysis': { own: CONFIRMERS, project: true, probe: (c) => post('/eem-service/v1/abnormal/wasteAnalysis', { projectId: c.side.projectId, ...week(c) }) },
};

