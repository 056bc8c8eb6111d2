import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  Envelope,
  GATEWAY_KEY_HEADER,
  GatewayCreateBody,
  GatewayIdParam,
  GatewayInfo,
  GatewayListQuery,
  GatewayUpdateBody,
  GatewayWithKey,
  INGEST_API,
  IngestBatchBody,
  IngestErrorInfo,
  IngestErrorQuery,
  IngestResult,
} from '@ems/contract';
import { sessionOf } from '../context.js';
import { ApiError } from '../lib/errors.js';
import { ok } from '../lib/reply.js';
import {
  authenticateGateway,
  createGateway,
  ingest,
  listGateways,
  listIngestErrors,
  recordIngestError,
  rotateGatewayKey,
  updateGateway,
  type Gateway,
} from './service.js';

/** The gateway of an ingest request, set by its onRequest hook. */
const gatewayOf = new WeakMap<FastifyRequest, Gateway>();

export const ingestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    INGEST_API.batch,
    {
      config: { public: true },
      schema: { body: IngestBatchBody, response: { 200: Envelope(IngestResult) } },
      onRequest: async (request) => {
        const v = request.headers[GATEWAY_KEY_HEADER];
        gatewayOf.set(request, await authenticateGateway(app.ems, Array.isArray(v) ? v[0] : v));
      },
      // a malformed body of a known gateway is recorded with its reason (the reply is the usual 400)
      onError: async (request, _reply, error) => {
        const g = gatewayOf.get(request);
        if (!g || (error instanceof ApiError && error.status !== 400)) return;
        const validation = (error as { validation?: { instancePath?: string; message?: string }[] }).validation?.[0];
        const reason = validation ? 'invalid_body' : error instanceof SyntaxError ? 'malformed_json' : 'bad_body';
        const detail = validation ? `${validation.instancePath ?? ''} ${validation.message ?? ''}`.trim() : error.message;
        await recordIngestError(app.ems, g, reason, detail);
      },
    },
    async (request) => {
      const g = gatewayOf.get(request);
      if (!g) throw new Error('ingest without gateway');
      return ok(request.lang, await ingest(app.ems, g, request.body));
    },
  );

  app.get(
    INGEST_API.gateways,
    { config: { permission: 'device_create device_update' }, schema: { querystring: GatewayListQuery, response: { 200: Envelope(Type.Array(GatewayInfo)) } } },
    async (request) => {
      const list = await listGateways(app.ems, sessionOf(request), request.query.projectId);
      return ok(request.lang, list, list.length);
    },
  );

  app.post(
    INGEST_API.gateways,
    { config: { permission: 'device_create' }, schema: { body: GatewayCreateBody, response: { 200: Envelope(GatewayWithKey) } } },
    async (request) => ok(request.lang, await createGateway(app.ems, sessionOf(request), request.body)),
  );

  app.post(
    `${INGEST_API.gateways}/:id${INGEST_API.gatewayRotate}`,
    { config: { permission: 'device_update' }, schema: { params: GatewayIdParam, response: { 200: Envelope(GatewayWithKey) } } },
    async (request) => ok(request.lang, await rotateGatewayKey(app.ems, sessionOf(request), request.params.id)),
  );

  app.put(
    `${INGEST_API.gateways}/:id`,
    { config: { permission: 'device_update' }, schema: { params: GatewayIdParam, body: GatewayUpdateBody, response: { 200: Envelope(GatewayInfo) } } },
    async (request) => ok(request.lang, await updateGateway(app.ems, sessionOf(request), request.params.id, request.body)),
  );

  app.get(
    INGEST_API.errors,
    { config: { permission: 'sysevent_browse' }, schema: { querystring: IngestErrorQuery, response: { 200: Envelope(Type.Array(IngestErrorInfo)) } } },
    async (request) => {
      const { list, total } = await listIngestErrors(app.ems, sessionOf(request), request.query);
      return ok(request.lang, list, total);
    },
  );
};
