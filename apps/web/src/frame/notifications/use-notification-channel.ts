import { useEffect } from 'react';
import type { NotificationMessage } from '@ems/contract';
import { tr } from '../../i18n';
import { ApiError } from '../../lib/http/client';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { createLiveChannel, fetchSocketTicket, registerClient, type LiveChannel } from '../../lib/socket';
import { ensureNotificationLocales } from './locales';
import { fetchUnread } from './notification-api';
import { loadUnread, receiveLive, resetNotifications } from './notification-store';

function newestId(messages: readonly NotificationMessage[]): number {
  return messages.reduce((max, m) => Math.max(max, m.id), 0);
}

/**
 * Starts the notifications once a user is signed in (the frame renders only then): the unread
 * messages from the message log first, then the live channel asking for what came after them. The
 * channel closes on teardown (logout, another user) without reconnecting.
 */
export function useNotificationChannel(): void {
  ensureNotificationLocales();
  const userId = useSession((s) => s.userId);
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (userId === null || !token) return;
    let stopped = false;
    let channel: LiveChannel | null = null;
    void fetchUnread(userId)
      .catch(() => [] as NotificationMessage[])
      .then((messages) => {
        if (stopped) return;
        loadUnread(messages);
        channel = createLiveChannel({
          userId,
          lastId: newestId(messages),
          fetchTicket: fetchSocketTicket,
          register: async () => void (await registerClient(userId)),
          onMessage: receiveLive,
          onUnsupported: () => notify.error(tr('notifications:noWebSocket')),
          isFatal: (error) => error instanceof ApiError && error.kind === 'unauthorized',
          // a call with the token: its 401 signs this browser out at once instead of at the next click
          onSessionEnded: () => void fetchUnread(userId).catch(() => undefined),
        });
        channel.start();
      });
    return () => {
      stopped = true;
      channel?.stop();
      resetNotifications();
    };
  }, [userId, token]);
}
