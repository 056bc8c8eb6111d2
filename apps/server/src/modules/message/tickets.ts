import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sha256hex } from '../../lib/hash.js';
import type { Lang } from '../../lib/i18n.js';

/** A socket ticket lives this long (ms); it is also single-use. */
export const TICKET_TTL_MS = 30_000;
/** At most this many tickets wait in memory; the oldest go first. */
const MAX_MEMORY_TICKETS = 10_000;

/** What a ticket stands for: the session that fetched it. */
export interface TicketRecord {
  userId: number;
  tokenHash: string;
  lang: Lang;
  /** ms on the server clock */
  expiresAt: number;
}

/**
 * One-time socket tickets, stored by their SHA-256 only: in memory, or in Redis (so the instance
 * that opens the socket need not be the one that issued the ticket).
 */
export interface TicketStore {
  issue(record: Omit<TicketRecord, 'expiresAt'>, now: number): Promise<string>;
  /** The ticket's record if it is known, unused and unexpired; it is used up either way. */
  take(ticket: string, now: number): Promise<TicketRecord | undefined>;
}

const newTicket = () => randomBytes(32).toString('base64url');

export function memoryTickets(): TicketStore {
  const tickets = new Map<string, TicketRecord>();
  return {
    async issue(record, now) {
      for (const [hash, r] of tickets) {
        if (r.expiresAt > now && tickets.size < MAX_MEMORY_TICKETS) break;
        tickets.delete(hash);
      }
      const ticket = newTicket();
      tickets.set(sha256hex(ticket), { ...record, expiresAt: now + TICKET_TTL_MS });
      return ticket;
    },
    async take(ticket, now) {
      const hash = sha256hex(ticket);
      const r = tickets.get(hash);
      tickets.delete(hash);
      return r && r.expiresAt > now ? r : undefined;
    },
  };
}

/** Tickets in Redis under `${prefix}${sha256}`, expiring by TTL; GETDEL makes the use atomic across instances. */
export function redisTickets(redis: Redis, prefix: string): TicketStore {
  return {
    async issue(record, now) {
      const ticket = newTicket();
      const value: TicketRecord = { ...record, expiresAt: now + TICKET_TTL_MS };
      await redis.set(`${prefix}${sha256hex(ticket)}`, JSON.stringify(value), 'PX', TICKET_TTL_MS);
      return ticket;
    },
    async take(ticket, now) {
      const raw = await redis.getdel(`${prefix}${sha256hex(ticket)}`);
      if (raw === null) return undefined;
      const r = JSON.parse(raw) as TicketRecord;
      return r.expiresAt > now ? r : undefined;
    },
  };
}
