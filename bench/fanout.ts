/**
 * Fan-out (issue 4, speed goal): 2,000 open sockets on this machine, a notification for all of them.
 * Figures: p95 from publish (notifier.notify: store, then fan-out) to receipt in the browser stand-in,
 * and messages/s of a burst, each beside a bare `ws` broadcast loop to 2,000 sockets measured in the
 * same run with the same client code. The clients run in a worker thread (the server keeps its own
 * event loop, as with real browsers); SQLite store, in-process fan-out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { WebSocketServer } from 'ws';
import { API, MESSAGE_API, type ModelNodeRef } from '@ems/contract';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import { toMessage } from '../apps/server/src/modules/message/notifier.js';
import { notificationRepository } from '../apps/server/src/modules/message/repository.js';
import type {} from '../apps/server/src/plugins/websocket.js';
import { benchConfig } from './support.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const ROUNDS = 10;
const BURST = 50;
const BURSTS = 2;
const GOAL_P95_MS = 250;
const GOAL_RATIO = 0.7;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const now = () => performance.timeOrigin + performance.now();

/** The browser stand-ins: open sockets, parse every frame, note the receipt time of each id. */
const CLIENTS = `
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const WebSocket = require('ws');
const now = () => performance.timeOrigin + performance.now();
let sockets = [];
let expected = 0;
let receipts = null;
function onMessage(data) {
  const t = now();
  const m = JSON.parse(data.toString());
  if (m.type === 'heartbeat' || receipts === null) return;
  receipts.push(m.id, t);
  if (receipts.length / 2 === expected) {
    parentPort.postMessage({ type: 'done', receipts });
    receipts = null;
  }
}
const openOne = (url) => new Promise((resolve, reject) => {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  ws.on('message', onMessage);
  ws.once('open', resolve);
  ws.once('error', reject);
  sockets.push(ws);
});
parentPort.on('message', async (msg) => {
  if (msg.type === 'open') {
    for (let i = 0; i < msg.urls.length; i += 100) await Promise.all(msg.urls.slice(i, i + 100).map(openOne));
    parentPort.postMessage({ type: 'opened' });
  } else if (msg.type === 'expect') {
    expected = msg.count;
    receipts = [];
    parentPort.postMessage({ type: 'ready' });
  } else if (msg.type === 'close') {
    for (const ws of sockets) ws.terminate();
    sockets = [];
    parentPort.postMessage({ type: 'closed' });
  }
});
`;

class Clients {
  private readonly worker = new Worker(CLIENTS, { eval: true });
  private ask(msg: object, answer: string): Promise<{ receipts?: number[] }> {
    return new Promise((resolve, reject) => {
      const on = (m: { type: string; receipts?: number[] }) => {
        if (m.type !== answer) return;
        this.worker.off('message', on);
        this.worker.off('error', reject);
        resolve(m);
      };
      this.worker.on('message', on);
      this.worker.once('error', reject);
      this.worker.postMessage(msg);
    });
  }
  open(urls: string[]) {
    return this.ask({ type: 'open', urls }, 'opened');
  }
  close() {
    return this.ask({ type: 'close' }, 'closed');
  }
  /** Arms the clients for `count` messages, runs `fire`, returns [id, receipt ms] pairs. */
  async receive(count: number, fire: () => Promise<void>): Promise<number[]> {
    await this.ask({ type: 'expect', count }, 'ready');
    const done = this.ask({}, 'done');
    await fire();
    return (await done).receipts ?? [];
  }
  terminate() {
    return this.worker.terminate();
  }
}

interface Figures {
  p95Ms: number;
  perSecond: number;
}

function p95(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? NaN;
}

interface Side {
  latencies: number[];
  messages: number;
  ms: number;
}

/**
 * ROUNDS single events (latency from publish, per receipt), then BURSTS bursts of BURST events back
 * to back (messages/s); the two publishers take turns round by round, so a load change on this
 * shared machine hits both alike.
 */
