import type { CostSchemeInput, CostSchemeNodesInput } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { costRepository } from './repository.js';
import { attachNodes, createScheme, removeScheme, updateScheme, versionsOf } from './schemes.js';

/**
 * The tariff-scheme writes with their audit entries (issue 13: kind 'tariff', before and after).
 * "Before" is read from the scheme's own row (and its attachments for a node change), never the
 * whole project's schemes, so the writes stay as cheap as issue 12 left them.
 */
async function beforeOf(ems: Ems, scope: readonly number[], id: number, withNodes = false) {
  const repo = costRepository(ems.db);
  const row = await repo.scheme(id);
  if (!row || !scope.includes(row.projectId)) return null;
  const base = { id: row.id, projectId: row.projectId, name: row.name, description: row.description, versions: versionsOf(row) };
  if (!withNodes) return base;
  const nodes = (await repo.attachments([row.projectId])).filter((a) => a.schemeId === id).map((a) => ({ nodeId: a.nodeId, modelLabel: a.modelLabel }));
  return { ...base, nodes };
}

const target = (s: { id: number; name: string }) => ({ targetType: 'costScheme', targetId: s.id, targetName: s.name });

export async function auditedCreateScheme(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, input: CostSchemeInput) {
  const after = await createScheme(ems, lang, scope, input);
  await recordAudit(ems, actor, { kind: 'tariff', action: 'create', ...target(after), after });
  return after;
}

export async function auditedUpdateScheme(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, id: number, input: CostSchemeInput) {
  const before = await beforeOf(ems, scope, id);
  const after = await updateScheme(ems, lang, scope, id, input);
  await recordAudit(ems, actor, { kind: 'tariff', action: 'update', ...target(after), before, after });
  return after;
}

export async function auditedRemoveScheme(ems: Ems, scope: readonly number[], actor: AuditActor, id: number) {
  const before = await beforeOf(ems, scope, id);
  const n = await removeScheme(ems, scope, id);
  if (before) await recordAudit(ems, actor, { kind: 'tariff', action: 'delete', ...target(before), before });
  return n;
}

export async function auditedAttachNodes(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, id: number, input: CostSchemeNodesInput) {
  const before = await beforeOf(ems, scope, id, true);
  const after = await attachNodes(ems, lang, scope, id, input);
  await recordAudit(ems, actor, { kind: 'tariff', action: 'attachNodes', ...target(after), before: before && 'nodes' in before ? { nodes: before.nodes } : null, after: { nodes: after.nodes } });
  return after;
}
