/**
 * Home page after login (spec section 2). Pure: the caller passes the role, the user and the
 * menu as the permission rules left it.
 */

export interface HomePageInput {
  /** the first role's configured homepage (its customConfig.homepage), if any */
  roleHomepage?: string;
  /** current module after login */
  module: 'pf' | 'fw';
  /** user types 1 and 2, and the root user */
  isPlatformUser: boolean;
  /** usertype from the user's customConfig */
  userType?: number;
  isRoot: boolean;
  strict: boolean;
  /** the system configuration's pfHomePage */
  pfHomePage?: string;
  /** paths of the menu pages of the current module the role may see, in menu order */
  visiblePaths: readonly string[];
  /** paths of every menu page of the current module, in menu order (visible or not) */
  allPaths: readonly string[];
}

/** The project-level cloud dashboard for user type 3. */
export const CLOUD_DASHBOARD = '/home';
/** Platform-level fallback. */
export const PLATFORM_FALLBACK = '/projectnavigation';

/**
 * Chooses the home page: the role's configured homepage; otherwise the platform home for platform
 * users at the platform level; the cloud dashboard for user type 3; the root user with non-strict
 * authorisation goes to the first menu item; otherwise the first menu page the role may see; at
 * the platform level the fallback is /projectnavigation. Null means no home page (the caller
 * sends the user to /noPermission). A configured page the role may not see is passed over.
 */
export function chooseHomePage(input: HomePageInput): string | null {
  const canSee = (path: string | undefined): path is string => !!path && input.visiblePaths.includes(path);
  if (canSee(input.roleHomepage)) return input.roleHomepage;
  if (input.module === 'pf' && input.isPlatformUser && canSee(input.pfHomePage)) return input.pfHomePage;
  if (input.module === 'fw' && input.userType === 3 && canSee(CLOUD_DASHBOARD)) return CLOUD_DASHBOARD;
  if (input.isRoot && !input.strict && input.allPaths[0]) return input.allPaths[0];
  if (input.visiblePaths[0]) return input.visiblePaths[0];
  if (input.module === 'pf') return PLATFORM_FALLBACK;
  return null;
}

/** Reads the homepage out of a role's customConfig JSON text; undefined when absent or malformed. */
export function roleHomepage(customConfig: string | undefined | null): string | undefined {
  if (!customConfig) return undefined;
  try {
    const parsed: unknown = JSON.parse(customConfig);
    if (parsed && typeof parsed === 'object' && 'homepage' in parsed && typeof parsed.homepage === 'string' && parsed.homepage) {
      return parsed.homepage;
    }
  } catch {
    // malformed configuration: no configured homepage
  }
  return undefined;
}
