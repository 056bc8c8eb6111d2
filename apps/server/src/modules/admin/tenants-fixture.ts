// Test helper (issue 13): a tenant with an administrator, made straight in the store as the seed does.
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '@ems/contract';
import { md5hex } from '../../lib/hash.js';
import { DEMO } from '../../test/helpers.js';
import { seedRepository } from '../seed/repository.js';

/** A user of the tenant (password DEMO) holding every permission, in the tenant's root group; its id. */
export async function tenantAdmin(app: FastifyInstance, tenantId: number, name: string, usertype = 1): Promise<number> {
  const { ems } = app;
  const repo = seedRepository(ems.db);
  const root = await ems.db.selectFrom('user_group').select('id').where('tenant_id', '=', tenantId).where('parent_id', 'is', null).executeTakeFirstOrThrow();
  const userId = await repo.insertUser({ tenant_id: tenantId, name, nic_name: `${name} nick`, usertype, now: ems.config.now() });
  await repo.setPassword(userId, ems.cipher.encrypt(md5hex(DEMO), userId));
  const { id: role } = await repo.ensureRole(tenantId, `${name} role`, '{}');
  await repo.grant(role, PERMISSIONS.map((p) => p.id));
  await repo.assignRole(userId, role);
  await repo.addMember(Number(root.id), userId);
  return userId;
}
