import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DataPointInfo, Envelope, RollupQuery, RollupRowSchema, TIMESERIES_API, type DataPointKind } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { closeTimeseriesStore, timeseriesRepository } from './repository.js';
import { readRollups } from './service.js';

export const timeseriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onClose', async () => closeTimeseriesStore(app.ems));

  app.get(TIMESERIES_API.dataPoints, { schema: { response: { 200: Envelope(Type.Array(DataPointInfo)) } } }, async (request) => {
    const rows = await timeseriesRepository(app.ems).catalogue();
    const list = rows.map((d) => ({
      dataId: Number(d.data_id),
      nameZh: d.name_zh,
      nameEn: d.name_en,
      unit: d.unit,
      energyType: d.energy_type === null ? null : Number(d.energy_type),
      kind: d.kind as DataPointKind,
      upperLimit: d.upper_limit === null ? null : Number(d.upper_limit),
      lowerLimit: d.lower_limit === null ? null : Number(d.lower_limit),
    }));
    return ok(request.lang, list, list.length);
  });

  app.post(TIMESERIES_API.rollups, { schema: { body: RollupQuery, response: { 200: Envelope(Type.Array(RollupRowSchema)) } } }, async (request) => {
    const session = sessionOf(request);
    const q = request.body;
    if (!session.projectIds.includes(q.projectId)) throw noPermission();
    const rows = await readRollups(app.ems, q.projectId, q);
    return ok(request.lang, rows, rows.length);
  });
};
