import {
  ABNORMAL_API,
  type AbnormalEvaluation,
  type AbnormalFindingRecord,
  type AbnormalOptions,
  type AbnormalResults,
  type AbnormalResultsQuery,
  type AbnormalRule,
  type AbnormalRuleInput,
  type FindingStatus,
  type WasteAnalysis,
  type WasteAnalysisQuery,
} from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** GET abnormal/rules: the project's abnormal-consumption rules of every kind. */
export const abnormalRulesQuery = defineQuery(['abnormal', 'rules'], (projectId: number | null) => ({
  key: [projectId],
  queryFn: async () => (await http.get<AbnormalRule[]>(ABNORMAL_API.rules, { projectId: projectId ?? 0 })).data ?? [],
  enabled: projectId !== null,
}));

/** GET abnormal/options: the meters a rule may watch (with unit) and whether a TOU tariff prices electricity. */
export const abnormalOptionsQuery = defineQuery(['abnormal', 'options'], (projectId: number | null) => ({
  key: [projectId],
  queryFn: async () => (await http.get<AbnormalOptions>(ABNORMAL_API.options, { projectId: projectId ?? 0 })).data,
  enabled: projectId !== null,
  staleTime: 60_000,
}));

/** POST abnormal/results: a rule's chart, spans, flagged intervals, waste per day and stored findings on one meter. */
export const abnormalResultsQuery = defineQuery(['abnormal', 'results'], (body: AbnormalResultsQuery) => ({
  key: [body],
  queryFn: async () => (await http.post<AbnormalResults>(ABNORMAL_API.results, body)).data,
}));

/** POST abnormal/wasteAnalysis: the project's meters ranked by the cost (then amount) of their findings. */
export const wasteAnalysisQuery = defineQuery(['abnormal', 'waste-analysis'], (body: WasteAnalysisQuery) => ({
  key: [body],
  queryFn: async () => (await http.post<WasteAnalysis>(ABNORMAL_API.wasteAnalysis, body)).data,
}));

/** POST (new) or PUT (id) a rule. */
export async function saveAbnormalRule(input: AbnormalRuleInput, id?: number): Promise<AbnormalRule> {
  const reply = id === undefined ? await http.post<AbnormalRule>(ABNORMAL_API.create, input) : await http.put<AbnormalRule>(ABNORMAL_API.update.replace(':id', String(id)), input);
  return reply.data;
}

/** DELETE a rule (its findings go with it). */
export async function removeAbnormalRule(id: number): Promise<number> {
  return (await http.del<number>(ABNORMAL_API.remove.replace(':id', String(id)))).data;
}

/** POST abnormal/evaluate: judge the rule (or every enabled rule) over the range now. */
export async function evaluateAbnormal(body: { projectId: number; ruleId?: number; startTime: number; endTime: number }): Promise<AbnormalEvaluation> {
  return (await http.post<AbnormalEvaluation>(ABNORMAL_API.evaluate, body)).data;
}

/** PUT a finding's status: acknowledged, closed, or open again. */
export async function setFindingStatus(id: number, status: FindingStatus): Promise<AbnormalFindingRecord> {
  return (await http.put<AbnormalFindingRecord>(ABNORMAL_API.findingStatus.replace(':id', String(id)), { status })).data;
}
