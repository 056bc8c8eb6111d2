import { createHash, timingSafeEqual } from 'node:crypto';
import type { Ems } from '../context.js';
import { ingestRepository } from './repository.js';
import type { Gateway } from './service.js';

const USERNAME = /^gw-([1-9]\d{0,9})$/;
const TOPIC_TAIL = /^([1-9]\d{0,9})\/([1-9]\d{0,9})\/data$/;
/** compared when the username names no gateway, so a miss costs what a hit costs */
const DUMMY_HASH = createHash('sha256').update('no such gateway').digest();

/** `ems/{projectId}/{gatewayId}/data` (`root` replaces `ems`; tests isolate runs that way) → its ids, else null. */
export function parseDataTopic(topic: string, root = 'ems'): { projectId: number; gatewayId: number } | null {
  if (!topic.startsWith(`${root}/`)) return null;
  const m = TOPIC_TAIL.exec(topic.slice(root.length + 1));
  return m ? { projectId: Number(m[1]), gatewayId: Number(m[2]) } : null;
}

/**
 * The enabled gateway whose MQTT username and password (its key) match, else null. The SHA-256 of
 * the password is compared with the stored hash in constant time.
 */
export async function verifyGatewayLogin(ems: Ems, username: string | undefined, password: Buffer | undefined): Promise<Gateway | null> {
  const m = username === undefined ? null : USERNAME.exec(username);
  const g = m ? await ingestRepository(ems.db).findGateway(Number(m[1])) : undefined;
  const stored = g && /^[0-9a-f]{64}$/.test(g.mqtt_password_hash) ? Buffer.from(g.mqtt_password_hash, 'hex') : DUMMY_HASH;
  const given = createHash('sha256')
    .update(password ?? Buffer.alloc(0))
    .digest();
  const same = timingSafeEqual(given, stored) && password !== undefined && password.length > 0 && password.length <= 200;
  if (!g || !same || g.mqtt_username !== username || Number(g.enabled) !== 1) return null;
  return g;
}

/** Whether a PUBLISH topic is the gateway's own data topic. */
export function isOwnTopic(g: Gateway, topic: string): boolean {
  const t = parseDataTopic(topic);
  return t !== null && t.projectId === Number(g.project_id) && t.gatewayId === Number(g.id);
}
