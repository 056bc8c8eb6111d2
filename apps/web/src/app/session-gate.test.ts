import { describe, expect, it } from 'vitest';
import type { FrameModel, FrameRoute } from '../frame/frame-model';
import { decideRoute } from './session-gate';

const route = (path: string, module: 'pf' | 'fw'): FrameRoute =>
  ({ key: path, path, module, permission: '', label: path, groupKey: 'g', groupLabel: 'g', Page: null as unknown as FrameRoute['Page'] });
function model(allowed: string[], home: string | null = '/home'): FrameModel {
  const routes = [route('/projectnavigation', 'pf'), route('/home', 'fw'), route('/cloudProjectConfig', 'pf')];
  return { menu: [], homePath: home, findRoute: (p) => routes.find((r) => p.startsWith(r.path)), roleHas: (p) => allowed.includes(p) };
}

describe('route guard (spec 2)', () => {
  it.each([
    ['the root path goes to the home page', '/', model([]), 'fw', 1, true, { redirect: '/home' }],
    ['no home page goes to /noPermission', '/', model([], null), 'fw', 1, true, { redirect: '/noPermission' }],
    ['an unknown (unbuilt) path goes to /noPermission', '/deviceMonitor', model(['/deviceMonitor']), 'fw', 1, true, { redirect: '/noPermission' }],
    ['a forbidden route goes to /noPermission', '/cloudProjectConfig', model([]), 'pf', null, true, { redirect: '/noPermission' }],
    ['a forbidden route of the other module changes nothing first', '/cloudProjectConfig', model([]), 'fw', 1, true, { redirect: '/noPermission' }],
    ['a permitted page of the other module switches the module', '/cloudProjectConfig', model(['/cloudProjectConfig']), 'fw', 1, true, { switchTo: 'pf' }],
    ['no project outside platform mode goes to /noPermission', '/home', model(['/home']), 'fw', null, false, { redirect: '/noPermission' }],
    ['no project in platform mode goes to project navigation', '/home', model(['/home']), 'fw', null, true, { redirect: '/projectnavigation' }],
    ['a permitted page with a project is allowed', '/home', model(['/home']), 'fw', 3, true, 'allow'],
  ] as const)('%s', (_n, path, m, module, projectId, platform, expected) => {
    expect(decideRoute(path, m, module, projectId, platform)).toEqual(expected);
  });
});
