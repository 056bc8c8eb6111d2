import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { ProjectTable } from '../../db/schema.js';
import type { Insertable, Updateable } from 'kysely';

/** All SQL of tenants, projects and their nodes. Every read is scoped by tenant and project ids. */
export function projectRepository(db: Db) {
  return {
    /**
     * Projects a user may see: for platform users (1, 2) all of the tenant and, when the tenant is a
     * service provider (issue 13), all of every enabled tenant it looks after (tenant_provider); else
     * those assigned (own tenant only).
     */
    async visibleProjectIds(user: { id: number; tenantId: number; platform: boolean }): Promise<number[]> {
      const rows = user.platform
        ? await db
            .selectFrom('project')
            .select('id')
            .where((eb) =>
              eb.or([
                eb('tenant_id', '=', user.tenantId),
                eb(
                  'tenant_id',
                  'in',
                  eb
                    .selectFrom('tenant_provider')
                    .innerJoin('tenant as provider', 'provider.id', 'tenant_provider.provider_id')
                    .innerJoin('tenant as customer', 'customer.id', 'tenant_provider.tenant_id')
                    .select('tenant_provider.tenant_id')
                    .where('tenant_provider.provider_id', '=', user.tenantId)
                    .where('provider.kind', '=', 'provider')
                    .where('customer.enabled', '=', 1),
                ),
              ]),
            )
            .orderBy('id')
            .execute()
        : await db
            .selectFrom('project')
            .innerJoin('user_project', 'user_project.project_id', 'project.id')
            .select('project.id')
            .where('project.tenant_id', '=', user.tenantId)
            .where('user_project.user_id', '=', user.id)
            .orderBy('project.id')
            .execute();
      return rows.map((r) => Number(r.id));
    },

    /** The projects of the ids (already scoped by visibleProjectIds: a provider's include its customers'). */
    listProjects(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('project').selectAll().where('id', 'in', ids).orderBy('id').execute();
    },

    /** A project by id in the tenant, or (tenantId null) by id alone for callers that checked the scope. */
    findProject(tenantId: number | null, id: number) {
      let q = db.selectFrom('project').selectAll().where('id', '=', id);
      if (tenantId !== null) q = q.where('tenant_id', '=', tenantId);
      return q.executeTakeFirst();
    },

    findTenant(id: number) {
      return db.selectFrom('tenant').select(['id', 'name', 'en_name']).where('id', '=', id).executeTakeFirst();
    },

    async nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('project').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insertProject(values: Insertable<ProjectTable>, assignUserId?: number): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const row = await tx.insertInto('project').values(values).returning('id').executeTakeFirstOrThrow();
        const id = Number(row.id);
        if (assignUserId !== undefined) await tx.insertInto('user_project').values({ user_id: assignUserId, project_id: id }).execute();
        return id;
      });
    },

    async updateProject(tenantId: number, id: number, values: Updateable<ProjectTable>) {
      await db.updateTable('project').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    async deleteProject(tenantId: number, id: number) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('user_project').where('project_id', '=', id).execute();
        await tx.deleteFrom('node').where('project_id', '=', id).execute();
        await tx.deleteFrom('project').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      });
    },

    async nodeCounts(projectId: number) {
      const rows = await db
        .selectFrom('node')
        .select(['model_label', sql<number>`cast(count(*) as integer)`.as('count')])
        .where('project_id', '=', projectId)
        .groupBy('model_label')
        .orderBy('model_label')
        .execute();
      return rows.map((r) => ({ modelLabel: r.model_label, count: Number(r.count) }));
    },

    /** Users of the tenant who may see the project: platform users plus those assigned to it. */
    async userCount(tenantId: number, projectId: number): Promise<number> {
      const row = await db
        .selectFrom('app_user')
        .select(sql<number>`cast(count(*) as integer)`.as('n'))
        .where('tenant_id', '=', tenantId)
        .where('enabled', '=', 1)
        .where((eb) =>
          eb.or([
            eb('usertype', 'in', [1, 2]),
            eb('id', 'in', eb.selectFrom('user_project').select('user_id').where('project_id', '=', projectId)),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ProjectRepository = ReturnType<typeof projectRepository>;
