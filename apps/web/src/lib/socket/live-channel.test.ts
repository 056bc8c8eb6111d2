import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_FRAME, SOCKET_CLOSE, type NotificationMessage } from '@ems/contract';
import { createLiveChannel, parseNotification, socketUrl, type LiveChannelOptions } from './live-channel';
import { registrationTags } from './message-api';

/** A fake WebSocket: records what the client sends and lets a test open, message and close it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // test side
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  serverCloses(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1]!;
const note = (id: number): NotificationMessage => ({ id, time: id, logType: 702, content: '{"message":"m"}', description: '{"eventClass":2}', projectId: 1 });

let tickets = 0;
function channel(overrides: Partial<LiveChannelOptions> = {}) {
  const received: NotificationMessage[] = [];
  const register = vi.fn(async () => undefined);
  const onUnsupported = vi.fn();
  const ch = createLiveChannel({
    userId: 7,
    fetchTicket: async () => `t${++tickets}`,
    register,
    onMessage: (m) => received.push(m),
    onUnsupported,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    location: { protocol: 'http:', host: 'plant.example:8080' },
    ...overrides,
  });
  return { ch, received, register, onUnsupported };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  tickets = 0;
});
afterEach(() => vi.useRealTimers());

describe('live channel (spec 4 "Live channel")', () => {
  it('a WebSocket opens on load with a fresh ticket, same host, then the client is registered', async () => {
    const { ch, register } = channel();
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().url).toBe('ws://plant.example:8080/messageServer/websocket/7?ticket=t1&after=0');
    expect(register).not.toHaveBeenCalled();
    latest().serverOpens();
    expect(register).toHaveBeenCalledTimes(1);
  });
  it('an https page opens wss', () => {
    expect(socketUrl({ protocol: 'https:', host: 'h' }, 3, 'a b', 12)).toBe('wss://h/messageServer/websocket/3?ticket=a+b&after=12');
  });
  it('registration tags are modelLabel_id per node plus the user id', () => {
    expect(registrationTags([{ modelLabel: 'project', id: 1 }, { modelLabel: 'meter', id: 12 }], 7)).toEqual(['project_1', 'meter_12', '7']);
  });
  it('a heartbeat goes every 40 s', async () => {
    const { ch } = channel();
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().serverOpens();
    await vi.advanceTimersByTimeAsync(39_999);
    expect(latest().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(latest().sent).toEqual([HEARTBEAT_FRAME]);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(latest().sent).toEqual([HEARTBEAT_FRAME, HEARTBEAT_FRAME]);
  });
  it('the heartbeat timer resets on each message', async () => {
    const { ch } = channel();
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().serverOpens();
    await vi.advanceTimersByTimeAsync(30_000);
    latest().serverSends(note(1));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(latest().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(latest().sent).toEqual([HEARTBEAT_FRAME]);
  });
  it('heartbeat replies are not notifications', async () => {
    const { ch, received } = channel();
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().serverOpens();
    latest().serverSends(HEARTBEAT_FRAME);
    latest().serverSends('not json');
    latest().serverSends(note(5));
    expect(received.map((m) => m.id)).toEqual([5]);
    expect(parseNotification(HEARTBEAT_FRAME)).toBeNull();
  });
  it('an unexpected close reconnects after 30 s with a new ticket and the last id seen', async () => {
    const { ch } = channel({ lastId: 3 });
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().serverOpens();
    latest().serverSends(note(9));
    latest().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(latest().url).toContain('ticket=t2&after=9');
    expect(ch.lastId).toBe(9);
  });
  it('no heartbeat is sent on a closed socket', async () => {
    const { ch } = channel();
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.serverOpens();
    first.serverCloses(1006);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(first.sent).toEqual([]);
  });
  it('a failed ticket fetch retries after 30 s; a fatal one (session over) does not', async () => {
    let fail = true;
    const { ch } = channel({ fetchTicket: async () => (fail ? Promise.reject(new Error('network')) : 'ok') });
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.instances).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeSocket.instances).toHaveLength(1);

    const fatal = channel({ fetchTicket: () => Promise.reject(new Error('401')), isFatal: () => true });
    fatal.ch.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
  it('a manual close on teardown does not reconnect', async () => {
    const { ch } = channel();
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    const ws = latest();
    ws.serverOpens();
    ch.stop();
    expect(ws.closedWith).toBe(1000);
    ws.serverCloses(1000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(ws.sent).toEqual([]);
  });
  it('a stop while a reconnect waits cancels it', async () => {
    const { ch } = channel();
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().serverCloses(1006);
    ch.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
  it('a close because the session ended does not reconnect and tells the app once', async () => {
    const onSessionEnded = vi.fn();
    const { ch } = channel({ onSessionEnded });
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().serverCloses(SOCKET_CLOSE.sessionEnded);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });
  it('any other close reconnects without telling the app the session ended', async () => {
    const onSessionEnded = vi.fn();
    const { ch } = channel({ onSessionEnded });
    ch.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onSessionEnded).not.toHaveBeenCalled();
    ch.stop();
  });
  it('without browser WebSocket support the error is reported and nothing opens', () => {
    const saved = globalThis.WebSocket;
    // jsdom has a WebSocket: take it away for this case
    (globalThis as { WebSocket?: unknown }).WebSocket = undefined;
    try {
      const { ch, onUnsupported } = channel({ WebSocketImpl: undefined });
      ch.start();
      expect(onUnsupported).toHaveBeenCalledTimes(1);
      expect(FakeSocket.instances).toHaveLength(0);
    } finally {
      (globalThis as { WebSocket?: unknown }).WebSocket = saved;
    }
  });
});
