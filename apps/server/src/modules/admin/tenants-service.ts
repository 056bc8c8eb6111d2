import type { TenantBody, TenantCreateBody, TenantInfo, TenantProject, TenantProjectMember } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError, conflict, noPermission, notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { ErrorCode } from '@ems/contract';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { isOperator, OPERATOR_TENANT_ID } from './scope.js';
import { tenantsRepository } from './tenants-repository.js';

/** Tenant administration is the platform operator's alone: anyone else gets 404 (no operation permission). */
function operatorOnly(session: Session) {
  if (!isOperator(session)) throw noPermission();
}

type Row = Awaited<ReturnType<ReturnType<typeof tenantsRepository>['list']>>[number];
const toInfo = (r: Row, links: Map<number, number[]>): TenantInfo => ({
  id: Number(r.id),
  name: r.name,
  enName: r.en_name,
  enabled: Number(r.enabled) === 1,
  createTime: Number(r.create_time),
  projectCount: Number(r.project_count ?? 0),
  userCount: Number(r.user_count ?? 0),
  rootUserGroupID: r.root_group === null || r.root_group === undefined ? 0 : Number(r.root_group),
  ...(r.kind === 'provider' ? { kind: 'provider' as const, customerIds: links.get(Number(r.id)) ?? [] } : { kind: 'tenant' as const }),
});

async function infos(ems: Ems): Promise<TenantInfo[]> {
  const repo = tenantsRepository(ems.db);
  const [rows, links] = await Promise.all([repo.list(), repo.customerLinks()]);
  return rows.map((r) => toInfo(r, links));
}

export async function listTenants(ems: Ems, session: Session): Promise<TenantInfo[]> {
  operatorOnly(session);
  return infos(ems);
}

async function infoOf(ems: Ems, id: number): Promise<TenantInfo> {
  const info = (await infos(ems)).find((r) => r.id === id);
  if (!info) throw notFound();
  return info;
}

const snapshot = (t: TenantInfo) => ({ id: t.id, name: t.name, enName: t.enName, enabled: t.enabled, kind: t.kind });

export async function createTenant(ems: Ems, session: Session, actor: AuditActor, body: TenantCreateBody): Promise<TenantInfo> {
  operatorOnly(session);
  const repo = tenantsRepository(ems.db);
  if (await repo.nameTaken(body.name)) throw conflict('nameTaken');
  const { id } = await repo.insert(body.name, body.enName ?? '', ems.config.now(), body.kind ?? 'tenant');
  const info = await infoOf(ems, id);
  await recordAudit(ems, actor, { kind: 'tenant', action: 'create', targetType: 'tenant', targetId: id, targetName: info.name, after: snapshot(info) });
  return info;
}

export async function renameTenant(ems: Ems, session: Session, actor: AuditActor, id: number, body: TenantBody): Promise<TenantInfo> {
  operatorOnly(session);
  const repo = tenantsRepository(ems.db);
  const before = await infoOf(ems, id);
  if (await repo.nameTaken(body.name, id)) throw conflict('nameTaken');
  await repo.rename(id, before.name, body.name, body.enName ?? before.enName);
  const after = await infoOf(ems, id);
  await recordAudit(ems, actor, { kind: 'tenant', action: 'update', targetType: 'tenant', targetId: id, targetName: after.name, before: snapshot(before), after: snapshot(after) });
  return after;
}

/**
 * Enables or disables a tenant. Disabling: its users can no longer sign in (the login and the token
 * check join tenant.enabled), their tokens are revoked and their sockets closed. The operator's own
 * tenant cannot be disabled (409).
 */
