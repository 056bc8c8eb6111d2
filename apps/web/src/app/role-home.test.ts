import { describe, expect, it } from 'vitest';
import { permissionId } from '@ems/contract';
import { roleHomeRoute, type HomeRoute } from './role-home';

const routes: HomeRoute[] = [
  { path: '/home', module: 'pf', permission: 'page_pfHome' },
  { path: '/projectnavigation', module: 'pf', permission: 'page_projectnavigation' },
  { path: '/home', module: 'fw', permission: 'page_home' },
  { path: '/deviceMonitor', module: 'fw', permission: 'page_deviceMonitor' },
];
const cfg = (homepage: string | undefined, id?: string) => JSON.stringify({ homepage, homePagePageNodeId: id ? permissionId(id) : undefined });
const all = () => true;

describe('the role’s configured home page (spec section 2)', () => {
  it.each([
    ['the page id tells the project /home from the platform /home', cfg('/home', 'page_home'), 'fw', { here: '/home' }],
    ['the platform /home by its id', cfg('/home', 'page_pfHome'), 'pf', { here: '/home' }],
    ['only a path', cfg('/deviceMonitor'), 'fw', { here: '/deviceMonitor' }],
    ['only an id: the path follows', JSON.stringify({ homePagePageNodeId: permissionId('page_deviceMonitor') }), 'fw', { here: '/deviceMonitor' }],
    ['a project page from the platform: the guard switches module', cfg('/deviceMonitor', 'page_deviceMonitor'), 'pf', { there: '/deviceMonitor' }],
    ['a project /home from the platform is ambiguous there: not taken', cfg('/home', 'page_home'), 'pf', {}],
    ['none', '{}', 'fw', {}],
    ['malformed', '{', 'fw', {}],
  ] as const)('%s', (_name, customConfig, module, expected) => {
    expect(roleHomeRoute(customConfig, routes, module, all)).toEqual(expected);
  });

  it('a page of the other module the role may not open is passed over', () => {
    expect(roleHomeRoute(cfg('/deviceMonitor', 'page_deviceMonitor'), routes, 'pf', () => false)).toEqual({});
  });
});
