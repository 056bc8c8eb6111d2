import { MODEL_API, type ModelInfo } from '@ems/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';

/** GET /model-meta/v1/models/: every label with its attributes and allowed children, in the request's language. */
export async function fetchModelMeta(): Promise<ModelInfo[]> {
  return (await http.get<ModelInfo[]>(MODEL_API.models)).data ?? [];
}

/** Keyed by language: the server answers names, units and enum texts in it. Static otherwise. */
export const modelMetaQuery = (language: string) =>
  queryOptions({ queryKey: ['model-meta', language], queryFn: fetchModelMeta, staleTime: Infinity, select: (list) => new Map(list.map((m) => [m.label, m])) });
