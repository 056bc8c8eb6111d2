import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  INGEST_MAX_READINGS,
  INGEST_REASON,
  IngestReading,
  type GatewayInfo,
  type GatewayWithKey,
  type IngestErrorInfo,
  type IngestResult,
} from '@ems/contract';
import type { Ems, Session } from '../context.js';
import type { GatewayTable } from '../db/schema.js';
import { badRequest, noPermission, notFound, unauthorized } from '../lib/errors.js';
import { DEMO_PROJECTS } from '../modules/seed/demo-data.js';
import { writeBatch, type ReadingInput } from '../modules/timeseries/service.js';
import { ingestRepository } from './repository.js';

export type Gateway = Selectable<GatewayTable>;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newKey = () => `gw_${randomBytes(24).toString('base64url')}`;
const checkReading = TypeCompiler.Compile(IngestReading);
/** ISO 8601 date-time with a zone (Z or ±hh:mm). */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** Errors listed in a reply and recorded per message; the rest are counted (and summarised in one record). */
const MAX_LISTED = 100;

export function toGatewayInfo(g: Gateway): GatewayInfo {
  return {
    id: Number(g.id),
    projectId: Number(g.project_id),
    name: g.name,
    mqttUsername: g.mqtt_username,
    enabled: Number(g.enabled) === 1,
    lastSeen: g.last_seen === null ? null : Number(g.last_seen),
  };
}

/** The enabled gateway of a plain key, or 401. */
export async function authenticateGateway(ems: Ems, key: string | undefined): Promise<Gateway> {
  if (!key || key.length > 200) throw unauthorized();
  const g = await ingestRepository(ems.db).findByKeyHash(sha256(key));
  if (!g) throw unauthorized();
  return g;
}

const excerpt = (v: unknown) => {
  let s: string;
  try {
    s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.slice(0, 500);
};

/** Records one rejected message (a whole body) with its reason. Never throws. */
export async function recordIngestError(ems: Ems, gateway: Gateway, reason: string, payload: unknown): Promise<void> {
  await ingestRepository(ems.db)
    .insertErrors([{ project_id: Number(gateway.project_id), gateway_id: Number(gateway.id), received_at: ems.config.now(), reason, excerpt: excerpt(payload) }])
    .catch(() => undefined);
}

/** A gateway's last_seen is written at most this often (a fleet sends many messages a second). */
const TOUCH_EVERY_MS = 5000;
const touched = new WeakMap<Ems['db'], Map<number, number>>();

/** Records that the gateway was seen at `now`, at most once per TOUCH_EVERY_MS per gateway and store. */
async function touchGateway(ems: Ems, gatewayId: number, now: number): Promise<void> {
  let perDb = touched.get(ems.db);
  if (!perDb) touched.set(ems.db, (perDb = new Map()));
  const last = perDb.get(gatewayId);
  if (last !== undefined && now >= last && now - last < TOUCH_EVERY_MS) return;
  perDb.set(gatewayId, now);
  await ingestRepository(ems.db).touch(gatewayId, now);
}

/**
 * One message of a gateway (HTTP batch body or MQTT payload `{ts?, readings}`): each reading is
 * checked on its own; bad ones are rejected with their reason, counted and recorded, the rest are
 * written through the time-series service. The envelope is the caller's to validate.
 */
export async function ingest(ems: Ems, gateway: Gateway, payload: { gatewayId?: number; ts?: number; readings: unknown[] }): Promise<IngestResult> {
  const projectId = Number(gateway.project_id);
  if (payload.gatewayId !== undefined && payload.gatewayId !== Number(gateway.id)) {
    await recordIngestError(ems, gateway, 'gateway_mismatch', payload);
    throw noPermission();
  }
  if (payload.readings.length > INGEST_MAX_READINGS) throw badRequest();
  const errors: { index: number; reason: string; raw: unknown }[] = [];
  const inputs: ReadingInput[] = [];
  const origin: number[] = [];
  payload.readings.forEach((raw, index) => {
    if (!checkReading.Check(raw)) {
      errors.push({ index, reason: INGEST_REASON.invalidReading, raw });
      return;
    }
    let ts = raw.ts;
    if (ts === undefined && raw.time !== undefined) {
      const t = ISO.test(raw.time) ? Date.parse(raw.time) : NaN;
      if (!Number.isFinite(t)) {
        errors.push({ index, reason: INGEST_REASON.badTime, raw });
        return;
      }
      ts = t;
    }
    ts ??= payload.ts;
    if (ts === undefined) {
      errors.push({ index, reason: INGEST_REASON.badTime, raw });
      return;
    }
    inputs.push({ deviceId: raw.deviceId, dataId: raw.dataId, ts, value: raw.value, status: raw.status ?? 0 });
    origin.push(index);
  });
  const written = inputs.length > 0 ? await writeBatch(ems, projectId, inputs) : { accepted: 0, rejected: 0, errors: [] };
  for (const e of written.errors) {
    const index = origin[e.index] ?? -1;
    errors.push({ index, reason: e.reason, raw: payload.readings[index] });
  }
  errors.sort((a, b) => a.index - b.index);
  const repo = ingestRepository(ems.db);
  const now = ems.config.now();
  const records = errors.slice(0, MAX_LISTED).map((e) => ({
    project_id: projectId,
    gateway_id: Number(gateway.id),
    received_at: now,
    reason: e.reason,
    excerpt: excerpt({ index: e.index, reading: e.raw }),
  }));
  if (errors.length > MAX_LISTED) {
    records.push({ project_id: projectId, gateway_id: Number(gateway.id), received_at: now, reason: 'more_rejected', excerpt: `${errors.length - MAX_LISTED} more readings of this message rejected` });
  }
  await repo.insertErrors(records);
  await touchGateway(ems, Number(gateway.id), now);
  return {
    accepted: payload.readings.length - errors.length,
    rejected: errors.length,
    errors: errors.slice(0, MAX_LISTED).map(({ index, reason }) => ({ index, reason })),
  };
}

function visible(session: Session, projectId: number) {
  if (!session.projectIds.includes(projectId)) throw noPermission();
}

async function visibleGateway(ems: Ems, session: Session, id: number): Promise<Gateway> {
  const g = await ingestRepository(ems.db).findGateway(id);
  if (!g || !session.projectIds.includes(Number(g.project_id))) throw notFound();
  return g;
}

export async function createGateway(ems: Ems, session: Session, body: { projectId: number; name: string }): Promise<GatewayWithKey> {
  visible(session, body.projectId);
  const repo = ingestRepository(ems.db);
  const apiKey = newKey();
  const id = await repo.insertGateway({ projectId: body.projectId, name: body.name, keyHash: sha256(apiKey) });
  return { gateway: toGatewayInfo(await visibleGateway(ems, session, id)), apiKey };
}

export async function listGateways(ems: Ems, session: Session, projectId: number): Promise<GatewayInfo[]> {
  visible(session, projectId);
  return (await ingestRepository(ems.db).listGateways(projectId)).map(toGatewayInfo);
}

/** A new key for the gateway (the old one stops working); the plain key is returned this once. */
export async function rotateGatewayKey(ems: Ems, session: Session, id: number): Promise<GatewayWithKey> {
  await visibleGateway(ems, session, id);
  const apiKey = newKey();
  await ingestRepository(ems.db).setKey(id, sha256(apiKey));
  return { gateway: toGatewayInfo(await visibleGateway(ems, session, id)), apiKey };
}

export async function updateGateway(ems: Ems, session: Session, id: number, body: { name?: string; enabled?: boolean }): Promise<GatewayInfo> {
  await visibleGateway(ems, session, id);
  await ingestRepository(ems.db).update(id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
  });
  return toGatewayInfo(await visibleGateway(ems, session, id));
}

