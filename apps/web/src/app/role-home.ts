import { permissionId } from '@ems/contract';

/** A page as the role's home-page choice needs it. */
export interface HomeRoute {
  path: string;
  module: 'pf' | 'fw';
  permission: string;
}

/**
 * The role's configured home page (spec section 2, first in the home-page order) from its customConfig
 * JSON text: the page named by `homePagePageNodeId` (which tells /home of the platform from /home of a
 * project), else the page at `homepage`. Returns the page in the current module as `here` (the caller
 * checks it against the menu), or as `there` a page of the other module the role may open whose path
 * no page of the current module shares (the route guard switches the module on arrival).
 */
export function roleHomeRoute(
  customConfig: string | undefined,
  routes: readonly HomeRoute[],
  module: 'pf' | 'fw',
  roleHas: (path: string, module: 'pf' | 'fw') => boolean,
): { here?: string; there?: string } {
  if (!customConfig) return {};
  let cfg: { homepage?: unknown; homePagePageNodeId?: unknown };
  try {
    cfg = JSON.parse(customConfig) as typeof cfg;
  } catch {
    return {};
  }
  const nodeId = typeof cfg.homePagePageNodeId === 'number' ? cfg.homePagePageNodeId : undefined;
  const path = typeof cfg.homepage === 'string' && cfg.homepage !== '' ? cfg.homepage : undefined;
  const candidates = routes.filter((r) => (nodeId !== undefined ? permissionId(r.permission) === nodeId : r.path === path));
  const here = candidates.find((r) => r.module === module);
  if (here) return { here: here.path };
  const there = candidates.find((r) => !routes.some((x) => x.module === module && x.path === r.path) && roleHas(r.path, r.module));
  return there ? { there: there.path } : {};
}
