// The authorisation matrix (issue 12): every route of the route table × no token, ROOT, each demo
// user and a second tenant's administrator × their own and a foreign project (and, for the project
// users, project 2 of their tenant, not assigned to them), against the allow table in
// test/authz-allow.ts. A route missing from the table fails, naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { PERMISSIONS } from '@ems/contract';
import { buildApp, prepareStore } from './app.js';
import { md5hex } from './lib/hash.js';
import { DEMO_PROJECTS } from './modules/seed/demo-data.js';
import { insertDemoNodes } from './modules/seed/demo-plant.js';
import { DEMO_EVENT_CONFIG, seedDemoEvents } from './modules/seed/demo-rules.js';
import { seedRepository } from './modules/seed/repository.js';
import { seedDemoTariffs } from './modules/cost/demo-tariffs.js';
import { seedDemoHazards } from './modules/environment/demo-hazards.js';
import { multipartBody } from './modules/filemanager/test-multipart.js';
import { ALLOW, CALLERS, abnormalRuleBody, algorithmBody, equipmentSchemeBody, hazardBody, mailSchemeBody, reportTemplateBody, ruleBody, schemeBody, smtpBody, userBody, type Caller, type Entry, type Probe, type Scratch, type Side } from './test/authz-allow.js';
import { createStore, DEMO, loginAs, loginBody, type TestStore } from './test/helpers.js';

type Headers = Record<string, string>;
interface Session {
  userId: number;
  name: string;
  token: string;
  headers: Headers;
}

const T2_USER = 't2_admin';
const nameOf = (c: Caller) => (c === 'tenant2' ? T2_USER : c);

let store: TestStore;
let app: FastifyInstance;
const routes: RouteOptions[] = [];
const sessions = new Map<Caller, Session>();
let sides: { t1: Side; t2: Side; unassigned: Side };
/** the project users: tenant 1's project 2 is not theirs, and is refused like another tenant's */
const PROJECT_USERS: readonly Caller[] = ['fw_cloud', 'fw_plant'];
type Where = 'own' | 'foreign' | 'unassigned';
let n = 0;

/** The second tenant: its root group, an administrator with every permission, and a copy of the demo factory as its project. */
async function addSecondTenant(): Promise<void> {
  const { ems } = app;
  const repo = seedRepository(ems.db);
  const now = ems.config.now();
  await repo.ensureTenant(2, '矩阵租户', 'Matrix Tenant', now);
  const group = await repo.ensureGroup(2, null, '矩阵租户');
  const userId = await repo.insertUser({ tenant_id: 2, name: T2_USER, nic_name: '矩阵管理员', usertype: 1, now });
  await repo.setPassword(userId, ems.cipher.encrypt(md5hex(DEMO), userId));
  const { id: role } = await repo.ensureRole(2, '矩阵管理员', '{}');
  await repo.grant(role, PERMISSIONS.map((p) => p.id));
  await repo.assignRole(userId, role);
  await repo.addMember(group, userId);
  const { id: _id, tenant_id: _tenant, ...factory } = await ems.db.selectFrom('project').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const projectId = await repo.insertProject({ ...factory, tenant_id: 2, name: '矩阵工厂', create_time: now });
  await insertDemoNodes(ems, projectId, DEMO_PROJECTS[0]!.nodes);
  await seedDemoEvents(ems, projectId, DEMO_EVENT_CONFIG[0]);
  await seedDemoTariffs(ems, [projectId]);
  await seedDemoHazards(ems, [projectId]);
}

async function inject(headers: Headers, p: Probe) {
  return app.inject({
    method: p.method as 'GET',
    url: p.url,
    headers: { ...headers, ...p.raw?.headers },
    ...(p.raw ? { payload: p.raw.payload } : p.body === undefined ? {} : { payload: p.body as object }),
  });
}

