import { createHash, randomBytes } from 'node:crypto';
import { DATA_ID, type RollupRow } from '@ems/contract';
import type { Ems } from '../context.js';
import { ingestRepository } from './repository.js';
import { readRollups, writeBatch } from '../modules/timeseries/service.js';
import type { MessageHandler } from './embedded-broker.js';

/** Test helper (group commit): gateways with known keys, their messages, and a log of the server's commits. */

export interface TestGateway {
  id: number;
  projectId: number;
  username: string;
  key: string;
}

export async function createGateways(ems: Ems, projectId: number, n: number): Promise<TestGateway[]> {
  const repo = ingestRepository(ems.db);
  const out: TestGateway[] = [];
  for (let i = 0; i < n; i++) {
    const key = `gw_test_${randomBytes(12).toString('hex')}`;
    const id = await repo.insertGateway({ projectId, name: `group commit ${i} ${key.slice(-6)}`, keyHash: createHash('sha256').update(key).digest('hex') });
    out.push({ id, projectId, username: `gw-${id}`, key });
  }
  return out;
}

const T1 = Date.UTC(2025, 6, 1, 8);
const STEP_MS = 5 * 60_000;

/** message `i` of a gateway: its meter's kWh counter and power at step i (series `k` sets the load) */
export function gatewayMessage(meter: number, i: number, k: number) {
  const ts = T1 + i * STEP_MS;
  return {
    ts,
    readings: [
      { deviceId: meter, dataId: DATA_ID.activeEnergyImport, value: 1000 + i * (2.5 + (k % 7) * 0.25) },
      { deviceId: meter, dataId: DATA_ID.activePower, value: 30 + ((i * 13 + k) % 11) },
    ],
  };
}

const indexOf = (payload: Buffer) => ((JSON.parse(payload.toString('utf8')) as { ts: number }).ts - T1) / STEP_MS;

/** What the server's handler did: per gateway, the message indexes in commit order; how many ran at once. */
export class CommitLog {
  commits = 0;
  inFlight = 0;
  maxInFlight = 0;
  private readonly order = new Map<number, number[]>();

  wrap(handle: MessageHandler): MessageHandler {
    return async (ems, g, payload) => {
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        const r = await handle(ems, g, payload);
        this.commits++;
        const id = Number(g.id);
        let list = this.order.get(id);
        if (!list) this.order.set(id, (list = []));
        list.push(indexOf(payload));
        return r;
      } finally {
        this.inFlight--;
      }
    };
  }

  committed(gatewayId: number, i: number): boolean {
    return this.order.get(gatewayId)?.includes(i) ?? false;
  }

  orderOf(gatewayId: number): number[] {
    return this.order.get(gatewayId) ?? [];
  }
}

const GRAINS = ['15m', 'hour', 'day', 'month'] as const;

/** The rollups of one meter, without its id, per grain; values to 1e-6 (sums may add in another order). */
export async function meterRollups(ems: Ems, projectId: number, meter: number): Promise<Record<string, Omit<RollupRow, 'deviceId'>[]>> {
  const out: Record<string, Omit<RollupRow, 'deviceId'>[]> = {};
  for (const grain of GRAINS) {
    out[grain] = (await readRollups(ems, projectId, { deviceIds: [meter], dataId: DATA_ID.activeEnergyImport, grain, from: 0, to: 4e12 })).map(({ deviceId: _d, ...r }) => ({
      ...r,
      value: r.value === null ? null : Math.round(r.value * 1e6) / 1e6,
    }));
  }
  return out;
}

/** The reference: the same messages of a meter written in order, one after the other, straight through the service. */
export async function writeInOrder(ems: Ems, projectId: number, meter: number, k: number, messages: number): Promise<void> {
  for (let i = 0; i < messages; i++) {
    const m = gatewayMessage(meter, i, k);
    await writeBatch(ems, projectId, m.readings.map((r) => ({ ...r, ts: m.ts })));
  }
}
