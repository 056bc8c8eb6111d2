import { CUSTOM_PERMISSIONS, NAV_GROUPS, NAV_ROUTES, PERMISSION_OPERATIONS, PERMISSION_RESOURCES, permissionId, type AdminRole, type AdminRoleBody } from '@ems/contract';

/** What the role editor edits: the name, the home page (a page id) and the permission ids. */
export interface RoleDraft {
  name: string;
  homePageId: number | null;
  pages: ReadonlySet<number>;
  auths: ReadonlySet<number>;
}

const must = (name: string): number => {
  const id = permissionId(name);
  if (id === undefined) throw new Error(`unknown permission ${name}`);
  return id;
};

/** A page of the catalogue: its permission id (routes sharing a permission appear once) and path. */
export interface PageEntry {
  id: number;
  path: string;
  zh: string;
  en: string;
  module: 'pf' | 'fw';
}

/** The navigation catalogue, groups then pages, as the page-permission tree shows it. */
export const PAGE_GROUPS: readonly { key: string; zh: string; en: string; pages: PageEntry[] }[] = (() => {
  const seen = new Set<number>();
  return NAV_GROUPS.map((g) => ({
    key: g.key,
    zh: g.zh,
    en: g.en,
    pages: NAV_ROUTES.filter((r) => r.group === g.key).flatMap((r) => {
      const id = must(r.permission);
      if (seen.has(id)) return [];
      seen.add(id);
      return [{ id, path: r.path, zh: r.zh, en: r.en, module: r.module }];
    }),
  })).filter((g) => g.pages.length > 0);
})();

export const PAGES_BY_ID: ReadonlyMap<number, PageEntry> = new Map(PAGE_GROUPS.flatMap((g) => g.pages.map((p) => [p.id, p] as const)));

/** Operation ids by resource then operation (spec section 6). */
export const OPERATION_ID = (resource: string, operation: string): number => must(`${resource}_${operation}`);
export const RESOURCES = PERMISSION_RESOURCES.map(([key, zh, en]) => ({ key, zh, en }));
export const OPERATIONS = PERMISSION_OPERATIONS.map(([key, zh, en]) => ({ key, zh, en }));
export const CUSTOMS = CUSTOM_PERMISSIONS.map(([key, zh, en]) => ({ id: must(key), key, zh, en }));

/** The home page id of a role's customConfig (homePagePageNodeId, else the page of its homepage path). */
export function homePageIdOf(customConfig: string, pages: ReadonlySet<number>): number | null {
  try {
    const cfg = JSON.parse(customConfig) as { homepage?: unknown; homePagePageNodeId?: unknown };
    if (typeof cfg.homePagePageNodeId === 'number') return cfg.homePagePageNodeId;
    if (typeof cfg.homepage === 'string') return [...pages].find((id) => PAGES_BY_ID.get(id)?.path === cfg.homepage) ?? null;
  } catch {
    // malformed: no home page
  }
  return null;
}

export function draftOf(role: AdminRole | null): RoleDraft {
  if (!role) return { name: '', homePageId: null, pages: new Set(), auths: new Set() };
  const pages = new Set(role.pageNodes.map((p) => p.id));
  return { name: role.name, homePageId: homePageIdOf(role.customConfig, pages), pages, auths: new Set(role.auths) };
}

/** The request body of a draft (the home page dropped when its page is no longer checked). */
export function bodyOf(draft: RoleDraft): AdminRoleBody {
  const home = draft.homePageId !== null && draft.pages.has(draft.homePageId) ? PAGES_BY_ID.get(draft.homePageId) : undefined;
  return {
    name: draft.name.trim(),
    homepage: home?.path ?? '',
    homePagePageNodeId: home ? draft.homePageId : null,
    pageNodes: [...draft.pages].sort((a, b) => a - b).map((id) => ({ id })),
    auths: [...draft.auths].sort((a, b) => a - b),
  };
}

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((x) => b.has(x));

export function isDirty(draft: RoleDraft, saved: RoleDraft): boolean {
  return draft.name !== saved.name || draft.homePageId !== saved.homePageId || !sameSet(draft.pages, saved.pages) || !sameSet(draft.auths, saved.auths);
}

/** A copy of the set with the ids added (on) or removed (off). */
export function toggled(set: ReadonlySet<number>, ids: readonly number[], on: boolean): Set<number> {
  const out = new Set(set);
  ids.forEach((id) => (on ? out.add(id) : out.delete(id)));
  return out;
}
