import { TypeCompiler } from '@sinclair/typebox/compiler';
import { IngestBatchBody } from '@ems/contract';
import type { Ems } from '../context.js';
import { ApiError } from '../lib/errors.js';
import { ingest, recordIngestError, type Gateway } from './service.js';

const checkBody = TypeCompiler.Compile(IngestBatchBody);
/** text PostgreSQL can store (no NUL) */
// eslint-disable-next-line no-control-regex
const storable = (s: string) => s.replace(/\u0000/g, '\\u0000');
const head = (payload: Buffer) => payload.toString('utf8', 0, 300);

/** What became of one message; either way it is acknowledged (it would never succeed later). */
export type MessageOutcome = { kind: 'ingested'; accepted: number; rejected: number } | { kind: 'refused'; reason: string };

/**
 * One MQTT payload of a gateway, the same JSON as the HTTP batch body. A message that is not JSON
 * or not a valid envelope is recorded in ingest_error with its reason and nothing is written;
 * otherwise it goes through `ingest()` (per-reading reasons recorded there). Resolves once the
 * batch is committed; rejects only when the store fails, and then the message must not be acked.
 */
export async function handleGatewayMessage(ems: Ems, gateway: Gateway, payload: Buffer): Promise<MessageOutcome> {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch (err) {
    await recordIngestError(ems, gateway, 'malformed_json', storable(`${(err as Error).message}: ${head(payload)}`));
    return { kind: 'refused', reason: 'malformed_json' };
  }
  if (!checkBody.Check(body)) {
    const first = checkBody.Errors(body).First();
    const detail = first ? `${first.path || '/'} ${first.message}` : 'invalid body';
    await recordIngestError(ems, gateway, 'invalid_body', storable(`${detail}: ${head(payload)}`));
    return { kind: 'refused', reason: 'invalid_body' };
  }
  try {
    const r = await ingest(ems, gateway, body);
    return { kind: 'ingested', accepted: r.accepted, rejected: r.rejected };
  } catch (err) {
    // gatewayId naming another gateway (recorded by ingest as gateway_mismatch): final, so acked
    if (err instanceof ApiError && err.status < 500) return { kind: 'refused', reason: err.status === 404 ? 'gateway_mismatch' : 'invalid_body' };
    throw err;
  }
}
