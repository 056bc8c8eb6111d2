import { PERMISSIONS } from '@ems/contract';
import type { Ems } from '../../context.js';
import { md5hex, safeEqual } from '../../lib/hash.js';
import {
  DEFAULT_ROOT_PASSWORD,
  DEFAULT_TENANT,
  DEMO_GROUPS,
  DEMO_PASSWORD,
  DEMO_PROJECTS,
  DEMO_ROLES,
  DEMO_TENANT,
  DEMO_USERS,
  ROOT_ROLE,
} from './demo-data.js';
import { insertDemoNodes } from './demo-plant.js';
import { DEMO_EVENT_CONFIG, seedDemoEvents } from './demo-rules.js';
import { seedRepository, type SeedRepository } from './repository.js';
import { seedDemoTariffs } from '../cost/demo-tariffs.js';
import { seedDemoHazards } from '../environment/demo-hazards.js';
import { seedDemoSchemes } from '../equipment-status/demo-schemes.js';
import { seedDemoAbnormal } from '../abnormal/demo-rules.js';

export interface SeedReport {
  /** ROOT still has Root@12345 */
  rootHasDefaultPassword: boolean;
  demo: boolean;
}

async function ensureUser(
  ems: Ems,
  repo: SeedRepository,
  user: { id?: number; name: string; nicName: string; usertype: number; password: string },
  tenantId: number,
): Promise<number> {
  const found = await repo.findUser(user.name);
  if (found) return Number(found.id);
  const id = await repo.insertUser({
    ...(user.id !== undefined ? { id: user.id } : {}),
    tenant_id: tenantId,
    name: user.name,
    nic_name: user.nicName,
    usertype: user.usertype,
    now: ems.config.now(),
  });
  await repo.setPassword(id, ems.cipher.encrypt(md5hex(user.password), id));
  return id;
}

async function seedDemo(ems: Ems, repo: SeedRepository, rootGroup: number) {
  const now = ems.config.now();
  const projectIds: number[] = [];
  for (const p of DEMO_PROJECTS) {
    const found = await repo.findProjectByName(1, p.name);
    const id = found
      ? Number(found.id)
      : await repo.insertProject({
          tenant_id: 1,
          name: p.name,
          en_name: p.enName,
          code: p.code,
          address: p.address,
          en_address: p.enAddress,
          capacity_kva: p.capacityKva,
          area_m2: p.areaM2,
          latitude: p.latitude,
          longitude: p.longitude,
          industry: p.industry,
          create_time: now,
        });
    if (!(await repo.hasNodes(id))) await insertDemoNodes(ems, id, p.nodes);
    await seedDemoEvents(ems, id, DEMO_EVENT_CONFIG[projectIds.length]);
    projectIds.push(id);
  }
  await seedDemoTariffs(ems, projectIds);
  await seedDemoHazards(ems, projectIds);
  await seedDemoSchemes(ems, projectIds);
  await seedDemoAbnormal(ems, projectIds);
  const groups = {
    platform: await repo.ensureGroup(1, rootGroup, DEMO_GROUPS.platform),
    plant: await repo.ensureGroup(1, rootGroup, DEMO_GROUPS.plant),
  };
  for (const u of DEMO_USERS) {
    const role = DEMO_ROLES[u.name];
    const { id: roleId, created } = await repo.ensureRole(1, role.name, role.customConfig);
    if (created) await repo.grant(roleId, role.permissionIds);
    const userId = await ensureUser(ems, repo, { name: u.name, nicName: u.nicName, usertype: u.usertype, password: DEMO_PASSWORD }, 1);
    await repo.assignRole(userId, roleId);
    await repo.addMember(groups[u.group], userId);
    for (const index of u.projects) {
      const projectId = projectIds[index];
      if (projectId !== undefined) await repo.assignProject(userId, projectId);
    }
  }
}

/**
 * Idempotent seeds, run at every start: tenant 1 with its root user group, ROOT (id 1) with a role
 * holding every permission, and with demo on the demo tenant, projects, nodes and users.
 */
export async function seed(ems: Ems): Promise<SeedReport> {
  const repo = seedRepository(ems.db);
  const tenant = ems.config.demo ? DEMO_TENANT : DEFAULT_TENANT;
  await repo.ensureTenant(1, tenant.name, tenant.enName, ems.config.now());
  const rootGroup = await repo.ensureGroup(1, null, tenant.name, 1);
  const rootId = await ensureUser(ems, repo, { id: 1, name: 'ROOT', nicName: 'ROOT', usertype: 1, password: ems.config.rootPassword ?? DEFAULT_ROOT_PASSWORD }, 1);
  const { id: rootRole } = await repo.ensureRole(1, ROOT_ROLE, '{}');
  await repo.grant(rootRole, PERMISSIONS.map((p) => p.id));
  await repo.assignRole(rootId, rootRole);
  await repo.addMember(rootGroup, rootId);
  await repo.syncSequences(ems.kind);
  if (ems.config.demo) await seedDemo(ems, repo, rootGroup);

  const root = await repo.findUser('ROOT');
  const stored = root ? ems.cipher.decrypt(root.password_enc, Number(root.id)) : undefined;
  return { rootHasDefaultPassword: stored !== undefined && safeEqual(stored, md5hex(DEFAULT_ROOT_PASSWORD)), demo: ems.config.demo };
}
