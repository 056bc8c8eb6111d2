import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ABNORMAL_API,
  AbnormalEvaluateBody,
  AbnormalEvaluation,
  AbnormalFindingRecord,
  AbnormalFindingsQuery,
  AbnormalIdParam,
  AbnormalOptions,
  AbnormalProjectQuery,
  AbnormalResults,
  AbnormalResultsQuery,
  AbnormalRule,
  AbnormalRuleInput,
  AbnormalRulesQuery,
  AbnormalStatusBody,
  Envelope,
  WasteAnalysis,
  WasteAnalysisQuery,
} from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { sessionOf } from '../../context.js';
import { projectScope } from '../../lib/request-scope.js';
import { actorOf, recordAudit } from '../audit/service.js';
import { listFindings, ruleResults, setFindingStatus, wasteAnalysis } from './results.js';
import { abnormalOptions, createRule, evaluateNow, listRules, removeRule, ruleDetail, updateRule } from './service.js';

/** Reading rules, results and findings: the /useException page; the waste events page reads findings and the ranking. */
const READ = { permission: 'page_useException' };
const WASTE = { permission: 'page_useException page_energyLossEvent' };
/** Writing rules: a kind's custom permission (checked per kind in the service). */
const UPDATE = { permission: 'percent_rule_update period_rule_update consumption_rule_update' };
const REMOVE = { permission: 'percent_rule_delete period_rule_delete consumption_rule_delete' };
/** Evaluating on demand: whoever reads the page (it records what the background pass would); acknowledging or closing findings: overstandard_update. */
const EVALUATE = READ;
const STATUS = { permission: 'overstandard_update' };

/** Changes of rules and findings go to the audit log as configuration. */
const target = (type: string, s: { id: number; name: string }) => ({ kind: 'config' as const, targetType: type, targetId: s.id, targetName: s.name });

/** Abnormal consumption (issue 15, DOMAIN §10): rules, evaluation, results, findings, waste ranking. */
export const abnormalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(ABNORMAL_API.rules, { config: READ, schema: { querystring: AbnormalRulesQuery, response: { 200: Envelope(Type.Array(AbnormalRule)) } } }, async (request) => {
    const list = await listRules(app.ems, projectScope(request), request.query.projectId, request.query.kind);
    return ok(request.lang, list, list.length);
  });
  app.get(ABNORMAL_API.options, { config: READ, schema: { querystring: AbnormalProjectQuery, response: { 200: Envelope(AbnormalOptions) } } }, async (request) =>
    ok(request.lang, await abnormalOptions(app.ems, projectScope(request), request.query.projectId)),
  );
  app.post(ABNORMAL_API.create, { config: UPDATE, schema: { body: AbnormalRuleInput, response: { 200: Envelope(AbnormalRule) } } }, async (request) => {
    const after = await createRule(app.ems, request.lang, projectScope(request), sessionOf(request), request.body);
    await recordAudit(app.ems, actorOf(request), { action: 'create', ...target('abnormalRule', after), after });
    return ok(request.lang, after);
  });
  app.put(ABNORMAL_API.update, { config: UPDATE, schema: { params: AbnormalIdParam, body: AbnormalRuleInput, response: { 200: Envelope(AbnormalRule) } } }, async (request) => {
    const scope = projectScope(request);
    const before = await ruleDetail(app.ems, scope, request.params.id);
    const after = await updateRule(app.ems, request.lang, scope, sessionOf(request), request.params.id, request.body);
    await recordAudit(app.ems, actorOf(request), { action: 'update', ...target('abnormalRule', after), before, after });
    return ok(request.lang, after);
  });
  app.delete(ABNORMAL_API.remove, { config: REMOVE, schema: { params: AbnormalIdParam, response: { 200: Envelope(Type.Integer()) } } }, async (request) => {
    const scope = projectScope(request);
    const before = await ruleDetail(app.ems, scope, request.params.id);
    const id = await removeRule(app.ems, scope, sessionOf(request), request.params.id);
    await recordAudit(app.ems, actorOf(request), { action: 'delete', ...target('abnormalRule', before), before });
    return ok(request.lang, id);
  });
  app.post(ABNORMAL_API.evaluate, { config: EVALUATE, schema: { body: AbnormalEvaluateBody, response: { 200: Envelope(AbnormalEvaluation) } } }, async (request) =>
    ok(request.lang, await evaluateNow(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(ABNORMAL_API.results, { config: READ, schema: { body: AbnormalResultsQuery, response: { 200: Envelope(AbnormalResults) } } }, async (request) =>
    ok(request.lang, await ruleResults(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(ABNORMAL_API.findings, { config: WASTE, schema: { body: AbnormalFindingsQuery, response: { 200: Envelope(Type.Array(AbnormalFindingRecord)) } } }, async (request) => {
    const { list, total } = await listFindings(app.ems, request.lang, projectScope(request), request.body);
    return ok(request.lang, list, total);
  });
  app.put(ABNORMAL_API.findingStatus, { config: STATUS, schema: { params: AbnormalIdParam, body: AbnormalStatusBody, response: { 200: Envelope(AbnormalFindingRecord) } } }, async (request) => {
    const { before, after } = await setFindingStatus(app.ems, projectScope(request), sessionOf(request), request.params.id, request.body.status);
    await recordAudit(app.ems, actorOf(request), { action: 'update', ...target('abnormalFinding', { id: after.id, name: `${after.meterName} ${after.ruleName}` }), before, after });
    return ok(request.lang, after);
  });
  app.post(ABNORMAL_API.wasteAnalysis, { config: WASTE, schema: { body: WasteAnalysisQuery, response: { 200: Envelope(WasteAnalysis) } } }, async (request) =>
    ok(request.lang, await wasteAnalysis(app.ems, request.lang, projectScope(request), request.body)),
  );
};
