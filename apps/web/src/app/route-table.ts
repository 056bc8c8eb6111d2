import { NAV_GROUPS, NAV_ROUTES, type NavRoute } from '@ems/contract';
import { lazyPage, type LazyPage } from '../lib/lazy-page';

type Page = LazyPage;

/**
 * The `built` registry: navigation keys whose page exists. Every other entry of NAV_ROUTES stays
 * out of the menu and the router. One route table drives router, menu, tabs and breadcrumb.
 */
const BUILT: Record<string, Page> = {
  projectnavigation: lazyPage(() => import('../features/project-navigation').then((m) => ({ default: m.ProjectNavigationPage }))),
  cloudProjectConfig: lazyPage(() => import('../features/project-config').then((m) => ({ default: m.ProjectConfigPage }))),
  pfHome: lazyPage(() => import('../features/home').then((m) => ({ default: m.PlatformHomePage }))),
  home: lazyPage(() => import('../features/home').then((m) => ({ default: m.ProjectHomePage }))),
  equipmentTrendAnalysis: lazyPage(() => import('../features/equipment-trend').then((m) => ({ default: m.EquipmentTrendPage }))),
  deviceMonitor: lazyPage(() => import('../features/device-monitor').then((m) => ({ default: m.DeviceMonitorPage }))),
  modelManage: lazyPage(() => import('../features/model-manage').then((m) => ({ default: m.ModelManagePage }))),
  demandevent: lazyPage(() => import('../features/events').then((m) => ({ default: m.EVENT_ROUTE_PAGES.demandevent }))),
  energyEfficiencyEvent: lazyPage(() => import('../features/events').then((m) => ({ default: m.EVENT_ROUTE_PAGES.energyEfficiencyEvent }))),
  energyConsumptionEvent: lazyPage(() => import('../features/events').then((m) => ({ default: m.EVENT_ROUTE_PAGES.energyConsumptionEvent }))),
  inspectorder: lazyPage(() => import('../features/events').then((m) => ({ default: m.EVENT_ROUTE_PAGES.inspectorder }))),
  energyLossWarning: lazyPage(() => import('../features/events').then((m) => ({ default: m.EVENT_ROUTE_PAGES.energyLossWarning }))),
  eventDiagnosis: lazyPage(() => import('../features/events').then((m) => ({ default: m.EVENT_ROUTE_PAGES.eventDiagnosis }))),
  energyLossEvent: lazyPage(() => import('../features/events').then((m) => ({ default: m.EVENT_ROUTE_PAGES.energyLossEvent }))),
  energyConsumption: lazyPage(() => import('../features/analysis').then((m) => ({ default: m.ANALYSIS_ROUTE_PAGES.energyConsumption }))),
  energyCostAnalysis: lazyPage(() => import('../features/cost').then((m) => ({ default: m.COST_ROUTE_PAGES.energyCostAnalysis }))),
  dudianEnergyFee: lazyPage(() => import('../features/cost').then((m) => ({ default: m.COST_ROUTE_PAGES.dudianEnergyFee }))),
  baseEnergyFee: lazyPage(() => import('../features/cost').then((m) => ({ default: m.COST_ROUTE_PAGES.baseEnergyFee }))),
  litiaoEnergyFee: lazyPage(() => import('../features/cost').then((m) => ({ default: m.COST_ROUTE_PAGES.litiaoEnergyFee }))),
  admin_rule: lazyPage(() => import('../features/rule-config').then((m) => ({ default: m.RuleConfigPage }))),
  admin_algorithm: lazyPage(() => import('../features/rule-config').then((m) => ({ default: m.AlgorithmConfigPage }))),
  admin_tenant: lazyPage(() => import('../features/admin-tenant').then((m) => ({ default: m.TenantAdminPage }))),
  admin_usergroup: lazyPage(() => import('../features/admin-usergroup').then((m) => ({ default: m.UserGroupAdminPage }))),
  admin_file: lazyPage(() => import('../features/admin-file').then((m) => ({ default: m.FileAdminPage }))),
  admin_log: lazyPage(() => import('../features/admin-log').then((m) => ({ default: m.AdminLogPage }))),
  admin_sysconfig: lazyPage(() => import('../features/admin-sysconfig').then((m) => ({ default: m.AdminSysconfigPage }))),
  admin_user: lazyPage(() => import('../features/admin-user').then((m) => ({ default: m.AdminUserPage }))),
  admin_role: lazyPage(() => import('../features/admin-role').then((m) => ({ default: m.RolePage }))),
  admin_permission: lazyPage(() => import('../features/admin-role').then((m) => ({ default: m.PermissionPage }))),
  balanceConsumption: lazyPage(() => import('../features/balance').then((m) => ({ default: m.BalancePage }))),
  pipeQueryAndAnalysis: lazyPage(() => import('../features/balance').then((m) => ({ default: m.PipePage }))),
  plantEnvironment: lazyPage(() => import('../features/environment').then((m) => ({ default: m.PlantEnvironmentPage }))),
  hazardSourceMonitoring: lazyPage(() => import('../features/environment').then((m) => ({ default: m.HazardSourcePage }))),
  videoMonitor: lazyPage(() => import('../features/environment').then((m) => ({ default: m.VideoMonitorPage }))),
  generatrixMonitor: lazyPage(() => import('../features/power').then((m) => ({ default: m.POWER_ROUTE_PAGES.generatrixMonitor }))),
  powertransformerOverview: lazyPage(() => import('../features/power').then((m) => ({ default: m.POWER_ROUTE_PAGES.powertransformerOverview }))),
  powertransformerAnalysis: lazyPage(() => import('../features/power').then((m) => ({ default: m.POWER_ROUTE_PAGES.powertransformerAnalysis }))),
  transformerEnergyEfficiency: lazyPage(() => import('../features/power').then((m) => ({ default: m.POWER_ROUTE_PAGES.transformerEnergyEfficiency }))),
  airCompressionEnergyEfficiency: lazyPage(() => import('../features/efficiency-compressor').then((m) => ({ default: m.CompressorPage }))),
  refrigerationEfficiency: lazyPage(() => import('../features/efficiency-chiller').then((m) => ({ default: m.ChillerEfficiencyPage }))),
  energyFlowAnalyse: lazyPage(() => import('../features/flow').then((m) => ({ default: m.FlowAnalysePage }))),
  energyFlowAnalysis: lazyPage(() => import('../features/flow').then((m) => ({ default: m.FlowDiagramPage }))),
  energyPredictionAndAnalysis: lazyPage(() => import('../features/forecast').then((m) => ({ default: m.FORECAST_ROUTE_PAGES.energyPredictionAndAnalysis }))),
  energyPredict: lazyPage(() => import('../features/forecast').then((m) => ({ default: m.FORECAST_ROUTE_PAGES.energyPredict }))),
  boilerEnergyEfficiency: lazyPage(() => import('../features/efficiency-boiler').then((m) => ({ default: m.BoilerEfficiencyPage }))),
  deviceRunningStateScheme: lazyPage(() => import('../features/equipment-status').then((m) => ({ default: m.EQUIPMENT_STATUS_PAGES.deviceRunningStateScheme }))),
  deviceStateEnergyConsumption: lazyPage(() => import('../features/equipment-status').then((m) => ({ default: m.EQUIPMENT_STATUS_PAGES.deviceStateEnergyConsumption }))),
  useException: lazyPage(() => import('../features/abnormal').then((m) => ({ default: m.ABNORMAL_PAGES.useException }))),
  onlyReport: lazyPage(() => import('../features/report').then((m) => ({ default: m.ReportPage }))),
  emailserverset: lazyPage(() => import('../features/email').then((m) => ({ default: m.EMAIL_PAGES.emailserverset }))),
  emailreceiveset: lazyPage(() => import('../features/email').then((m) => ({ default: m.EMAIL_PAGES.emailreceiveset }))),
};

export interface AppRoute extends NavRoute {
  Page: Page;
}

export const APP_ROUTES: readonly AppRoute[] = NAV_ROUTES.flatMap((r) => {
  const Page = BUILT[r.key];
  return Page ? [{ ...r, Page }] : [];
});

/** Distinct hash paths the router knows inside the layout. */
export const APP_PATHS: readonly string[] = [...new Set(APP_ROUTES.map((r) => r.path))];

export { NAV_GROUPS };
