import { describe, expect, it } from 'vitest';
import { NAV_GROUPS, NAV_ROUTES } from './navigation.js';
import { PERMISSIONS, permissionId } from './permissions.js';

describe('navigation and permission catalogues', () => {
  it('gives every route a unique stable id, key and permission', () => {
    const unique = (xs: unknown[]) => new Set(xs).size === xs.length;
    expect(unique(NAV_ROUTES.map((r) => r.id))).toBe(true);
    expect(unique(NAV_ROUTES.map((r) => r.key))).toBe(true);
    expect(unique(NAV_ROUTES.map((r) => r.permission))).toBe(true);
  });

  it('keeps page permission ids equal to their route ids, whatever the menu order', () => {
    for (const r of NAV_ROUTES) expect(permissionId(r.permission)).toBe(r.id);
    expect(permissionId('page_pfHome')).toBe(1002);
    expect(permissionId('page_projectnavigation')).toBe(1000);
  });

  it('has no duplicate permission ids or names', () => {
    expect(new Set(PERMISSIONS.map((p) => p.id)).size).toBe(PERMISSIONS.length);
    expect(new Set(PERMISSIONS.map((p) => p.name)).size).toBe(PERMISSIONS.length);
  });

  it('puts every route in a known group, with both labels', () => {
    const groups = new Set(NAV_GROUPS.map((g) => g.key));
    for (const r of NAV_ROUTES) {
      expect(groups.has(r.group)).toBe(true);
      expect(r.zh && r.en).toBeTruthy();
    }
  });

  it('names the admin pages with the spec page permission keys (section 3)', () => {
    const names = NAV_ROUTES.map((r) => r.permission);
    expect(names).toEqual(expect.arrayContaining(['p_user_manage', 'p_role_manage', 'p_usergroup_manage']));
    expect(NAV_ROUTES.filter((r) => r.path.startsWith('/admin')).every((r) => r.module === 'pf')).toBe(true);
  });
});
