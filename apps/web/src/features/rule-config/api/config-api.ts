import {
  EVENT_API,
  HEADER,
  type AlgorithmConfig,
  type AlgorithmConfigInput,
  type AlgorithmListQuery,
  type RuleConfig,
  type RuleConfigInput,
  type RuleListQuery,
} from '@ems/contract';
import { defineQuery, type QueryDefinition } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/**
 * The rule and algorithm calls (spec section 7). The pages sit in the platform module, which has no
 * current project, so every call names the chosen project in the projectid header. The two resources
 * share one shape, hence one file.
 */
const inProject = (projectId: number) => ({ headers: { [HEADER.projectId]: String(projectId) } });

export interface ConfigPage<T> {
  rows: T[];
  total: number;
}

async function list<T>(url: string, projectId: number, body: RuleListQuery | AlgorithmListQuery): Promise<ConfigPage<T>> {
  const reply = await http.post<T[]>(url, body, inProject(projectId));
  const rows = reply.data ?? [];
  return { rows, total: reply.total ?? rows.length };
}

export interface ConfigListBody {
  keyword?: string;
  page: { index: number; limit: number };
}

export interface ConfigApi<T, I> {
  /** the list of a project (idle without one), a page at a time, always fetched afresh */
  listQuery: QueryDefinition<[projectId: number | null, body: ConfigListBody], ConfigPage<T>>;
  save: (projectId: number, input: I) => Promise<T>;
  remove: (projectId: number, ids: number[]) => Promise<number[]>;
  setEnabled: (projectId: number, ids: number[], enabled: boolean) => Promise<number>;
}

export const RULE_API: ConfigApi<RuleConfig, RuleConfigInput> = {
  listQuery: defineQuery(['rule-config', 'rules'], (projectId: number | null, body: ConfigListBody) => ({
    key: [projectId, body],
    queryFn: () => list<RuleConfig>(EVENT_API.ruleList, projectId ?? 0, body),
    enabled: projectId !== null,
    staleTime: 0,
  })),
  save: async (projectId, input) => (await http.post<RuleConfig>(EVENT_API.ruleSave, input, inProject(projectId))).data,
  remove: async (projectId, ids) => (await http.del<number[]>(EVENT_API.ruleDelete, { ids }, inProject(projectId))).data ?? [],
  setEnabled: async (projectId, ids, enabled) => (await http.post<number>(EVENT_API.ruleStates, { ids, enabled }, inProject(projectId))).data ?? 0,
};

export const ALGORITHM_API: ConfigApi<AlgorithmConfig, AlgorithmConfigInput> = {
  listQuery: defineQuery(['rule-config', 'algorithms'], (projectId: number | null, body: ConfigListBody) => ({
    key: [projectId, body],
    queryFn: () => list<AlgorithmConfig>(EVENT_API.algorithmList, projectId ?? 0, body),
    enabled: projectId !== null,
    staleTime: 0,
  })),
  save: async (projectId, input) => (await http.post<AlgorithmConfig>(EVENT_API.algorithmSave, input, inProject(projectId))).data,
  remove: async (projectId, ids) => (await http.del<number[]>(EVENT_API.algorithmDelete, { ids }, inProject(projectId))).data ?? [],
  setEnabled: async (projectId, ids, enabled) => (await http.post<number>(EVENT_API.algorithmStates, { ids, enabled }, inProject(projectId))).data ?? 0,
};
