import { describe, expect, it } from 'vitest';
import {
  filterMenu,
  findMenuEntry,
  hasFunction,
  hasPermission,
  isMenuItemVisible,
  isRootUser,
  isRouteAllowed,
  menuEntryMatches,
  needsFullReload,
  projectTenantId,
  type PermissionContext,
} from './permissions.js';

const ids: Record<string, number> = { page_home: 1003, project_create: 101402, p_user_manage: 1070, cloud_x: 7, page_pfHome: 1002 };
function ctx(over: Partial<PermissionContext> = {}): PermissionContext {
  return { isProduction: true, strict: false, isRoot: false, userType: 4, pageNodeIds: [1003], auths: [101402], idOf: (n) => ids[n], ...over };
}

describe('permission check (spec 5, 6)', () => {
  it.each([
    ['an empty string always passes', '', ctx({ pageNodeIds: [], auths: [] }), true],
    ['a missing string always passes', undefined, ctx({ pageNodeIds: [], auths: [] }), true],
    ['granted when the role page nodes contain the id', 'page_home', ctx(), true],
    ['granted when the role auths include the id', 'project_create', ctx(), true],
    ['refused when neither holds the id', 'p_user_manage', ctx(), false],
    ['an unknown name is refused', 'no_such_thing', ctx(), false],
    ['several space-separated codes pass if any is granted', 'p_user_manage page_home', ctx(), true],
    ['several codes fail when none is granted', 'p_user_manage  no_such', ctx(), false],
    ['root bypasses checks without strict authorisation', 'p_user_manage', ctx({ isRoot: true }), true],
    ['root is checked with strict authorisation', 'p_user_manage', ctx({ isRoot: true, strict: true }), false],
    ['cloud_ names are granted to user type 1 without strict authorisation', 'cloud_x', ctx({ userType: 1, auths: [] }), true],
    ['dfrc_ names are granted to user type 2', 'a_dfrc_b', ctx({ userType: 2 }), true],
    ['oil_ names are granted to user type 3', 'oil_view', ctx({ userType: 3 }), true],
    ['cloud_ names are not granted to user type 4', 'cloud_y', ctx({ userType: 4 }), false],
    ['cloud_ names are checked under strict authorisation', 'cloud_x', ctx({ userType: 1, strict: true, auths: [] }), false],
    ['checking is active only in production', 'p_user_manage', ctx({ isProduction: false }), true],
  ])('%s', (_name, code, c, expected) => {
    expect(hasPermission(code, c)).toBe(expected);
  });

  it('root user is id 1 or name ROOT', () => {
    expect(isRootUser({ id: 1, name: 'x' })).toBe(true);
    expect(isRootUser({ id: 9, name: 'ROOT' })).toBe(true);
    expect(isRootUser({ id: 9, name: 'root' })).toBe(false);
  });

  it('function-permission check: the function list contains the id', () => {
    expect(hasFunction([{ id: 3 }, { id: 5 }], 5)).toBe(true);
    expect(hasFunction([{ id: 3 }], 5)).toBe(false);
    expect(hasFunction(undefined, 5)).toBe(false);
  });

  it.each([
    [{ tenantid: 7 }, 7],
    [{ tenantid: undefined }, 1],
    [{ tenantid: null }, 1],
    [null, 1],
  ])('a missing project tenant id becomes 1 (%j -> %i)', (info, expected) => {
    expect(projectTenantId(info)).toBe(expected);
  });
});

describe('menu visibility (spec 6)', () => {
  const pfItem = { permission: 'page_pfHome', module: 'pf' as const };
  const fwItem = { permission: 'page_home', module: 'fw' as const };
  const adminItem = { permission: 'p_user_manage', module: 'pf' as const };
  it.each([
    ['type 1 sees every item without strict authorisation', adminItem, ctx({ userType: 1, auths: [], pageNodeIds: [] }), true],
    ['type 2 sees every item without strict authorisation', adminItem, ctx({ userType: 2, auths: [], pageNodeIds: [] }), true],
    ['type 3 sees fw items', fwItem, ctx({ userType: 3, pageNodeIds: [] }), true],
    ['type 3 does not see items tagged pf', pfItem, ctx({ userType: 3, pageNodeIds: [1002] }), false],
    ['type 4 is checked by permission (held)', fwItem, ctx({ userType: 4 }), true],
    ['type 4 is checked by permission (not held)', adminItem, ctx({ userType: 4 }), false],
    ['strict authorisation always checks, even for type 1', adminItem, ctx({ userType: 1, strict: true }), false],
    ['strict authorisation grants held permissions', fwItem, ctx({ userType: 1, strict: true }), true],
  ])('%s', (_name, entry, c, expected) => {
    expect(isMenuItemVisible(entry, c)).toBe(expected);
  });

  it('groups and sub-menus show if any child is visible', () => {
    const tree = [
      { key: 'g1', children: [{ key: 'a', permission: 'page_home' }, { key: 'b', permission: 'p_user_manage' }] },
      { key: 'g2', children: [{ key: 'c', permission: 'p_user_manage' }] },
      { key: 'g3', children: [{ key: 'sub', children: [{ key: 'd', permission: 'page_home' }] }] },
    ];
    const out = filterMenu(tree, ctx());
    expect(out.map((g) => g.key)).toEqual(['g1', 'g3']);
    expect(out[0]?.children?.map((c) => (c as { key: string }).key)).toEqual(['a']);
  });
});

describe('route access (spec 2)', () => {
  const entries = [
    { path: '/home', permission: 'page_pfHome', module: 'pf' as const },
    { path: '/home', permission: 'page_home', module: 'fw' as const },
    { path: '/admin/user', permission: 'p_user_manage', module: 'pf' as const },
  ];
  it('a menu entry matches a route when the path equals the entry path or begins with it', () => {
    expect(menuEntryMatches('/admin/user', '/admin/user')).toBe(true);
    expect(menuEntryMatches('/admin/user', '/admin/user/12')).toBe(true);
    expect(menuEntryMatches('/admin/user', '/admin')).toBe(false);
  });
  it('prefers the entry of the current module when a path exists at both levels', () => {
    expect(findMenuEntry(entries, '/home', 'fw')?.permission).toBe('page_home');
    expect(findMenuEntry(entries, '/home', 'pf')?.permission).toBe('page_pfHome');
  });
  it.each([
    ['white-listed routes are allowed', '/noPermission', true],
    ['a route is allowed when its entry permission is held', '/home', true],
    ['a route is refused when its entry permission is not held', '/admin/user/3', false],
    ['a route with no menu entry is refused', '/nowhere', false],
  ])('%s', (_n, path, expected) => {
    expect(isRouteAllowed(path, entries, ['/login', '/noPermission'], ctx(), 'fw')).toBe(expected);
  });
  it.each([
    ['/home', '/admin/user', true],
    ['/admin/user', '/admin/role', false],
    ['/admin/role', '/projectnavigation', true],
    ['/home', '/cloudProjectConfig', false],
  ])('routing between /admin and non-/admin paths forces a full reload (%s -> %s)', (from, to, expected) => {
    expect(needsFullReload(from, to)).toBe(expected);
  });
});
