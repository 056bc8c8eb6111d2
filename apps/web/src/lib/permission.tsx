import type { ReactNode } from 'react';
import { hasFunction, hasPermission } from '@ems/domain';
import { permissionContext, useSession } from './session';

/** Checking permissions is active only in production builds (spec section 6). */
export const IS_PRODUCTION: boolean = import.meta.env.PROD;

/** A checker for the signed-in user: space-separated codes pass if any is held; empty passes. */
export function usePermission(isProduction = IS_PRODUCTION): (code?: string) => boolean {
  const session = useSession();
  const ctx = permissionContext(session, isProduction);
  return (code) => hasPermission(code, ctx);
}

/**
 * The function-permission check (spec section 6): the initial info's function list holds the id
 * (function ids are the navigation page ids, packages/contract admin-system.ts). Before the list is
 * known every function passes.
 */
export function useFunction(): (id: number) => boolean {
  const list = useSession((s) => s.functionList);
  return (id) => list === null || hasFunction(list, id);
}

/** Removes its children when the permission check fails (spec section 5). */
export function Permission({ code, children, isProduction }: { code?: string; children: ReactNode; isProduction?: boolean }) {
  const allowed = usePermission(isProduction)(code);
  return allowed ? <>{children}</> : null;
}
