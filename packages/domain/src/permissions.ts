/**
 * Permission rules of the frame (spec sections 5 and 6). Pure: the caller passes the session
 * facts in, including whether checking is active at all (only in production builds).
 */

/** Facts about the signed-in user that the permission rules read. */
export interface PermissionContext {
  /** checking is active only in production; pass `import.meta.env.PROD` */
  isProduction: boolean;
  /** strict authorisation (the negation of "a cloud root exists", or the config's authStringent) */
  strict: boolean;
  /** user id 1 or name ROOT */
  isRoot: boolean;
  /** usertype from the user's customConfig: 1 and 2 platform, 3 and 4 project users */
  userType?: number;
  /** ids of the first role's pageNodes */
  pageNodeIds: readonly number[];
  /** ids in the first role's auths */
  auths: readonly number[];
  /** permission name to id, from GET /auth/v1/permissions */
  idOf: (name: string) => number | undefined;
}

/** A user is root when its id is 1 or its name is ROOT (spec section 3). */
export function isRootUser(user: { id: number; name: string }): boolean {
  return user.id === 1 || user.name === 'ROOT';
}

/** Names containing these are granted to user types 1, 2 and 3 without strict authorisation. */
const CLOUD_MARKERS = ['cloud_', 'dfrc_', 'oil_'] as const;

function grantedOne(name: string, ctx: PermissionContext): boolean {
  if (ctx.isRoot && !ctx.strict) return true;
  if (!ctx.strict && ctx.userType !== undefined && [1, 2, 3].includes(ctx.userType) && CLOUD_MARKERS.some((m) => name.includes(m))) {
    return true;
  }
  const id = ctx.idOf(name);
  if (id === undefined) return false;
  return ctx.pageNodeIds.includes(id) || ctx.auths.includes(id);
}

/**
 * Checks a permission string: it may hold several space-separated codes and passes if any one
 * is granted; an empty or missing string always passes. Outside production everything passes.
 */
export function hasPermission(code: string | undefined | null, ctx: PermissionContext): boolean {
  if (!ctx.isProduction) return true;
  const codes = (code ?? '').split(/\s+/).filter(Boolean);
  if (codes.length === 0) return true;
  return codes.some((c) => grantedOne(c, ctx));
}

/** Function-permission check: the initial info's function list contains the id. */
export function hasFunction(functionList: readonly { id: number }[] | undefined, id: number): boolean {
  return (functionList ?? []).some((f) => f.id === id);
}

/** A missing project tenant id becomes 1 (spec section 5). */
export function projectTenantId(info: { tenantid?: number | null } | null | undefined): number {
  const id = info?.tenantid;
  return id === undefined || id === null ? 1 : id;
}

/** A menu entry as the visibility rule sees it. */
export interface MenuEntryLike {
  permission?: string;
  module?: 'pf' | 'fw';
  children?: readonly MenuEntryLike[];
}

/**
 * Menu visibility of a leaf entry (spec section 6): with strict authorisation the permission is
 * always checked; otherwise user types 1, 2 and 3 see every item except that type 3 does not see
 * items tagged pf; other users are checked by permission.
 */
export function isMenuItemVisible(entry: MenuEntryLike, ctx: PermissionContext): boolean {
  if (ctx.strict) return hasPermission(entry.permission, ctx);
  if (ctx.userType === 3 && entry.module === 'pf') return false;
  if (ctx.userType === 1 || ctx.userType === 2 || ctx.userType === 3) return true;
  return hasPermission(entry.permission, ctx);
}

/**
 * Filters a menu tree: leaves by {@link isMenuItemVisible}; groups and sub-menus (entries with
 * children) show when any child is visible, and keep only their visible children.
 */
export function filterMenu<T extends MenuEntryLike>(entries: readonly T[], ctx: PermissionContext): T[] {
  const out: T[] = [];
  for (const entry of entries) {
    if (entry.children) {
      const children = filterMenu(entry.children as readonly T[], ctx);
      if (children.length > 0) out.push({ ...entry, children });
    } else if (isMenuItemVisible(entry, ctx)) {
      out.push(entry);
    }
  }
  return out;
}

/** A menu entry matches a route when the path equals the entry path or begins with it. */
export function menuEntryMatches(entryPath: string, routePath: string): boolean {
  return entryPath !== '' && routePath.startsWith(entryPath);
}

/**
 * The menu entry of a route: the first whose path matches, preferring entries of the current
 * module (a path such as /home exists at both levels).
 */
export function findMenuEntry<T extends { path: string; module?: 'pf' | 'fw' }>(entries: readonly T[], routePath: string, module?: 'pf' | 'fw'): T | undefined {
  const matching = entries.filter((e) => menuEntryMatches(e.path, routePath));
  // the longest (most specific) path first, then the current module
  matching.sort((a, b) => b.path.length - a.path.length || Number(b.module === module) - Number(a.module === module));
  return matching[0];
}

/**
 * Route access (spec section 2): allowed only if the path is on the white list or the permission
 * of its menu entry is held; a path with no menu entry is not allowed.
 */
export function isRouteAllowed(
  routePath: string,
  entries: readonly { path: string; permission: string; module?: 'pf' | 'fw' }[],
  whiteList: readonly string[],
  ctx: PermissionContext,
  module?: 'pf' | 'fw',
): boolean {
  if (whiteList.includes(routePath)) return true;
  const entry = findMenuEntry(entries, routePath, module);
  return entry !== undefined && hasPermission(entry.permission, ctx);
}

/** Admin pages are recognised by a hash path starting with /admin (spec section 2). */
export function isAdminPath(path: string): boolean {
  return path.startsWith('/admin');
}

/** Routing between /admin and non-/admin paths forces a full page reload. */
export function needsFullReload(fromPath: string, toPath: string): boolean {
  return isAdminPath(fromPath) !== isAdminPath(toPath);
}
