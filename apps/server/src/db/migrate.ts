import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import { initial } from './migrations/0001-initial.js';
import { model } from './migrations/0002-model.js';
import { timeseries } from './migrations/0003-timeseries.js';
import { files } from './migrations/0004-files.js';
import { notifications } from './migrations/0005-notifications.js';
import { events } from './migrations/0006-events.js';
import { tariff } from './migrations/0007-tariff.js';
import { dataPoints } from './migrations/0008-data-points.js';
import { hazard } from './migrations/0010-hazard.js';
import { inspectionOrders } from './migrations/0011-inspection-orders.js';
import { pqAggregate } from './migrations/0012-pq-aggregate.js';
import { eventHistory } from './migrations/0014-event-history.js';
import { eventQuantity } from './migrations/0015-event-quantity.js';
import { eventEndIndex } from './migrations/0016-event-end-index.js';
import { admin } from './migrations/0017-admin.js';
import { sso } from './migrations/0018-sso.js';
import { serviceProvider } from './migrations/0019-service-provider.js';
import { efficiencyStandards } from './migrations/0020-efficiency-standards.js';
import { boilerPoints } from './migrations/0023-boiler-points.js';
import { compressorPoints } from './migrations/0022-compressor-points.js';
import { chillerPoints } from './migrations/0021-chiller-points.js';
import { equipmentStatus } from './migrations/0024-equipment-status.js';
import { reportTemplates } from './migrations/0025-report-templates.js';
import { abnormal } from './migrations/0027-abnormal.js';
import { email } from './migrations/0026-email.js';
import { readingPyramid } from './migrations/0028-reading-pyramid.js';
import { rollupsWithoutRowid } from './migrations/0029-rollups-without-rowid.js';
import { rollupAutovacuum } from './migrations/0030-hot-rollups.js';
import { seriesDays } from './migrations/0031-series-days.js';
import { seriesDaysMark } from './migrations/0032-series-days-mark.js';
import { writeGuard } from './migrations/0033-write-guard.js';

export type StoreKind = 'sqlite' | 'postgres';

/** The numbered migrations, in code so the bundle carries them; the same set runs on both stores. */
function migrations(kind: StoreKind): Record<string, Migration> {
  return {
    '0001-initial': initial(kind),
    '0002-model': model(),
    '0003-timeseries': timeseries(kind),
    '0004-files': files(kind),
    '0005-notifications': notifications(kind),
    '0006-events': events(kind),
    '0007-tariff': tariff(kind),
    '0008-data-points': dataPoints(),
    '0010-hazard': hazard(kind),
    '0011-inspection-orders': inspectionOrders(),
    '0012-pq-aggregate': pqAggregate(kind),
    '0014-event-history': eventHistory(),
    '0015-event-quantity': eventQuantity(),
    '0016-event-end-index': eventEndIndex(),
    '0017-admin': admin(kind),
    '0018-sso': sso(),
    '0019-service-provider': serviceProvider(),
    '0020-efficiency-standards': efficiencyStandards(),
    '0023-boiler-points': boilerPoints(),
    '0022-compressor-points': compressorPoints(),
    '0021-chiller-points': chillerPoints(),
    '0024-equipment-status': equipmentStatus(kind),
    '0025-report-templates': reportTemplates(kind),
    '0027-abnormal': abnormal(kind),
    '0026-email': email(kind),
    '0028-reading-pyramid': readingPyramid(kind),
    '0029-rollups-without-rowid': rollupsWithoutRowid(kind),
    '0030-hot-rollups': rollupAutovacuum(kind),
    '0031-series-days': seriesDays(kind),
    '0032-series-days-mark': seriesDaysMark(kind),
    '0033-write-guard': writeGuard(kind),
  };
}

/** Applies pending migrations; throws with the failing migration's error. */
export async function migrate(db: Db, kind: StoreKind): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(kind) };
  // Kysely finds its bookkeeping tables by introspection across every schema: pin them to the schema
  // this connection writes to, or another schema's kysely_migration_lock (a second deployment or a
  // test run in the same database) is taken for ours.
  const migrationTableSchema =
    kind === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  // Issues number their migrations ahead of time (0010 may land after 0011): a store that already ran a
  // later one still gets the earlier one, instead of Kysely refusing to start ("corrupted migrations").
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}
