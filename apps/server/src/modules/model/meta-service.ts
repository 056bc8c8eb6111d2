import { MODEL_LABELS, MODEL_META, type AttrInfo, type ModelInfo, type ModelMeta, type ModelNodeRef } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { asLabel } from './props.js';
import { modelRepository } from './repository.js';

function infoOf(meta: ModelMeta, lang: Lang): ModelInfo {
  const text = (x: { zh: string; en: string }) => (lang === 'en' ? x.en : x.zh);
  return {
    label: meta.label,
    name: text(meta),
    children: [...meta.children],
    writable: meta.writable,
    attrs: meta.attrs.map((a) => {
      const info: AttrInfo = { name: a.name, type: a.type, label: text(a), required: a.required === true };
      if (a.unit !== undefined) info.unit = a.unit;
      if (a.min !== undefined) info.min = a.min;
      if (a.max !== undefined) info.max = a.max;
      if (a.exclusiveMin !== undefined) info.exclusiveMin = a.exclusiveMin;
      if (a.type === 'string') info.maxLength = a.maxLength ?? 255;
      if (a.pattern !== undefined) info.pattern = a.pattern;
      if (a.values) info.values = a.values.map((v) => ({ value: v.value, text: text(v) }));
      if (a.refLabel !== undefined) info.refLabel = a.refLabel;
      if (a.default !== undefined) info.default = a.default;
      return info;
    }),
  };
}

/** Every label's metadata in the request's language, tree order. */
export function modelInfos(lang: Lang): ModelInfo[] {
  return MODEL_LABELS.map((l) => infoOf(MODEL_META[l], lang));
}

/** One label's metadata; 404 for an unknown label. */
export function modelInfo(lang: Lang, label: string): ModelInfo {
  const l = asLabel(label);
  if (!l) throw notFound();
  return infoOf(MODEL_META[l], lang);
}

/** The projects the caller may see and every node under them, as {modelLabel, id}. */
export async function modelNodes(ems: Ems, session: Session): Promise<ModelNodeRef[]> {
  const repo = modelRepository(ems.db, ems.kind);
  const projects = await repo.projects(session.projectIds);
  const ids = projects.map((p) => Number(p.id));
  const nodes = await repo.nodeRefs(ids);
  return [...ids.map((id) => ({ modelLabel: 'project', id })), ...nodes.map((n) => ({ modelLabel: n.model_label, id: Number(n.id) }))];
}