export async function setTenantEnabled(
  ems: Ems,
  session: Session,
  actor: AuditActor,
  id: number,
  enabled: boolean,
  endSession: (tokenHash: string) => Promise<void>,
): Promise<TenantInfo> {
  operatorOnly(session);
  const before = await infoOf(ems, id);
  if (!enabled && id === OPERATOR_TENANT_ID) throw new ApiError(409, ErrorCode.conflict, 'operatorTenant');
  const ended = await tenantsRepository(ems.db).setEnabled(id, enabled, ems.config.now());
  for (const tokenHash of ended) await endSession(tokenHash);
  const after = await infoOf(ems, id);
  await recordAudit(ems, actor, {
    kind: 'tenant',
    action: enabled ? 'enable' : 'disable',
    targetType: 'tenant',
    targetId: id,
    targetName: after.name,
    before: snapshot(before),
    after: snapshot(after),
    detail: enabled ? '' : `sessions ended: ${ended.length}`,
  });
  return after;
}

const badCustomers = (why: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, ['tenantIds', why]);

/**
 * Sets the tenants a service provider looks after (issue 13). Its platform users (types 1, 2) then see
 * every project of those tenants while they are enabled (project/repository visibleProjectIds); the
 * session cache refreshes on the write (tenant_provider is a session table). The provider opens,
 * reads and configures its customers' projects; renaming or deleting one stays with the customer.
 * 400 naming `tenantIds` when the target is not a provider, or a listed id is unknown, the operator's
 * tenant, the provider itself or another provider.
 */
export async function setTenantCustomers(ems: Ems, session: Session, actor: AuditActor, lang: Lang, id: number, tenantIds: readonly number[]): Promise<TenantInfo> {
  operatorOnly(session);
  const repo = tenantsRepository(ems.db);
  const before = await infoOf(ems, id);
  const en = lang === 'en';
  if (before.kind !== 'provider') throw badCustomers(en ? 'the tenant is not a service provider' : '该租户不是服务商');
  const ids = [...new Set(tenantIds)].sort((a, b) => a - b);
  const kinds = new Map((await repo.kinds(ids)).map((r) => [Number(r.id), r.kind]));
  for (const t of ids) {
    if (t === OPERATOR_TENANT_ID) throw badCustomers(en ? "the platform operator's tenant cannot be a customer" : '平台运营方的租户不能作为客户');
    if (t === id) throw badCustomers(en ? 'a service provider cannot look after itself' : '服务商不能服务自身');
    const kind = kinds.get(t);
    if (kind === undefined) throw badCustomers(en ? `unknown tenant ${t}` : `租户 ${t} 不存在`);
    if (kind === 'provider') throw badCustomers(en ? `tenant ${t} is a service provider` : `租户 ${t} 是服务商`);
  }
  await repo.setCustomers(id, ids);
  const after = await infoOf(ems, id);
  await recordAudit(ems, actor, {
    kind: 'tenant',
    action: 'customers',
    targetType: 'tenant',
    targetId: id,
    targetName: after.name,
    before: { customerIds: before.customerIds ?? [] },
    after: { customerIds: after.customerIds ?? [] },
  });
  return after;
}

/** The tenant's projects, each with its members: the tenant's platform users (types 1, 2) and the users assigned to it. */
export async function tenantProjects(ems: Ems, session: Session, id: number): Promise<TenantProject[]> {
  operatorOnly(session);
  const repo = tenantsRepository(ems.db);
  if (!(await repo.find(id))) throw notFound();
  const [projects, users, assignments] = await Promise.all([repo.projects(id), repo.users(id), repo.assignments(id)]);
  const assigned = new Map<number, Set<number>>();
  for (const a of assignments) {
    const set = assigned.get(Number(a.project_id)) ?? new Set<number>();
    set.add(Number(a.user_id));
    assigned.set(Number(a.project_id), set);
  }
  return projects.map((p) => {
    const mine = assigned.get(Number(p.id)) ?? new Set<number>();
    const members: TenantProjectMember[] = [];
    for (const u of users) {
      const platform = u.usertype === 1 || u.usertype === 2 || Number(u.id) === 1;
      if (!platform && !mine.has(Number(u.id))) continue;
      members.push({ id: Number(u.id), name: u.name, nicName: u.nic_name, usertype: Number(u.usertype), enabled: Number(u.enabled) === 1, via: platform ? 'platform' : 'assigned' });
    }
    return { projectId: Number(p.id), name: p.name, enName: p.en_name, code: p.code, createTime: Number(p.create_time), members };
  });
}
