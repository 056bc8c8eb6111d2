import { MODEL_API, type ModelInfo } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** GET /model-meta/v1/models/: every label with its attributes and allowed children, in the request's language. */
export async function fetchModelMeta(): Promise<ModelInfo[]> {
  return (await http.get<ModelInfo[]>(MODEL_API.models)).data ?? [];
}

/** Keyed by language: the server answers names, units and enum texts in it. Static otherwise. */
export const modelMetaQuery = defineQuery(['model-meta'], (language: string) => ({ key: [language], queryFn: fetchModelMeta, staleTime: Infinity }));

/** The list by label (a `select` for modelMetaQuery). */
export const metaByLabel = (list: ModelInfo[]): ReadonlyMap<string, ModelInfo> => new Map(list.map((m) => [m.label, m]));
