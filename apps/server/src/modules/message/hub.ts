import type { WebSocket } from 'ws';
import { SOCKET_CLOSE } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';
import { toMessage, type StoredNotification } from './notifier.js';

/** Bounds that keep a slow or dead browser from growing the server's memory. */
export interface LiveLimits {
  /** a socket whose ws send buffer holds more than this many bytes counts as too slow */
  maxBufferedBytes: number;
  /** live messages held for a socket while its replay is being read */
  maxHeld: number;
  /** ms a socket closed as too slow gets to read its close frame before it is cut */
  closeGraceMs: number;
}

export const DEFAULT_LIMITS: LiveLimits = { maxBufferedBytes: 1 << 20, maxHeld: 1000, closeGraceMs: 10_000 };

/** One open, authenticated socket. */
export interface LiveClient {
  readonly ws: WebSocket;
  readonly userId: number;
  readonly tokenHash: string;
  readonly lang: Lang;
  projectIds: ReadonlySet<number>;
  /** live messages held back while the replay is read; null once the replay is out */
  held: Delivery[] | null;
  /** answered the last ping (or sent something) */
  alive: boolean;
  closed: boolean;
}

/** A notification on its way to sockets: the keys that cover it and its text frame per language, built once. */
export class Delivery {
  private readonly frames: Partial<Record<Lang, Buffer>> = {};
  constructor(
    readonly n: StoredNotification,
    /** `project_{id}`, then the node and its ancestors as `${modelLabel}_${id}` */
    readonly cover: readonly string[],
  ) {}
  frame(lang: Lang): Buffer {
    return (this.frames[lang] ??= Buffer.from(JSON.stringify(toMessage(this.n, lang))));
  }
}

/**
 * This instance's sockets and the rule that decides who receives what: a socket receives a
 * notification when its user may see the notification's project and, once the session has
 * registered tags, when one of the tags covers it (`project_{id}` covers the whole project, a
 * node's tag covers the node and everything below it, see Delivery.cover).
 */
export class LiveHub {
  readonly clients = new Set<LiveClient>();
  /** registered tags per session (token hash): a reconnect of the same session keeps them */
  private readonly tags = new Map<string, ReadonlySet<string>>();
  /** sockets closed as too slow since start (for tests and the bench) */
  slowClosed = 0;

  constructor(readonly limits: LiveLimits = { ...DEFAULT_LIMITS }) {}

  add(client: LiveClient) {
    this.clients.add(client);
  }

  remove(client: LiveClient) {
    client.closed = true;
    this.clients.delete(client);
  }

  /** Sets the tags of a session; returns how many of its sockets this instance holds. */
  register(tokenHash: string, tags: readonly string[]): number {
    this.tags.set(tokenHash, new Set(tags));
    let n = 0;
    for (const c of this.clients) if (c.tokenHash === tokenHash) n++;
    return n;
  }

  covers(c: LiveClient, d: Delivery): boolean {
    if (!c.projectIds.has(d.n.projectId)) return false;
    const tags = this.tags.get(c.tokenHash);
    return tags === undefined || d.cover.some((k) => tags.has(k));
  }

  deliver(d: Delivery) {
    for (const c of this.clients) {
      if (!this.covers(c, d)) continue;
      if (c.held) {
        if (c.held.length >= this.limits.maxHeld) this.tooSlow(c);
        else c.held.push(d);
      } else this.write(c, d);
    }
  }

  /** Sends the replay (what the socket missed), then the live messages held meanwhile that it did not hold. */
  finishReplay(c: LiveClient, replay: readonly Delivery[]) {
    const held = c.held ?? [];
    c.held = null;
    const sent = new Set<number>();
    for (const d of replay) {
      if (!this.covers(c, d)) continue;
      this.write(c, d);
      sent.add(d.n.id);
    }
    for (const d of held) if (!sent.has(d.n.id)) this.write(c, d);
  }

  private write(c: LiveClient, d: Delivery) {
    if (c.closed) return;
    if (c.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      this.tooSlow(c);
      return;
    }
    c.ws.send(d.frame(c.lang), { binary: false });
  }

  /** The browser fell behind: nothing more is queued for it; it reconnects with after={lastId}. */
  private tooSlow(c: LiveClient) {
    this.slowClosed++;
    this.close(c, SOCKET_CLOSE.tooSlow, 'too slow');
  }

  /** Closes a socket with a code; one that does not finish the closing handshake is cut after the grace time. */
  close(c: LiveClient, code: number, reason: string) {
    if (c.closed) return;
    this.remove(c);
    c.held = null;
    c.ws.close(code, reason);
    setTimeout(() => c.ws.terminate(), this.limits.closeGraceMs).unref();
  }

  /** Closes the sockets of a session that ended and forgets its tags. */
  endSession(tokenHash: string) {
    this.tags.delete(tokenHash);
    for (const c of [...this.clients]) if (c.tokenHash === tokenHash) this.close(c, SOCKET_CLOSE.sessionEnded, 'session ended');
  }

  /** Closes every socket (shutdown, or a gap in the cross-instance feed: browsers reconnect and replay). */
  closeAll(code: number, reason: string) {
    for (const c of [...this.clients]) this.close(c, code, reason);
  }

  /** Server-side ping: cuts sockets that did not answer the previous one, pings the rest. */
  ping() {
    for (const c of [...this.clients]) {
      if (!c.alive) {
        this.remove(c);
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }

  /** The distinct sessions behind the open sockets (for the periodic liveness check). */
  sessions(): Map<string, LiveClient[]> {
    const by = new Map<string, LiveClient[]>();
    for (const c of this.clients) {
      const list = by.get(c.tokenHash);
      if (list) list.push(c);
      else by.set(c.tokenHash, [c]);
    }
    return by;
  }

  /** The sessions of a user that hold sockets here. */
  sessionsOfUser(userId: number): string[] {
    return [...new Set([...this.clients].filter((c) => c.userId === userId).map((c) => c.tokenHash))];
  }

  /** The sessions that registered tags here. */
  tagged(): string[] {
    return [...this.tags.keys()];
  }

  /** Forgets the tags of a session that is no longer live. */
  forget(tokenHash: string) {
    this.tags.delete(tokenHash);
  }
}
