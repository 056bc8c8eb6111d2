import { describe, expect, it } from 'vitest';
import { NAV_ROUTES } from '@ems/contract';
import { APP_PATHS, APP_ROUTES } from './route-table';

const BUILT_KEYS = [
  'pfHome',
  'projectnavigation',
  'cloudProjectConfig',
  'home',
  'deviceMonitor',
  'equipmentTrendAnalysis',
  'modelManage',
  'energyConsumption',
  'balanceConsumption',
  'pipeQueryAndAnalysis',
  'plantEnvironment',
  'hazardSourceMonitoring',
  'videoMonitor',
  'generatrixMonitor',
  'powertransformerOverview',
  'powertransformerAnalysis',
  'transformerEnergyEfficiency',
  'refrigerationEfficiency',
  'airCompressionEnergyEfficiency',
  'boilerEnergyEfficiency',
  'deviceRunningStateScheme',
  'deviceStateEnergyConsumption',
  'useException',
  'onlyReport',
  'energyFlowAnalyse',
  'energyFlowAnalysis',
  'energyPredictionAndAnalysis',
  'energyPredict',
  'energyCostAnalysis',
  'dudianEnergyFee',
  'baseEnergyFee',
  'litiaoEnergyFee',
  'energyLossEvent',
  'demandevent',
  'energyEfficiencyEvent',
  'energyConsumptionEvent',
  'inspectorder',
  'energyLossWarning',
  'eventDiagnosis',
  'admin_rule',
  'admin_algorithm',
  'admin_role',
  'admin_permission',
  'admin_user',
  'admin_usergroup',
  'admin_tenant',
  'admin_file',
  'admin_sysconfig',
  'admin_log',
  'emailserverset',
  'emailreceiveset',
];

describe('route table (spec 2)', () => {
  it('only built pages enter the router and the menu, in the navigation catalogue order', () => {
    expect([...APP_ROUTES.map((r) => r.key)].sort()).toEqual([...BUILT_KEYS].sort());
    const order = APP_ROUTES.map((r) => NAV_ROUTES.findIndex((n) => n.key === r.key));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const unbuilt of ['cetgraph3dWeb', 'admin_signin']) expect(APP_ROUTES.some((r) => r.key === unbuilt)).toBe(false);
  });

  it('paths are the built routes’ paths, each once', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect([...APP_PATHS].sort()).toEqual([...new Set(paths)].sort());
    expect(APP_PATHS).toContain('/energyConsumptionEvent');
    expect(APP_PATHS).toContain('/admin/rule');
  });
});
