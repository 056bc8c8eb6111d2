import type { Ems } from '../context.js';
import { ingest } from '../ingest/service.js';
import { ingestRepository } from '../ingest/repository.js';

/**
 * The live feed's seam. The simulator hands every message of a demo gateway to a `SimPublish`:
 * the payload is exactly the ingest/MQTT message body `{gatewayId, ts, readings}` (contract
 * ingest.ts) for project `projectId` and gateway `gatewayId` (the project's `demo-gateway`,
 * credentials from demoGatewayCredentials). Default: `directIngest` calls the ingest service in
 * process. The MQTT transport replaces it with a publisher that sends the payload to the topic
 * `ems/{projectId}/{gatewayId}/data` as that gateway (`app.sim.setPublisher(p)`), so the demo data
 * takes the real MQTT path. A publisher should resolve once the message is accepted (or throw).
 */
export interface SimReading {
  deviceId: number;
  dataId: number;
  ts: number;
  value: number;
  status?: number;
}

export interface SimPayload {
  gatewayId: number;
  /** ms: the sample instant of the message */
  ts: number;
  /** at most INGEST_MAX_READINGS (5000) */
  readings: SimReading[];
}

export type SimPublish = (projectId: number, gatewayId: number, payload: SimPayload) => Promise<void>;

/** Default publisher: the ingest service directly, as the gateway. */
export function directIngest(ems: Ems): SimPublish {
  return async (_projectId, gatewayId, payload) => {
    const gateway = await ingestRepository(ems.db).findGateway(gatewayId);
    if (!gateway) throw new Error(`sim: gateway ${gatewayId} missing`);
    await ingest(ems, gateway, payload);
  };
}
