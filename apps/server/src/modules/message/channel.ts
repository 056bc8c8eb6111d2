import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_CLOSE } from '@ems/contract';
import type { Ems } from '../../context.js';
import { localBus, redisBus, type BusMessage, type LiveBus } from './bus.js';
import { Delivery, LiveHub } from './hub.js';
import type { StoredNotification } from './notifier.js';
import { notificationRepository } from './repository.js';
import { liveSession } from './session.js';
import { memoryTickets, redisTickets, type TicketStore } from './tickets.js';

/** Server-side ping (and session liveness check) interval, ms. */
export const PING_INTERVAL_MS = 30_000;
const CHAIN_TTL_MS = 60_000;
const MAX_CHAINS = 10_000;

/** Instances that share a store share a channel; different stores on one Redis never mix. */
function storeKey(ems: Ems): string {
  const s = ems.config.store;
  const id = s.kind === 'sqlite' ? `sqlite:${s.file}` : `pg:${s.url}#${s.schema ?? ''}`;
  return createHash('sha256').update(id).digest('hex').slice(0, 16);
}

/**
 * The live channel of one instance: its sockets (hub), the socket tickets, and the bus that carries
 * notifications, registrations and session ends to every instance.
 */
export class LiveChannel {
  readonly hub = new LiveHub();
  private chains = new Map<number, { at: number; keys: string[] }>();
  /** notifications go out in the order they were raised on this instance */
  private outgoing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: () => void = () => undefined;

  private constructor(
    private readonly ems: Ems,
    private readonly log: FastifyBaseLogger,
    readonly tickets: TicketStore,
    private readonly bus: LiveBus,
  ) {}

  static async start(ems: Ems, log: FastifyBaseLogger): Promise<LiveChannel> {
    const redisUrl = ems.config.services.redisUrl;
    // assigned before any bus message can arrive (no await between the subscription and `new`)
    const ref: { channel?: LiveChannel } = {};
    const onMessage = (msg: BusMessage) => ref.channel?.receive(msg);
    let bus: LiveBus;
    let tickets: TicketStore;
    if (redisUrl) {
      const key = storeKey(ems);
      const rb = await redisBus(redisUrl, `ems:live:${key}`, {
        onMessage,
        onResync: () => ref.channel?.hub.closeAll(SOCKET_CLOSE.tooSlow, 'resync'),
        onError: (err) => log.warn({ err }, 'live channel: redis'),
      });
      bus = rb;
      tickets = redisTickets(rb.redis, `ems:ticket:${key}:`);
    } else {
      bus = localBus(onMessage);
      tickets = memoryTickets();
    }
    const c = new LiveChannel(ems, log, tickets, bus);
    ref.channel = c;
    c.unsubscribe = ems.notifier.subscribe((n) => c.raise(n));
    c.timer = setInterval(() => void c.sweep(), PING_INTERVAL_MS);
    c.timer.unref();
    return c;
  }

  /** A notification stored on this instance: out to every instance (this one included) through the bus. */
  private raise(n: StoredNotification) {
    this.outgoing = this.outgoing.then(async () => {
      let cover: string[];
      try {
        cover = await this.cover(n);
      } catch (err) {
        // the node chain could not be read: its project and itself still cover it
        this.log.warn({ err }, 'live channel: node chain unavailable');
        cover = [`project_${n.projectId}`, `${n.modelLabel}_${n.nodeId}`];
      }
      const msg: BusMessage = { kind: 'notification', n, cover };
      try {
        await this.bus.publish(msg);
      } catch (err) {
        // Redis is down: deliver here at least; the other instances' browsers get it on reconnect.
        this.log.warn({ err }, 'live channel: publish failed, delivering locally only');
        this.receive(msg);
      }
    });
  }

  private receive(msg: BusMessage) {
    if (msg.kind === 'notification') this.hub.deliver(new Delivery(msg.n, msg.cover));
    else if (msg.kind === 'tags') this.hub.register(msg.tokenHash, msg.tags);
    else this.hub.endSession(msg.tokenHash);
  }

  /** The keys that cover a notification: its project, its node and the node's ancestors (cached a minute). */
  async cover(n: StoredNotification): Promise<string[]> {
    const now = Date.now();
    let chain = this.chains.get(n.nodeId);
    if (!chain || now - chain.at > CHAIN_TTL_MS) {
      if (this.chains.size >= MAX_CHAINS) this.chains.clear();
      chain = { at: now, keys: await notificationRepository(this.ems.db).nodeChain(n.nodeId) };
      this.chains.set(n.nodeId, chain);
    }
    const own = `${n.modelLabel}_${n.nodeId}`;
    return [`project_${n.projectId}`, ...(chain.keys.includes(own) ? [] : [own]), ...chain.keys];
  }

  /** Registers a session's tags on every instance; returns how many of its sockets this instance holds. */
  async register(tokenHash: string, tags: string[]): Promise<number> {
    const here = this.hub.register(tokenHash, tags);
    await this.bus.publish({ kind: 'tags', tokenHash, tags }).catch((err: unknown) => this.log.warn({ err }, 'live channel: publish failed'));
    return here;
  }

  /** Closes the sockets of an ended session on every instance. */
  async endSession(tokenHash: string) {
    this.hub.endSession(tokenHash);
    await this.bus.publish({ kind: 'end', tokenHash }).catch((err: unknown) => this.log.warn({ err }, 'live channel: publish failed'));
  }

  /**
   * Every PING_INTERVAL_MS: ping the sockets (cutting those that missed the last pong), close the
   * sockets of sessions that ended (expired, revoked by a password change on any instance), refresh
   * the projects each live session may see, and forget the tags of dead sessions.
   */
  async sweep() {
    this.hub.ping();
    const sessions = this.hub.sessions();
    for (const tokenHash of this.hub.tagged()) if (!sessions.has(tokenHash)) sessions.set(tokenHash, []);
    for (const [tokenHash, clients] of sessions) {
      try {
        const s = await liveSession(this.ems, tokenHash);
        if (!s) {
          this.hub.endSession(tokenHash);
          continue;
        }
        const visible = new Set(s.projectIds);
        for (const c of clients) c.projectIds = visible;
      } catch (err) {
        this.log.warn({ err }, 'live channel: session check failed');
      }
    }
  }

  /** Waits until the notifications raised so far on this instance are published. */
  async flush() {
    await this.outgoing;
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe();
    await this.outgoing;
    this.hub.closeAll(1001, 'server shutting down');
    await this.bus.close();
  }
}
