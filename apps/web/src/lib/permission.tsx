import type { ReactNode } from 'react';
import { hasPermission } from '@ems/domain';
import { permissionContext, useSession } from './session';

/** Checking permissions is active only in production builds (spec section 6). */
export const IS_PRODUCTION: boolean = import.meta.env.PROD;

/** A checker for the signed-in user: space-separated codes pass if any is held; empty passes. */
export function usePermission(isProduction = IS_PRODUCTION): (code?: string) => boolean {
  const session = useSession();
  const ctx = permissionContext(session, isProduction);
  return (code) => hasPermission(code, ctx);
}

/** Removes its children when the permission check fails (spec section 5). */
export function Permission({ code, children, isProduction }: { code?: string; children: ReactNode; isProduction?: boolean }) {
  const allowed = usePermission(isProduction)(code);
  return allowed ? <>{children}</> : null;
}