async function measure(clients: Clients, publishers: Record<'ours' | 'floor', () => Promise<void>>): Promise<Record<'ours' | 'floor', Figures>> {
  const sides: Record<'ours' | 'floor', Side> = { ours: { latencies: [], messages: 0, ms: 0 }, floor: { latencies: [], messages: 0, ms: 0 } };
  const order = ['ours', 'floor'] as const;
  for (let r = 0; r < ROUNDS; r++) {
    for (const side of r % 2 === 0 ? order : ([...order].reverse() as ('ours' | 'floor')[])) {
      let t0 = 0;
      const receipts = await clients.receive(SOCKETS, async () => {
        t0 = now();
        await publishers[side]();
      });
      for (let i = 1; i < receipts.length; i += 2) sides[side].latencies.push(receipts[i]! - t0);
    }
  }
  for (let b = 0; b < BURSTS; b++) {
    for (const side of b % 2 === 0 ? order : ([...order].reverse() as ('ours' | 'floor')[])) {
      let start = 0;
      const receipts = await clients.receive(SOCKETS * BURST, async () => {
        start = now();
        for (let k = 0; k < BURST; k++) await publishers[side]();
      });
      let last = start;
      for (let i = 1; i < receipts.length; i += 2) last = Math.max(last, receipts[i]!);
      sides[side].messages += SOCKETS * BURST;
      sides[side].ms += last - start;
    }
  }
  const figures = (s: Side): Figures => ({ p95Ms: p95(s.latencies), perSecond: (s.messages * 1000) / s.ms });
  return { ours: figures(sides.ours), floor: figures(sides.floor) };
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

export async function benchFanout(dataDir: string): Promise<void> {
  const app = await buildApp(benchConfig({ kind: 'sqlite', file: join(dataDir, 'fanout.sqlite') }, dataDir), { logger: false });
  await prepareStore(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const clients = new Clients();
  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  try {
    const ts = Date.now();
    const login = await app.inject({ method: 'POST', url: API.login, payload: { userName: 'pf_admin', password: md5(`ems${ts}${md5('Demo@12345')}`), timestamps: ts, client: 'web' } });
    const { token, user } = login.json().data as { token: string; user: { id: number } };
    const headers = { authorization: `Bearer ${token}` };
    const after = await notificationRepository(app.ems.db).maxId();
    const urls: string[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      const ticket = (await app.inject({ method: 'POST', url: MESSAGE_API.ticket, headers })).json().data.ticket as string;
      urls.push(`ws://127.0.0.1:${port}${MESSAGE_API.socket}/${user.id}?ticket=${ticket}&after=${after}`);
    }
    await clients.open(urls);
    await until(() => app.live.hub.clients.size === SOCKETS && [...app.live.hub.clients].every((c) => c.held === null));
    const nodes = (await app.inject({ method: 'GET', url: MESSAGE_API.modelNodes, headers })).json().data as ModelNodeRef[];
    await app.inject({ method: 'POST', url: MESSAGE_API.register, headers, payload: { userId: user.id, tags: [...nodes.map((n) => `${n.modelLabel}_${n.id}`), String(user.id)] } });
    const node = nodes.find((n) => n.modelLabel === 'meter') ?? nodes[nodes.length - 1]!;
    const project = await app.ems.db.selectFrom('node').select('project_id').where('id', '=', node.id).executeTakeFirst();
    const projectId = Number(project?.project_id ?? 1);

    let seq = 0;
    const publish = async () => {
      seq++;
      const n = await app.ems.notifier.notify({
        projectId,
        nodeId: node.id,
        modelLabel: node.modelLabel,
        logType: 702,
        eventClass: 2,
        eventType: 3,
        level: 2,
        eventId: null,
        time: Date.now(),
        message: { zh: `有功功率越上限 ${seq}：520 kW > 500 kW`, en: `active power over the upper limit ${seq}: 520 kW > 500 kW` },
        extra: { dataId: 2000001, value: 520, limit: 500 },
      });
      return n.id;
    };
    const bareUrl = `ws://127.0.0.1:${(bare.address() as { port: number }).port}`;
    await clients.open(Array.from({ length: SOCKETS }, () => bareUrl));
    await until(() => bare.clients.size === SOCKETS);
    const sample = toMessage(
      {
        id: 0,
        projectId,
        nodeId: node.id,
        modelLabel: node.modelLabel,
        logType: 702,
        eventClass: 2,
        eventId: null,
        time: Date.now(),
        messageZh: '有功功率越上限 1：520 kW > 500 kW',
        messageEn: '',
        description: JSON.stringify({ eventClass: 2, eventType: 3, level: 2, nodeId: node.id, modelLabel: node.modelLabel, eventId: null, projectId, dataId: 2000001, value: 520, limit: 500 }),
      },
      'zh',
    );
    let bareId = 0;
    const { ours, floor } = await measure(clients, {
      ours: async () => {
        await publish();
        await app.live.flush();
      },
      floor: async () => {
        const data = JSON.stringify({ ...sample, id: ++bareId });
        for (const c of bare.clients) c.send(data);
      },
    });
    await clients.close();

    const pad = (s: string) => s.padEnd(44);
    console.log(`fan-out: ${SOCKETS.toLocaleString('en-US')} sockets on this machine (clients in a worker thread), SQLite store; ${ROUNDS} single events and ${BURSTS} bursts of ${BURST} each, ours and the floor taking turns`);
    console.log(`${pad('[sqlite] notify → receipt, p95')} ${ours.p95Ms.toFixed(1)} ms | floor (bare ws broadcast) ${floor.p95Ms.toFixed(1)} ms | goal ≤ ${GOAL_P95_MS} ms ${ours.p95Ms <= GOAL_P95_MS ? 'met' : 'MISSED'}`);
    const ratio = ours.perSecond / floor.perSecond;
    console.log(
      `${pad('[sqlite] fan-out messages/s (burst)')} ${Math.round(ours.perSecond).toLocaleString('en-US')} msg/s | floor (bare ws broadcast) ${Math.round(floor.perSecond).toLocaleString('en-US')} msg/s | ratio ${(ratio * 100).toFixed(0)}% (goal ≥ ${GOAL_RATIO * 100}% ${ratio >= GOAL_RATIO ? 'met' : 'MISSED'})`,
    );
  } finally {
    await clients.terminate();
    await new Promise((r) => bare.close(r));
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-bench-'));
  try {
    await benchFanout(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
