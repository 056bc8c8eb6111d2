import { describe, expect, it } from 'vitest';
import { APP_PATHS, APP_ROUTES } from './route-table';

describe('route table (spec 2)', () => {
  it('only built pages enter the router and the menu', () => {
    expect(APP_ROUTES.map((r) => r.key)).toEqual(['pfHome', 'projectnavigation', 'cloudProjectConfig', 'home', 'deviceMonitor', 'equipmentTrendAnalysis', 'modelManage']);
    expect([...APP_PATHS].sort()).toEqual(['/cloudProjectConfig', '/deviceMonitor', '/equipmentTrendAnalysis', '/home', '/modelManage', '/projectnavigation']);
  });
});
