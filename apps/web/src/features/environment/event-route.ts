import { NAV_ROUTES, TARGET_LOG_TYPES } from '@ems/contract';

/** The event page that lists (and confirms) events of a log type: its path and page permission; undefined when none does. */
export function eventPageOf(logType: number): { path: string; permission: string } | undefined {
  const key = Object.entries(TARGET_LOG_TYPES).find(([, types]) => types.includes(logType))?.[0];
  const route = key === undefined ? undefined : NAV_ROUTES.find((r) => r.key === key);
  return route ? { path: route.path, permission: route.permission } : undefined;
}