/** A call that must succeed (setting up): its envelope data. */
async function must<T>(headers: Headers, p: Probe): Promise<T> {
  const res = await inject(headers, p);
  if (res.statusCode !== 200) throw new Error(`${p.method} ${p.url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** An open alarm (702) on a meter, straight into the store. */
async function insertEvent(projectId: number, meter: number): Promise<number> {
  const now = app.ems.config.now();
  const row = await app.ems.db
    .withTables<{ event: Record<string, unknown> }>()
    .insertInto('event')
    .values({
      project_id: projectId,
      rule_id: null,
      algorithm_id: null,
      log_type: 702,
      event_class: 2,
      event_type: 3,
      level: 2,
      status: 0,
      confirm_state: 1,
      node_id: meter,
      model_label: 'meter',
      device_id: meter,
      data_id: 1,
      value: 1,
      limit_value: 0,
      start_time: now - 3_600_000,
      end_time: null,
      message_zh: '矩阵',
      message_en: 'matrix',
      active_key: null,
      confirm_user: null,
      confirm_time: null,
      confirm_comment: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The ids a probe aims at in one project, the project's gateway and an uploaded file made by its administrator. */
async function sideOf(projectId: number, admin: Session): Promise<Side> {
  const { db } = app.ems;
  const headers = { ...admin.headers, projectid: String(projectId) };
  const first = async (label: string) =>
    Number((await db.selectFrom('node').select('id').where('project_id', '=', projectId).where('model_label', '=', label).orderBy('id').executeTakeFirstOrThrow()).id);
  const row = await db.selectFrom('project').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
  const meter = await first('meter');
  const event = await insertEvent(projectId, meter);
  const id = async (table: 'event_rule' | 'event_algorithm') =>
    Number((await db.withTables<Record<typeof table, { id: number; project_id: number }>>().selectFrom(table).select('id').where('project_id', '=', projectId).orderBy('id').executeTakeFirstOrThrow()).id);
  const { gateway } = await must<{ gateway: { id: number } }>(headers, { method: 'POST', url: '/eem-service/v1/ingest/gateway', body: { projectId, name: 'matrix gateway' } });
  const upload = multipartBody({ name: 'matrix.csv', data: 'meter code,time,value\nNOPE,2025-06-01 08:00,1\n', type: 'text/csv' });
  const file = await must<{ fileName: string }>(headers, { method: 'POST', url: '/filemanager/v1/file', raw: upload });
  const tenantId = Number(row.tenant_id);
  const rootGroup = Number((await db.selectFrom('user_group').select('id').where('tenant_id', '=', tenantId).where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id);
  return {
    tenantId,
    projectId,
    project: {
      name: row.name,
      enName: row.en_name,
      code: row.code,
      address: row.address,
      enAddress: row.en_address,
      capacityKva: Number(row.capacity_kva),
      areaM2: Number(row.area_m2),
      timezone: row.timezone,
      ...(row.latitude === null ? {} : { latitude: Number(row.latitude) }),
      ...(row.longitude === null ? {} : { longitude: Number(row.longitude) }),
      industry: row.industry,
    },
    rootGroup,
    meter,
    transformer: await first('transformer'),
    // a project without a boiler (the office) names a meter: its probes are refused before the node is looked at
    boiler: await first('boiler').catch(() => meter),
    sensor: await first('envsensor'),
    building: await first('building'),
    event,
    rule: await id('event_rule'),
    algorithm: await id('event_algorithm'),
    gateway: gateway.id,
    file: file.fileName,
  };
}

/** Throwaway objects in a side's project, made through the API by its tenant's administrator. */
function scratchOf(side: Side, admin: Session): Scratch {
  const headers = { ...admin.headers, projectid: String(side.projectId) };
  const post = <T>(url: string, body: unknown) => must<T>(headers, { method: 'POST', url, body });
  return {
    project: async () => (await post<{ projectId: number }>('/eem-service/v1/project/project', { name: `scratch ${++n}`, capacityKva: 1, timezone: 'Asia/Shanghai' })).projectId,
    scheme: async () => (await post<{ id: number }>('/eem-service/v1/cost/scheme', schemeBody(side, `scratch ${++n}`))).id,
    hazard: async () => (await post<{ id: number }>('/eem-service/v1/environment/hazard', hazardBody(side, `scratch ${++n}`))).id,
    electricityMeter: async () => (await must<{ devices: { id: number }[] }>(headers, { method: 'GET', url: `/eem-service/v1/equipmentStatus/options?projectId=${side.projectId}` })).devices[0]!.id,
    equipmentScheme: async () => {
      const meter = (await must<{ devices: { id: number }[] }>(headers, { method: 'GET', url: `/eem-service/v1/equipmentStatus/options?projectId=${side.projectId}` })).devices[0]!.id;
      return (await post<{ id: number }>('/eem-service/v1/equipmentStatus/scheme', equipmentSchemeBody(side, `scratch ${++n}`, meter))).id;
    },
    mailScheme: async () => (await post<{ id: number }>('/eem-service/v1/email/schemeLibrary', mailSchemeBody(side, `scratch ${++n}`))).id,
    reportMailScheme: async () => {
      await must(headers, { method: 'PUT', url: '/eem-service/v1/email/config', body: smtpBody(side) });
      const templateId = (await post<{ id: number }>('/eem-service/v1/report/template', reportTemplateBody(side, `scratch ${++n}`))).id;
      const reports = [{ templateId, schedule: { kind: 'daily', time: '08:00' }, lang: 'zh-CN' }];
      return (await post<{ id: number }>('/eem-service/v1/email/schemeLibrary', { ...mailSchemeBody(side, `scratch ${++n}`), reports })).id;
    },
    reportTemplate: async () => (await post<{ id: number }>('/eem-service/v1/report/template', reportTemplateBody(side, `scratch ${++n}`))).id,
    abnormalRule: async () => {
      const meter = (await must<{ meters: { id: number }[] }>(headers, { method: 'GET', url: `/eem-service/v1/abnormal/options?projectId=${side.projectId}` })).meters[0]!.id;
      return (await post<{ id: number }>('/eem-service/v1/abnormal/rule', abnormalRuleBody(side, `scratch ${++n}`, meter))).id;
    },
    abnormalFinding: async () => {
      const meter = (await must<{ meters: { id: number }[] }>(headers, { method: 'GET', url: `/eem-service/v1/abnormal/options?projectId=${side.projectId}` })).meters[0]!.id;
      const ruleId = (await post<{ id: number }>('/eem-service/v1/abnormal/rule', abnormalRuleBody(side, `scratch ${++n}`, meter))).id;
      const now = app.ems.config.now();
      const row = await app.ems.db
        .withTables<{ abnormal_finding: Record<string, unknown> }>()
        .insertInto('abnormal_finding')
        .values({ project_id: side.projectId, rule_id: ruleId, meter_id: meter, start_time: now - 3_600_000, end_time: now, level: 'warn', actual: 2, expected: 1, excess: 1, fen: 60, status: 'open', detect_time: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    rule: async () => (await post<{ id: number }>('/eem-service/v1/rule/configInfo', ruleBody(side, `scratch ${++n}`))).id,
    algorithm: async () => (await post<{ id: number }>('/eem-service/v1/rule/algorithmInfo', algorithmBody(side, `scratch ${++n}`))).id,
    room: async () => {
      const written = await post<{ children: { id: number }[] }[]>('/model/v1/write/hierachy', [{ modelLabel: 'building', id: side.building, children: [{ modelLabel: 'room', name: `scratch ${++n}` }] }]);
      return written[0]!.children[0]!.id;
    },
    event: () => insertEvent(side.projectId, side.meter),
    order: async () => (await post<{ id: number }>('/eem-service/v1/event/inspectionOrder', { eventId: await insertEvent(side.projectId, side.meter), comment: 'scratch' })).id,
    file: async () => (await must<{ fileName: string }>(headers, { method: 'POST', url: '/filemanager/v1/file', raw: multipartBody({ name: `scratch${++n}.csv`, data: 'a,b\n', type: 'text/csv' }) })).fileName,
    group: async () => (await post<{ id: number }>('/eem-service/v1/auth/admin/usergroups', { parentId: side.rootGroup, name: `scratch ${++n}` })).id,
    role: async () => (await post<{ id: number }>('/eem-service/v1/auth/admin/roles', { name: `scratch ${++n}`, pageNodes: [], auths: [] })).id,
    user: async () => (await post<{ id: number }>('/eem-service/v1/auth/admin/users', userBody(`scratch_u${++n}`))).id,
  };
}

beforeAll(async () => {
  store = await createStore('sqlite');
  app = await buildApp(store.config({ sim: false }), { logger: false, onRoute: (r) => routes.push(r) });
  await prepareStore(app);
  await addSecondTenant();
  for (const caller of CALLERS) {
    const name = nameOf(caller);
    const s = await loginAs(app, store.clock, name, name === 'ROOT' ? 'Root@12345' : DEMO);
    sessions.set(caller, { userId: s.userId, name, token: s.token, headers: s.headers });
  }
  const t2Project = Number((await app.ems.db.selectFrom('project').select('id').where('tenant_id', '=', 2).executeTakeFirstOrThrow()).id);
  const root = sessions.get('ROOT')!;
  sides = { t1: await sideOf(1, root), t2: await sideOf(t2Project, sessions.get('tenant2')!), unassigned: await sideOf(2, root) };
});

afterAll(async () => {
  await app?.close();
  await store?.dispose();
});

/** Every method and path of the route table, HEAD routes probed as their GET. */
function routeKeys(): { key: string; entryKey: string }[] {
  const keys = routes.flatMap((r) => [r.method].flat().map((m) => ({ key: `${m} ${r.url}`, entryKey: `${m === 'HEAD' ? 'GET' : m} ${r.url}` })));
  return [...new Map(keys.map((k) => [k.key, k])).values()];
}

function answered(entry: Entry, caller: Caller | null, where: Where): boolean {
  if (entry.own === 'public') return true;
  if (caller === null || where === 'foreign' || (where === 'unassigned' && !entry.tenant)) return false;
  return entry.own === 'session' || entry.own.includes(caller);
}

/** The envelope's code, or undefined when the body is not one. */
function codeOf(body: string): number | undefined {
  try {
    return (JSON.parse(body) as { code?: number }).code;
  } catch {
    return undefined;
  }
}

/** One cell: the caller's call on its own, the foreign or an unassigned project; a line when the answer is not the table's. */
async function cell(key: string, entry: Entry, caller: Caller | null, where: Where): Promise<string | undefined> {
  const tenant2 = caller === 'tenant2';
  const own = tenant2 ? sides.t2 : sides.t1;
  const side = where === 'own' ? own : where === 'unassigned' ? sides.unassigned : tenant2 ? sides.t1 : sides.t2;
  let session = caller === null ? undefined : sessions.get(caller);
  if (session && entry.fresh) {
    const s = await loginAs(app, store.clock, session.name, session.name === 'ROOT' ? 'Root@12345' : DEMO);
    session = { ...session, token: s.token, headers: s.headers };
  }
  const headerProject = entry.project ? own.projectId : side.projectId;
  const headers: Headers = { ...session?.headers, projectid: String(headerProject), 'accept-language': 'en-US' };
  const admin = sessions.get(side === sides.t2 ? 'tenant2' : 'ROOT')!;
  const probe = await entry.probe({
    side,
    me: { userId: session?.userId ?? 0, name: session?.name ?? '', token: session?.token ?? sessions.get('fw_plant')!.token },
    now: store.clock.now,
    scratch: scratchOf(side, admin),
    n: ++n,
    login: () => loginBody(store.clock, 'fw_plant', DEMO),
  });
  const method = key.startsWith('HEAD ') ? 'HEAD' : probe.method;
  const res = await inject(headers, { ...probe, method });
  const allowed = answered(entry, caller, where);
  const status = res.statusCode;
  let good: boolean;
  let want: string;
  if (allowed) {
    good = entry.ok === undefined ? status >= 200 && status < 300 : status === entry.ok;
    want = entry.ok === undefined ? '2xx' : String(entry.ok);
  } else {
    const refused = entry.refused ?? (caller === null ? 401 : 404);
    // a refusal's envelope names its status (an empty body: the socket route's plain 404)
    const code = method === 'HEAD' || status !== refused || res.body === '' ? refused : codeOf(res.body);
    good = status === refused && code === refused;
    want = String(refused);
  }
  if (good) return undefined;
  return `${key} as ${caller ?? 'no token'} on ${where === 'own' ? 'its own' : `${where === 'foreign' ? 'a foreign' : 'an unassigned'}`} project: want ${want}, got ${status} ${res.body.slice(0, 160)}`;
}

describe('authorisation matrix', () => {
  it('names every route of the route table in the allow table, and no other', () => {
    const keys = routeKeys();
    const missing = keys.filter((k) => !(k.entryKey in ALLOW)).map((k) => k.key);
    const stale = Object.keys(ALLOW).filter((k) => !keys.some((r) => r.entryKey === k));
    expect(missing, 'routes missing from the allow table (test/authz-allow.ts)').toEqual([]);
    expect(stale, 'allow table entries with no route').toEqual([]);
    expect(keys.length).toBeGreaterThan(100);
  });

  it('answers every caller on every route as the allow table says', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const { key, entryKey } of routeKeys()) {
      const entry = ALLOW[entryKey];
      if (!entry) continue;
      for (const caller of [null, ...CALLERS]) {
        const wheres: Where[] = caller !== null && PROJECT_USERS.includes(caller) ? ['own', 'foreign', 'unassigned'] : ['own', 'foreign'];
        for (const where of wheres) {
          cells++;
          const line = await cell(key, entry, caller, where);
          if (line) wrong.push(line);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBe(routeKeys().length * (2 * (1 + CALLERS.length) + PROJECT_USERS.length));
  }, 240_000);

  it('refuses list and export filters naming a node of a foreign project, not only the project itself', async () => {
    const headers = { ...sessions.get('pf_admin')!.headers, projectid: '1', 'accept-language': 'en-US' };
    const week = { startTime: store.clock.now - 7 * 86_400_000, endTime: store.clock.now };
    const probes = (s: Side): Probe[] => [
      { method: 'POST', url: '/eem-service/v1/event/query', body: { ...week, nodeId: s.building, modelLabel: 'building' } },
      { method: 'POST', url: '/eem-service/v1/event/export', body: { ...week, nodeId: s.meter, modelLabel: 'meter' } },
      { method: 'POST', url: '/eem-service/v1/rule/queryConfigList', body: { nodeId: s.sensor, modelLabel: 'envsensor' } },
      { method: 'POST', url: '/eem-service/v1/rule/queryAlgorithmList', body: { nodeId: s.building, modelLabel: 'building' } },
      { method: 'POST', url: '/eem-service/v1/environment/export', body: { table: 'hazards', nodeId: s.building, modelLabel: 'building' } },
    ];
    const statuses = async (s: Side) => Promise.all(probes(s).map(async (p) => `${p.url} ${(await inject(headers, p)).statusCode}`));
    expect(await statuses(sides.t1)).toEqual(probes(sides.t1).map((p) => `${p.url} 200`));
    expect(await statuses(sides.t2)).toEqual(probes(sides.t2).map((p) => `${p.url} 404`));
  });
});
