import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  Camera,
  DemoVideoParams,
  ENVIRONMENT_API,
  Envelope,
  EnvironmentExportQuery,
  HazardIdParams,
  HazardSource,
  HazardSourceInput,
  NodeRef,
  SensorAlarm,
  SensorAlarmQuery,
  SensorGrid,
  SensorGridQuery,
  SensorTrend,
  SensorTrendQuery,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { notFound, noPermission } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { holds } from '../auth/session-service.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportEnvironment } from './export.js';
import { createHazard, listHazards, removeHazard, updateHazard } from './hazards.js';
import { cameras, sensorAlarms, sensorGrid, sensorTrend } from './sensors.js';
import { demoVideoFile } from './video.js';

/** Reading sensors, trends and alarms: either monitoring page. */
const SENSORS = { permission: 'page_plantEnvironment page_hazardSourceMonitoring' };
/** The register: its page, or hazardsource_browse. */
const REGISTER = 'page_hazardSourceMonitoring hazardsource_browse';
/** Cameras and their streams: the video page (plant video is sensitive: signed-in users with the page only). */
const VIDEO = { permission: 'page_videoMonitor' };

/** Plant environment, hazard sources and video (issue 5, DOMAIN §13; docs/api.md). */
export const environmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(ENVIRONMENT_API.sensors, { config: SENSORS, schema: { body: SensorGridQuery, response: { 200: Envelope(SensorGrid) } } }, async (request) =>
    ok(request.lang, await sensorGrid(app.ems, projectScope(request), request.body)),
  );
  app.post(ENVIRONMENT_API.trend, { config: SENSORS, schema: { body: SensorTrendQuery, response: { 200: Envelope(SensorTrend) } } }, async (request) =>
    ok(request.lang, await sensorTrend(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(ENVIRONMENT_API.alarms, { config: SENSORS, schema: { body: SensorAlarmQuery, response: { 200: Envelope(Type.Array(SensorAlarm)) } } }, async (request) => {
    const list = await sensorAlarms(app.ems, request.lang, projectScope(request), request.body);
    return ok(request.lang, list, list.length);
  });
  app.post(ENVIRONMENT_API.cameras, { config: VIDEO, schema: { body: NodeRef, response: { 200: Envelope(Type.Array(Camera)) } } }, async (request) => {
    const list = await cameras(app.ems, projectScope(request), request.body);
    return ok(request.lang, list, list.length);
  });

  app.get(ENVIRONMENT_API.hazards, { config: { permission: REGISTER }, schema: { response: { 200: Envelope(Type.Array(HazardSource)) } } }, async (request) => {
    const list = await listHazards(app.ems, projectScope(request));
    return ok(request.lang, list, list.length);
  });
  app.post(ENVIRONMENT_API.createHazard, { config: { permission: 'hazardsource_create' }, schema: { body: HazardSourceInput, response: { 200: Envelope(HazardSource) } } }, async (request) =>
    ok(request.lang, await createHazard(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.put(
    ENVIRONMENT_API.updateHazard,
    { config: { permission: 'hazardsource_update' }, schema: { params: HazardIdParams, body: HazardSourceInput, response: { 200: Envelope(HazardSource) } } },
    async (request) => ok(request.lang, await updateHazard(app.ems, request.lang, projectScope(request), request.params.id, request.body)),
  );
  app.delete(ENVIRONMENT_API.removeHazard, { config: { permission: 'hazardsource_delete' }, schema: { params: HazardIdParams, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
    ok(request.lang, await removeHazard(app.ems, projectScope(request), request.params.id)),
  );

  app.post(ENVIRONMENT_API.export, { config: SENSORS, schema: { body: EnvironmentExportQuery } }, async (request, reply) => {
    if (request.body.table === 'hazards' && !holds(sessionOf(request), REGISTER)) throw noPermission();
    const { buffer, fileName } = await exportEnvironment(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', contentDisposition(fileName)).send(buffer);
  });

  app.get(ENVIRONMENT_API.demoVideo, { config: VIDEO, schema: { params: DemoVideoParams } }, async (request, reply) => {
    const file = demoVideoFile(request.params.file);
    if (!file) throw notFound();
    return reply.header('content-type', file.type).header('cache-control', 'private, max-age=300').send(file.body);
  });
};
