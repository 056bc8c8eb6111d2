import { Redis } from 'ioredis';
import type { StoredNotification } from './notifier.js';

/** What instances tell each other: a notification (with its cover keys), a session's tags, a session's end. */
export type BusMessage =
  | { kind: 'notification'; n: StoredNotification; cover: string[] }
  | { kind: 'tags'; tokenHash: string; tags: string[] }
  | { kind: 'end'; tokenHash: string };

/**
 * Fan-out between instances. In-process (no Redis): a published message is handled at once here.
 * With Redis: every instance, this one included, handles it when it comes back from the channel,
 * so each instance delivers each notification once to its own sockets.
 */
export interface LiveBus {
  publish(msg: BusMessage): Promise<void>;
  close(): Promise<void>;
}

export function localBus(onMessage: (msg: BusMessage) => void): LiveBus {
  return {
    async publish(msg) {
      onMessage(msg);
    },
    async close() {},
  };
}

export interface RedisBusHooks {
  onMessage(msg: BusMessage): void;
  /** the subscription came back after a gap: messages published meanwhile were missed */
  onResync(): void;
  onError(err: Error): void;
}

/** Redis pub/sub on one channel; resolves once subscribed, so a message published after start is received. */
export async function redisBus(url: string, channel: string, hooks: RedisBusHooks): Promise<LiveBus & { redis: Redis }> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true });
  pub.on('error', hooks.onError);
  sub.on('error', hooks.onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    const where = new URL(url);
    throw new Error(`EMS_REDIS_URL: Redis at ${where.host} does not answer (${(err as Error).message})`);
  }
  let gap = false;
  sub.on('close', () => {
    gap = true;
  });
  sub.on('ready', () => {
    if (gap) hooks.onResync();
    gap = false;
  });
  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    let msg: BusMessage;
    try {
      msg = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    hooks.onMessage(msg);
  });
  await sub.subscribe(channel);
  return {
    redis: pub,
    async publish(msg) {
      await pub.publish(channel, JSON.stringify(msg));
    },
    async close() {
      sub.disconnect();
      pub.disconnect();
    },
  };
}
