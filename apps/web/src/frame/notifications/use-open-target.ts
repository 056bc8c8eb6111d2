import { useLocation, useNavigate } from 'react-router';
import { NAV_ROUTES, targetOfLogType } from '@ems/contract';
import { tr } from '../../i18n';
import { notify } from '../../lib/notify';

/** The route path of a log type's target page (spec section 4 "Log type to target"). */
export function targetPath(logType: number): string {
  const key = targetOfLogType(logType);
  return NAV_ROUTES.find((r) => r.key === key)?.path ?? `/${key}`;
}

/**
 * Opens a notification's target page (with its event, when it names one); when that page is already open, says so instead (spec
 * section 8). Returns whether it navigated.
 */
export function useOpenTarget(): (logType: number, eventId?: number | null) => boolean {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (logType, eventId) => {
    const path = targetPath(logType);
    if (pathname === path || pathname.startsWith(`${path}/`)) {
      notify.info(tr('notifications:alreadyOnPage'));
      return false;
    }
    // the event page opens the notification's event from state.eventId
    void navigate(path, eventId ? { state: { eventId } } : undefined);
    return true;
  };
}

/** The event id a notification's description names, when it names a positive integer. */
export function eventIdOfDescription(description: Record<string, unknown> | null): number | null {
  const v = description?.eventId;
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;
}
