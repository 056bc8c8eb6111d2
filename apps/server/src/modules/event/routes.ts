import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AlgorithmConfig,
  AlgorithmConfigInput,
  AlgorithmListQuery,
  ChangeStatesBody,
  CloseOrdersBody,
  Envelope,
  EVENT_API,
  EventConfirmBody,
  EventDetail,
  EventIdQuery,
  EventQueryBody,
  EventRecord,
  IdsBody,
  RaiseOrderBody,
  RuleConfig,
  RuleConfigInput,
  RuleListQuery,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { algorithmDetail, listAlgorithms, listRules, ruleDetail } from './config-service.js';
import { auditedRemove, auditedSaveAlgorithm, auditedSaveRule, auditedStates } from './config-audit.js';
import { actorOf } from '../audit/service.js';
import { closeOrders, confirmEvents, eventDetail, exportEvents, queryEvents, raiseOrder } from './event-service.js';

const BROWSE = { permission: 'event_browse' };
const SAVE = { permission: 'sysevent_create sysevent_update' };
const DELETE = { permission: 'sysevent_delete' };
const STATES = { permission: 'sysevent_update sysevent_disable' };

/** Events (query, detail, confirm, export) and the rule and algorithm configuration (spec section 7). */
export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(EVENT_API.query, { config: BROWSE, schema: { body: EventQueryBody, response: { 200: Envelope(Type.Array(EventRecord)) } } }, async (request) => {
    const { list, total } = await queryEvents(app.ems, request.lang, projectScope(request), request.body);
    return ok(request.lang, list, total);
  });

  app.get(EVENT_API.detail, { config: BROWSE, schema: { querystring: EventIdQuery, response: { 200: Envelope(EventDetail) } } }, async (request) =>
    ok(request.lang, await eventDetail(app.ems, request.lang, projectScope(request), request.query.id)),
  );

  app.post(EVENT_API.confirm, { config: { permission: 'event_confirm' }, schema: { body: EventConfirmBody, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
    ok(request.lang, await confirmEvents(app.ems, projectScope(request), sessionOf(request), request.body)),
  );

  app.post(EVENT_API.raiseOrder, { config: { permission: 'workorder_create' }, schema: { body: RaiseOrderBody, response: { 200: Envelope(EventRecord) } } }, async (request) =>
    ok(request.lang, await raiseOrder(app.ems, request.lang, projectScope(request), sessionOf(request), request.body)),
  );
  app.post(EVENT_API.closeOrders, { config: { permission: 'workorder_update' }, schema: { body: CloseOrdersBody, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
    ok(request.lang, await closeOrders(app.ems, request.lang, projectScope(request), sessionOf(request), request.body)),
  );

  app.post(EVENT_API.export, { config: BROWSE, schema: { body: EventQueryBody } }, async (request, reply) => {
    const { buffer, fileName } = await exportEvents(app.ems, request.lang, projectScope(request), request.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(fileName))
      .send(buffer);
  });

  app.post(EVENT_API.ruleList, { config: BROWSE, schema: { body: RuleListQuery, response: { 200: Envelope(Type.Array(RuleConfig)) } } }, async (request) => {
    const { list, total } = await listRules(app.ems, request.lang, projectScope(request), request.body ?? {});
    return ok(request.lang, list, total);
  });
  app.get(EVENT_API.ruleDetail, { config: BROWSE, schema: { querystring: EventIdQuery, response: { 200: Envelope(RuleConfig) } } }, async (request) =>
    ok(request.lang, await ruleDetail(app.ems, request.lang, projectScope(request), request.query.id)),
  );
  app.post(EVENT_API.ruleSave, { config: SAVE, schema: { body: RuleConfigInput, response: { 200: Envelope(RuleConfig) } } }, async (request) =>
    ok(request.lang, await auditedSaveRule(app.ems, request.lang, projectScope(request), actorOf(request), request.body)),
  );
  app.delete(EVENT_API.ruleDelete, { config: DELETE, schema: { body: IdsBody, response: { 200: Envelope(Type.Array(Type.Integer())) } } }, async (request) =>
    ok(request.lang, await auditedRemove(app.ems, request.lang, 'event_rule', projectScope(request), actorOf(request), request.body.ids)),
  );
  app.post(EVENT_API.ruleStates, { config: STATES, schema: { body: ChangeStatesBody, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
    ok(request.lang, await auditedStates(app.ems, request.lang, 'event_rule', projectScope(request), actorOf(request), request.body)),
  );

  app.post(EVENT_API.algorithmList, { config: BROWSE, schema: { body: AlgorithmListQuery, response: { 200: Envelope(Type.Array(AlgorithmConfig)) } } }, async (request) => {
    const { list, total } = await listAlgorithms(app.ems, projectScope(request), request.body ?? {});
    return ok(request.lang, list, total);
  });
  app.get(EVENT_API.algorithmDetail, { config: BROWSE, schema: { querystring: EventIdQuery, response: { 200: Envelope(AlgorithmConfig) } } }, async (request) =>
    ok(request.lang, await algorithmDetail(app.ems, projectScope(request), request.query.id)),
  );
  app.post(EVENT_API.algorithmSave, { config: SAVE, schema: { body: AlgorithmConfigInput, response: { 200: Envelope(AlgorithmConfig) } } }, async (request) =>
    ok(request.lang, await auditedSaveAlgorithm(app.ems, request.lang, projectScope(request), actorOf(request), request.body)),
  );
  app.delete(EVENT_API.algorithmDelete, { config: DELETE, schema: { body: IdsBody, response: { 200: Envelope(Type.Array(Type.Integer())) } } }, async (request) =>
    ok(request.lang, await auditedRemove(app.ems, request.lang, 'event_algorithm', projectScope(request), actorOf(request), request.body.ids)),
  );
  app.post(EVENT_API.algorithmStates, { config: STATES, schema: { body: ChangeStatesBody, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
    ok(request.lang, await auditedStates(app.ems, request.lang, 'event_algorithm', projectScope(request), actorOf(request), request.body)),
  );
};
