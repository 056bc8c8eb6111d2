import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  DataPointInfo,
  Envelope,
  ErrorCode,
  ROLLUP_MAX_ROWS,
  ROLLUP_MAX_SPAN_DAYS,
  RollupQuery,
  RollupRowSchema,
  TIMESERIES_API,
  type DataPointKind,
  type RollupGrain,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { ok } from '../../lib/reply.js';
import { streamedEnvelopeOf } from '../../lib/streamed-reply.js';
import { closeTimeseriesStore, timeseriesRepository } from './repository.js';
import { rollupReads } from './service.js';

const DAY_MS = 86_400_000;
/** the shortest bucket of each grain (a DST day has 23 h, February 28 days): the most buckets a range can hold */
const SHORTEST_BUCKET_MS: Record<RollupGrain, number> = { '15m': 900_000, hour: 3_600_000, day: 23 * 3_600_000, month: 28 * DAY_MS };

/** 400 naming the field, in the request's language. */
const invalid = (lang: Lang, field: string, zh: string, en: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, lang === 'en' ? en : zh]);

/**
 * The request's bounds (issue 12, finding 4): to after from, the range within its grain's span, and
 * devices × buckets within ROLLUP_MAX_ROWS, so no request reads or sends more than that.
 */
function checkBounds(lang: Lang, q: RollupQuery): void {
  if (q.to <= q.from) throw invalid(lang, 'to', '结束时间须晚于开始时间', 'must be after from');
  const days = ROLLUP_MAX_SPAN_DAYS[q.grain];
  if (q.to - q.from > days * DAY_MS) throw invalid(lang, 'to', `粒度 ${q.grain} 的时间跨度不能超过 ${days} 天`, `the range of grain ${q.grain} is longer than ${days} days`);
  const devices = new Set(q.deviceIds).size;
  const buckets = Math.ceil((q.to - q.from) / SHORTEST_BUCKET_MS[q.grain]) + 1;
  if (devices * buckets > ROLLUP_MAX_ROWS) {
    throw invalid(
      lang,
      'deviceIds',
      `${devices} 个设备 × ${buckets} 个时段超过 ${ROLLUP_MAX_ROWS} 行，请减少设备或缩短时间范围`,
      `${devices} devices × ${buckets} buckets is more than ${ROLLUP_MAX_ROWS} rows; ask for fewer devices or a shorter range`,
    );
  }
}

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

  // the reply is streamed (lib/streamed-reply.ts): the response schema documents it but does not serialise it (hence the cast)
  app.post(TIMESERIES_API.rollups, { schema: { body: RollupQuery, response: { 200: Envelope(Type.Array(RollupRowSchema)) } } }, async (request, reply) => {
    const session = sessionOf(request);
    const q = request.body;
    if (!session.projectIds.includes(q.projectId)) throw noPermission();
    checkBounds(request.lang, q);
    // a device outside the project is refused, never dropped from the answer (docs/security.md: lists naming foreign nodes)
    const asked = new Set(q.deviceIds);
    if ((await timeseriesRepository(app.ems).projectDevices(q.projectId, [...asked])).size < asked.size) throw noPermission();
    return reply.type('application/json; charset=utf-8').send(streamedEnvelopeOf(request.lang, rollupReads(app.ems, q.projectId, q), (r) => [JSON.stringify(r)]) as never);
  });
};
