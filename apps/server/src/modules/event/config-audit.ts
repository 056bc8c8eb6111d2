import type { AlgorithmConfigInput, ChangeStatesBody, RuleConfigInput } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { algorithmDetail, changeStates, removeConfigs, ruleDetail, saveAlgorithm, saveRule } from './config-service.js';

/**
 * The rule and algorithm writes with their audit entries (issue 13: kind 'rule', before and after).
 * A "before" the caller may not see is left out: the write itself then refuses it.
 */
type Table = 'event_rule' | 'event_algorithm';
const targetType = (table: Table) => (table === 'event_rule' ? 'rule' : 'algorithm');

function detailOf(ems: Ems, lang: Lang, table: Table, scope: readonly number[], id: number): Promise<{ name: string } | null> {
  const read = table === 'event_rule' ? ruleDetail(ems, lang, scope, id) : algorithmDetail(ems, scope, id);
  return read.catch(() => null);
}

export async function auditedSaveRule(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, input: RuleConfigInput) {
  const before = input.id === undefined ? null : await detailOf(ems, lang, 'event_rule', scope, input.id);
  const after = await saveRule(ems, lang, scope, input);
  await recordAudit(ems, actor, { kind: 'rule', action: before ? 'update' : 'create', targetType: 'rule', targetId: after.id, targetName: after.name, before, after });
  return after;
}

export async function auditedSaveAlgorithm(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, input: AlgorithmConfigInput) {
  const before = input.id === undefined ? null : await detailOf(ems, lang, 'event_algorithm', scope, input.id);
  const after = await saveAlgorithm(ems, lang, scope, input);
  await recordAudit(ems, actor, { kind: 'rule', action: before ? 'update' : 'create', targetType: 'algorithm', targetId: after.id, targetName: after.name, before, after });
  return after;
}

export async function auditedRemove(ems: Ems, lang: Lang, table: Table, scope: readonly number[], actor: AuditActor, ids: readonly number[]) {
  const befores = await Promise.all([...new Set(ids)].map(async (id) => [id, await detailOf(ems, lang, table, scope, id)] as const));
  const deleted = await removeConfigs(ems, table, scope, ids);
  for (const [id, before] of befores) {
    if (deleted.includes(id)) await recordAudit(ems, actor, { kind: 'rule', action: 'delete', targetType: targetType(table), targetId: id, targetName: before?.name ?? '', before });
  }
  return deleted;
}

export async function auditedStates(ems: Ems, lang: Lang, table: Table, scope: readonly number[], actor: AuditActor, body: ChangeStatesBody) {
  const n = await changeStates(ems, table, scope, body);
  const action = body.enabled ? 'enable' : 'disable';
  await recordAudit(ems, actor, { kind: 'rule', action, targetType: targetType(table), targetName: body.ids.join(',').slice(0, 255), after: { ids: body.ids, enabled: body.enabled } });
  return n;
}