export async function listIngestErrors(ems: Ems, session: Session, q: { projectId: number; page?: number; pageSize?: number }): Promise<{ list: IngestErrorInfo[]; total: number }> {
  visible(session, q.projectId);
  const size = q.pageSize ?? 20;
  const { rows, total } = await ingestRepository(ems.db).listErrors(q.projectId, ((q.page ?? 1) - 1) * size, size);
  return {
    total,
    list: rows.map((r) => ({ id: Number(r.id), gatewayId: r.gateway_id === null ? null : Number(r.gateway_id), receivedAt: Number(r.received_at), reason: r.reason, excerpt: r.excerpt })),
  };
}

export interface DemoGatewayCredentials {
  projectId: number;
  gatewayId: number;
  name: string;
  /** plain key: X-Gateway-Key header and MQTT password */
  apiKey: string;
  mqttUsername: string;
}

export const DEMO_GATEWAY_NAME = 'demo-gateway';

/**
 * The demo gateway of each demo project (created when missing), with its key. The key is derived
 * from the server's secret key, so it stays the same across restarts and is never stored in plain.
 */
export async function demoGatewayCredentials(ems: Ems): Promise<DemoGatewayCredentials[]> {
  const repo = ingestRepository(ems.db);
  const projects = await repo.projectIdsByName(1, DEMO_PROJECTS.map((p) => p.name));
  const out: DemoGatewayCredentials[] = [];
  for (const p of projects) {
    const projectId = Number(p.id);
    const apiKey = `gw_demo_${createHmac('sha256', ems.config.key).update(`demo-gateway:${projectId}`).digest('base64url').slice(0, 32)}`;
    const hash = sha256(apiKey);
    let g = await repo.findByName(projectId, DEMO_GATEWAY_NAME);
    if (!g) {
      const id = await repo.insertGateway({ projectId, name: DEMO_GATEWAY_NAME, keyHash: hash });
      g = await repo.findGateway(id);
    } else if (g.api_key_hash !== hash) {
      await repo.setKey(Number(g.id), hash);
    }
    if (g) out.push({ projectId, gatewayId: Number(g.id), name: g.name, apiKey, mqttUsername: g.mqtt_username });
  }
  return out;
}
