import type { EquipmentSchemeInput } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { createScheme, removeScheme, schemeDetail, updateScheme } from './service.js';

/** Changes of programmes go to the audit log as configuration (kind 'config', target 'equipmentScheme'). */
const target = (s: { id: number; name: string }) => ({ kind: 'config' as const, targetType: 'equipmentScheme', targetId: s.id, targetName: s.name });

export async function auditedCreate(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, input: EquipmentSchemeInput) {
  const after = await createScheme(ems, lang, scope, input);
  await recordAudit(ems, actor, { action: 'create', ...target(after), after });
  return after;
}

export async function auditedUpdate(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, id: number, input: EquipmentSchemeInput) {
  const before = await schemeDetail(ems, lang, scope, id);
  const after = await updateScheme(ems, lang, scope, id, input);
  await recordAudit(ems, actor, { action: 'update', ...target(after), before, after });
  return after;
}

export async function auditedRemove(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, id: number) {
  const before = await schemeDetail(ems, lang, scope, id);
  const n = await removeScheme(ems, scope, id);
  await recordAudit(ems, actor, { action: 'delete', ...target(before), before });
  return n;
}
