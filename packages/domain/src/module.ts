/**
 * Module state (spec section 4): the platform level (pf) and the project level (fw).
 */
export type ModuleName = 'pf' | 'fw';

/** The current module before anything happens. */
export const INITIAL_MODULE: ModuleName = 'pf';

/** Stored user types 3 and 4 map to the project-level module. */
export function isProjectUserType(userType: number | undefined): boolean {
  return userType === 3 || userType === 4;
}

/**
 * Module on login: fw when the system is not in platform mode, or when the user type is 3 or 4 in
 * platform mode; otherwise pf.
 */
export function moduleOnLogin(isPlatformModel: boolean, userType: number | undefined): ModuleName {
  if (!isPlatformModel) return 'fw';
  return isProjectUserType(userType) ? 'fw' : 'pf';
}

/** What moving to a page of another module changes. */
export interface ModuleSwitch {
  module: ModuleName;
  /** project id and project info are cleared */
  clearProject: boolean;
  /** the tab bar goes back to its fixed home tab */
  resetTabs: boolean;
  /** the menu is rebuilt for the new module */
  reloadMenu: boolean;
}

/**
 * Moving from a page of module `from` to a page of module `to`: fw to pf sets pf, clears the
 * project id and info, resets tabs and reloads the menu; pf to fw sets fw; otherwise nothing.
 */
export function switchModule(from: ModuleName, to: ModuleName): ModuleSwitch | null {
  if (from === to) return null;
  if (to === 'pf') return { module: 'pf', clearProject: true, resetTabs: true, reloadMenu: true };
  return { module: 'fw', clearProject: false, resetTabs: false, reloadMenu: true };
}

/**
 * 'Return to platform' shows only in platform mode, for users not of type 3 or 4, when the
 * current module is not pf.
 */
export function canReturnToPlatform(isPlatformModel: boolean, userType: number | undefined, module: ModuleName): boolean {
  return isPlatformModel && !isProjectUserType(userType) && module !== 'pf';
}

/**
 * Where 'return to platform' goes: the configured platform home page if the role has it,
 * otherwise /projectnavigation.
 */
export function returnToPlatformTarget(pfHomePage: string | undefined, roleHas: (path: string) => boolean): string {
  return pfHomePage && roleHas(pfHomePage) ? pfHomePage : '/projectnavigation';
}
