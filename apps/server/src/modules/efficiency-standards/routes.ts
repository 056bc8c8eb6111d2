import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EFFICIENCY_STANDARDS_API, EfficiencyStandard, EfficiencyStandardInput, EfficiencyStandardSummary, Envelope, EquipmentKindParam } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { actorOf } from '../audit/service.js';
import { listStandards, resetStandard, standardOf, updateStandard } from './service.js';

const EDIT = { permission: 'efficiencystandard_update' };

/**
 * The efficiency grade tables (issue 14): any signed-in user reads them (the efficiency pages show
 * the limits); the platform operator holding efficiencystandard_update edits and resets them.
 */
export const efficiencyStandardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(EFFICIENCY_STANDARDS_API.list, { schema: { response: { 200: Envelope(Type.Array(EfficiencyStandardSummary)) } } }, async (request) => {
    const list = await listStandards(app.ems);
    return ok(request.lang, list, list.length);
  });
  app.get(EFFICIENCY_STANDARDS_API.one, { schema: { params: EquipmentKindParam, response: { 200: Envelope(EfficiencyStandard) } } }, async (request) =>
    ok(request.lang, await standardOf(app.ems, request.params.kind)),
  );
  app.put(
    EFFICIENCY_STANDARDS_API.update,
    { config: EDIT, schema: { params: EquipmentKindParam, body: EfficiencyStandardInput, response: { 200: Envelope(EfficiencyStandard) } } },
    async (request) => ok(request.lang, await updateStandard(app.ems, request.lang, sessionOf(request), actorOf(request), request.params.kind, request.body)),
  );
  app.post(EFFICIENCY_STANDARDS_API.reset, { config: EDIT, schema: { params: EquipmentKindParam, response: { 200: Envelope(EfficiencyStandard) } } }, async (request) =>
    ok(request.lang, await resetStandard(app.ems, sessionOf(request), actorOf(request), request.params.kind)),
  );
};
