import type { Selectable } from 'kysely';
import { ErrorCode, type BackgroundHealth, type CloudProjectNode, type ProjectBody, type ProjectInfo, type ProjectSummary } from '@ems/contract';
import { isIanaTimeZone } from '@ems/domain';
import type { Ems, Session } from '../../context.js';
import type { ProjectTable } from '../../db/schema.js';
import { ApiError, conflict, noPermission, notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { isPlatformUser } from '../auth/session-service.js';
import { adminTenantOf } from '../admin/scope.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { backgroundHealth } from './background-health.js';
import { projectRepository } from './repository.js';

export function toProjectInfo(p: Selectable<ProjectTable>): ProjectInfo {
  return {
    projectId: Number(p.id),
    name: p.name,
    enName: p.en_name,
    tenantid: Number(p.tenant_id),
    belongTenantId: Number(p.tenant_id),
    code: p.code,
    address: p.address,
    enAddress: p.en_address,
    capacityKva: Number(p.capacity_kva),
    areaM2: Number(p.area_m2),
    timezone: p.timezone,
    latitude: p.latitude === null ? null : Number(p.latitude),
    longitude: p.longitude === null ? null : Number(p.longitude),
    industry: p.industry,
    createTime: Number(p.create_time),
  };
}

export async function listProjects(ems: Ems, session: Session): Promise<ProjectInfo[]> {
  // the ids are the scope (visibleProjectIds): a service provider's platform users' include their customers' projects
  const rows = await projectRepository(ems.db).listProjects([...session.projectIds]);
  return rows.map(toProjectInfo);
}

/** The tenant with its projects: a tree (children) or a flat list, tenant first. 404 outside scope. */
export async function cloudProjects(ems: Ems, session: Session, tenantId: number, tree: boolean): Promise<CloudProjectNode[]> {
  if (tenantId !== session.tenantId) throw notFound();
  const tenant = await projectRepository(ems.db).findTenant(tenantId);
  if (!tenant) throw notFound();
  const projects: CloudProjectNode[] = (await listProjects(ems, session)).map((p) => ({
    ...p,
    id: p.projectId,
    modelLabel: 'project',
  }));
  const root: CloudProjectNode = { id: Number(tenant.id), modelLabel: 'tenant', name: tenant.name, enName: tenant.en_name, tenantid: Number(tenant.id) };
  return tree ? [{ ...root, children: projects }] : [root, ...projects];
}

/**
 * A project in the caller's scope (session.projectIds). `ownTenant`: also in the caller's own tenant — a
 * service provider looks after its customers' projects (opens them, reads and configures their model)
 * but does not rename or delete them (issue 13): for those, another tenant's project is 404.
 */
async function visibleProject(ems: Ems, session: Session, id: number, ownTenant = false) {
  if (!session.projectIds.includes(id)) throw notFound();
  const row = await projectRepository(ems.db).findProject(ownTenant ? session.tenantId : null, id);
  if (!row) throw notFound();
  return row;
}

export async function projectSummary(ems: Ems, session: Session, id: number): Promise<ProjectSummary> {
  const repo = projectRepository(ems.db);
  const row = await visibleProject(ems, session, id);
  return { project: toProjectInfo(row), nodeCounts: await repo.nodeCounts(id), userCount: await repo.userCount(Number(row.tenant_id), id) };
}

/**
 * Every day, month and tariff period of a project is computed in its zone: a name the runtime cannot
 * use would break each of them (and, before this check, the rule engine's timed checks) later.
 */
function checkTimeZone(lang: Lang, zone: string | undefined): void {
  if (zone === undefined || isIanaTimeZone(zone)) return;
  const why = lang === 'en' ? 'not an IANA time zone (e.g. Asia/Shanghai, Europe/Berlin, UTC)' : '不是有效的 IANA 时区（如 Asia/Shanghai、Europe/Berlin、UTC）';
  throw new ApiError(400, ErrorCode.badRequest, 'invalidField', null, ['timezone', why]);
}

function columns(body: ProjectBody) {
  return {
    name: body.name,
    en_name: body.enName ?? '',
    code: body.code ?? '',
    address: body.address ?? '',
    en_address: body.enAddress ?? '',
    capacity_kva: body.capacityKva,
    area_m2: body.areaM2 ?? 0,
    timezone: body.timezone ?? 'Asia/Shanghai',
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    industry: body.industry ?? '',
  };
}

export async function createProject(ems: Ems, session: Session, lang: Lang, body: ProjectBody, actor?: AuditActor): Promise<ProjectInfo> {
  checkTimeZone(lang, body.timezone);
  const repo = projectRepository(ems.db);
  // another tenant's project: the platform operator only (issue 13), else 404
  const tenantId = adminTenantOf(session, body.tenantId);
  if (tenantId !== session.tenantId && !(await repo.findTenant(tenantId))) throw notFound();
  if (await repo.nameTaken(tenantId, body.name)) throw conflict('nameTaken');
  const assign = tenantId !== session.tenantId || isPlatformUser(session.usertype, session.isRoot) ? undefined : session.userId;
  const id = await repo.insertProject({ ...columns(body), tenant_id: tenantId, create_time: ems.config.now() }, assign);
  const row = await repo.findProject(tenantId, id);
  if (!row) throw notFound();
  const info = toProjectInfo(row);
  if (actor) await recordAudit(ems, { ...actor, tenantId: Number(row.tenant_id) }, { kind: 'project', action: 'create', targetType: 'project', targetId: id, targetName: row.name, after: info });
  return info;
}

export async function updateProject(ems: Ems, session: Session, lang: Lang, id: number, body: ProjectBody, actor?: AuditActor): Promise<ProjectInfo> {
  const repo = projectRepository(ems.db);
  const before = toProjectInfo(await visibleProject(ems, session, id, true));
  checkTimeZone(lang, body.timezone);
  if (await repo.nameTaken(session.tenantId, body.name, id)) throw conflict('nameTaken');
  await repo.updateProject(session.tenantId, id, columns(body));
  const after = toProjectInfo(await visibleProject(ems, session, id, true));
  if (actor) await recordAudit(ems, actor, { kind: 'project', action: 'update', targetType: 'project', targetId: id, targetName: after.name, before, after });
  return after;
}

export async function deleteProject(ems: Ems, session: Session, id: number, actor?: AuditActor): Promise<void> {
  const before = toProjectInfo(await visibleProject(ems, session, id, true));
  await projectRepository(ems.db).deleteProject(session.tenantId, id);
  if (actor) await recordAudit(ems, actor, { kind: 'project', action: 'delete', targetType: 'project', targetId: id, targetName: before.name, before });
}

/**
 * The background passes' records of the caller's projects, for administrators only (ROOT, platform
 * administrators: every project of the tenant; project administrators: their projects): a failing
 * project is theirs to fix (its configuration), and an error text may name internals.
 */
export function backgroundHealthOf(ems: Ems, session: Session): BackgroundHealth[] {
  if (!session.isRoot && session.usertype !== 1 && session.usertype !== 3) throw noPermission();
  return backgroundHealth(ems).list(session.projectIds);
}
