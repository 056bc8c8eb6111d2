import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config/types.js';
import type { Ems } from './context.js';
import { openDb } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { PasswordCipher } from './lib/password-cipher.js';
import { authRoutes } from './modules/auth/routes.js';
import { commonRoutes } from './modules/common/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { modelRoutes } from './modules/model/routes.js';
import { projectRoutes } from './modules/project/routes.js';
import { seed, type SeedReport } from './modules/seed/service.js';
import { systemRoutes } from './modules/system/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { ensureSystemConfig, readSystemConfig } from './modules/system/service.js';
import { userRoutes } from './modules/user/routes.js';
import { adminRoleRoutes } from './modules/admin/roles-routes.js';
import { adminUserRoutes } from './modules/admin/users-routes.js';
import { timeseriesRoutes } from './modules/timeseries/routes.js';
import { ingestRoutes } from './ingest/routes.js';
import { trendRoutes } from './modules/trend/routes.js';
import { monitorRoutes } from './modules/monitor/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { analysisRoutes } from './modules/analysis/routes.js';
import { costRoutes } from './modules/cost/routes.js';
import { balanceRoutes } from './modules/balance/routes.js';
import { environmentRoutes } from './modules/environment/routes.js';
import { powerRoutes } from './modules/power/routes.js';
import { boilerRoutes } from './modules/boiler/routes.js';
import { compressorRoutes } from './modules/compressor/routes.js';
import { chillerRoutes } from './modules/chiller/routes.js';
import { equipmentStatusRoutes } from './modules/equipment-status/routes.js';
import { reportRoutes } from './modules/report/routes.js';
import { abnormalRoutes } from './modules/abnormal/routes.js';
import { registerAbnormalChecks } from './modules/abnormal/background.js';
import { registerReadingRetention } from './modules/timeseries/retention.js';
import { registerSeriesCompaction } from './modules/timeseries/compaction-job.js';
import { efficiencyStandardRoutes } from './modules/efficiency-standards/routes.js';
import { registerPqAggregates } from './modules/power/pq-aggregator.js';
import { forecastRoutes } from './modules/forecast/routes.js';
import { flowRoutes } from './modules/flow/routes.js';
import { filemanagerRoutes } from './modules/filemanager/routes.js';
import { tenantRoutes } from './modules/admin/tenants-routes.js';
import { groupRoutes } from './modules/admin/groups-routes.js';
import { fileAdminRoutes } from './modules/admin/files-routes.js';
import { manualImportRoutes } from './ingest/manual-import-routes.js';
import { registerAuth } from './plugins/auth.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { requestValidators } from './plugins/validation.js';
import { registerSecurityHeaders, registerWeb } from './plugins/web.js';
import { registerSim } from './sim/routes.js';
import { createNotifier } from './modules/message/notifier.js';
import { eventRoutes, registerEventEngine } from './modules/event/index.js';
import { emailRoutes, registerEmail } from './modules/email/routes.js';
import { registerLiveChannel } from './plugins/websocket.js';

export interface BuildOptions {
  /** pino logger options; false (tests) for none */
  logger?: boolean | { level: string };
  /** told of every route as it is added: benches read the route table this way, so no route is missed */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the Fastify instance from its plugins; opens the store (closed with the app). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: { buildValidator: requestValidators() } },
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const db = openDb(config.store);
  const ems: Ems = {
    db,
    kind: config.store.kind,
    config,
    cipher: new PasswordCipher(config.key),
    systemConfig: () => readSystemConfig(config.dataDir),
    notifier: createNotifier(db),
    readingListeners: new Set(),
  };
  app.decorate('ems', ems);
  app.addHook('onClose', async () => db.destroy());

  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerAuth(app);
  await registerWeb(app, config.webDir);
  await app.register(healthRoutes);
  await app.register(systemRoutes);
  await app.register(auditRoutes);
  await app.register(commonRoutes);
  await app.register(authRoutes);
  await app.register(ssoRoutes);
  await app.register(userRoutes);
  await app.register(adminRoleRoutes);
  await app.register(adminUserRoutes);
  await app.register(tenantRoutes);
  await app.register(groupRoutes);
  await app.register(fileAdminRoutes);
  await app.register(projectRoutes);
  await app.register(timeseriesRoutes);
  await app.register(ingestRoutes);
  await app.register(modelRoutes);
  registerSim(app);
  await app.register(trendRoutes);
  await app.register(monitorRoutes);
  await app.register(dashboardRoutes);
  await app.register(analysisRoutes);
  await app.register(costRoutes);
  await app.register(balanceRoutes);
  await app.register(environmentRoutes);
  await app.register(powerRoutes);
  await app.register(boilerRoutes);
  await app.register(compressorRoutes);
  await app.register(chillerRoutes);
  await app.register(equipmentStatusRoutes);
  await app.register(reportRoutes);
  await app.register(abnormalRoutes);
  registerAbnormalChecks(app);
  await app.register(efficiencyStandardRoutes);
  await app.register(forecastRoutes);
  await app.register(flowRoutes);
  await app.register(filemanagerRoutes);
  await app.register(manualImportRoutes);
  await app.register(eventRoutes);
  registerEventEngine(app);
  await app.register(emailRoutes);
  registerEmail(app);
  registerPqAggregates(app);
  registerReadingRetention(app);
  registerSeriesCompaction(app);
  await registerLiveChannel(app);
  return app;
}

/** Migrates and seeds the store and writes the default system configuration file if missing. */
export async function prepareStore(app: FastifyInstance): Promise<SeedReport> {
  ensureSystemConfig(app.ems.config.dataDir);
  await migrate(app.ems.db, app.ems.kind);
  return seed(app.ems);
}
