import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { HEARTBEAT_FRAME, MESSAGE_API, type NotificationMessage, type SocketTicket } from '@ems/contract';
import type { NewNotification } from './notifier.js';

/** A test browser's socket: what it received, and how it closed. */
export interface TestSocket {
  ws: WebSocket;
  messages: NotificationMessage[];
  closed: Promise<{ code: number; reason: string }>;
  /** resolves with the first received message (already or later) that passes */
  waitFor(pred: (m: NotificationMessage) => boolean): Promise<NotificationMessage>;
  /** a heartbeat round trip: every frame the server sent before its answer has arrived */
  heartbeat(): Promise<void>;
}

export function baseUrl(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

export async function ticketFor(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: MESSAGE_API.ticket, headers });
  return (res.json() as { data: SocketTicket }).data.ticket;
}

/** Opens `${socket}/{userId}?ticket&after` on a listening app (optionally with an Origin header). */
export function openTestSocket(app: FastifyInstance, userId: number, query: { ticket?: string; after?: number }, origin?: string, autoPong = true): TestSocket {
  const params = new URLSearchParams();
  if (query.ticket !== undefined) params.set('ticket', query.ticket);
  if (query.after !== undefined) params.set('after', String(query.after));
  const ws = new WebSocket(`${baseUrl(app)}${MESSAGE_API.socket}/${userId}?${params}`, { autoPong, ...(origin ? { origin } : {}) });
  const messages: NotificationMessage[] = [];
  const waiters: { pred: (m: NotificationMessage) => boolean; resolve: (m: NotificationMessage) => void }[] = [];
  let heartbeatWaiter: (() => void) | undefined;
  ws.on('message', (data) => {
    const text = data.toString();
    if (text === HEARTBEAT_FRAME) {
      heartbeatWaiter?.();
      return;
    }
    const m = JSON.parse(text) as NotificationMessage;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return {
    ws,
    messages,
    closed,
    waitFor: (pred) => {
      const found = messages.find(pred);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ pred, resolve }));
    },
    heartbeat: async () => {
      if (ws.readyState === WebSocket.CONNECTING) await new Promise((r) => ws.once('open', r));
      await new Promise<void>((resolve) => {
        heartbeatWaiter = resolve;
        ws.send(HEARTBEAT_FRAME);
      });
    },
  };
}

/** The readable message of a received notification. */
export const textOf = (m: NotificationMessage) => (JSON.parse(m.content) as { message: string }).message;

let seq = 0;
/** A notification for a node, with a unique message (so a test finds its own). */
export function note(projectId: number, nodeId: number, modelLabel: string, over: Partial<NewNotification> = {}): NewNotification {
  seq++;
  return {
    projectId,
    nodeId,
    modelLabel,
    logType: 702,
    eventClass: 2,
    eventType: 3,
    level: 2,
    eventId: null,
    time: Date.now(),
    message: { zh: `测试告警 ${seq}`, en: `test alarm ${seq}` },
    ...over,
  };
}
