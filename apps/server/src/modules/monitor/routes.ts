import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, MONITOR_API, MonitorDataPoint, MonitorDataPointsQuery, MonitorDevices, MonitorDevicesBody } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { projectScope } from '../../lib/request-scope.js';
import { devicePoints, monitorDevices } from './service.js';

export const monitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(MONITOR_API.devices, { schema: { body: MonitorDevicesBody, response: { 200: Envelope(MonitorDevices) } } }, async (request) =>
    ok(request.lang, await monitorDevices(app.ems, request.lang, projectScope(request), request.body)),
  );

  app.get(MONITOR_API.dataPoints, { schema: { querystring: MonitorDataPointsQuery, response: { 200: Envelope(Type.Array(MonitorDataPoint)) } } }, async (request) => {
    const list = await devicePoints(app.ems, request.lang, projectScope(request), request.query.deviceId);
    return ok(request.lang, list, list.length);
  });
};
