import { ENERGY_COUNTER_DATA_ID, type ReportTemplate, type ReportTemplateInput } from '@ems/contract';
import type { Ems } from '../../context.js';
import { conflict, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { analysisRepository } from '../analysis/repository.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { reportRepository, type TemplateRow } from './repository.js';
import { invalid } from './service.js';

/** The node names of a project, the project itself under 'project_<id>'. */
async function nodeNames(ems: Ems, projectId: number): Promise<Map<string, string>> {
  const repo = analysisRepository(ems.db);
  const [project, nodes] = await Promise.all([repo.project(projectId), repo.nodes(projectId)]);
  const out = new Map(nodes.map((n) => [`${n.modelLabel}_${n.id}`, n.name]));
  if (project) out.set(`project_${project.id}`, project.name);
  return out;
}

const toTemplate = (r: TemplateRow, names: ReadonlyMap<string, string>): ReportTemplate => ({
  id: r.id,
  projectId: r.projectId,
  name: r.name,
  nodeId: r.nodeId,
  modelLabel: r.modelLabel,
  nodeName: names.get(`${r.modelLabel}_${r.nodeId}`) ?? '',
  energyType: r.energyType,
  kind: r.kind as ReportTemplate['kind'],
  rows: r.rows as ReportTemplate['rows'],
  sections: r.sections as ReportTemplate['sections'],
  updateTime: r.updateTime,
});

async function projectIn(ems: Ems, scope: readonly number[], projectId: number) {
  if (!scope.includes(projectId)) throw noPermission();
  const project = await analysisRepository(ems.db).project(projectId);
  if (!project) throw noPermission();
  return project;
}

export async function listTemplates(ems: Ems, scope: readonly number[], projectId: number): Promise<ReportTemplate[]> {
  await projectIn(ems, scope, projectId);
  const [rows, names] = await Promise.all([reportRepository(ems.db).templates(projectId), nodeNames(ems, projectId)]);
  return rows.map((r) => toTemplate(r, names));
}

/** A template of a project in scope, else 404. */
export async function templateRow(ems: Ems, scope: readonly number[], id: number): Promise<TemplateRow> {
  const row = await reportRepository(ems.db).template(id);
  if (!row || !scope.includes(row.projectId)) throw noPermission();
  return row;
}

export async function templateDetail(ems: Ems, scope: readonly number[], id: number): Promise<ReportTemplate> {
  const row = await templateRow(ems, scope, id);
  return toTemplate(row, await nodeNames(ems, row.projectId));
}

/** The template checked against its project: a name, a node of the project, an energy type with a counter. 400 naming the first problem. */
async function validated(ems: Ems, lang: Lang, input: ReportTemplateInput) {
  const name = input.name.trim();
  if (name === '') throw invalid(lang, 'name', '名称不能为空', 'the name is empty');
  const names = await nodeNames(ems, input.projectId);
  if (!names.has(`${input.modelLabel}_${input.nodeId}`) || (input.modelLabel === 'project' && input.nodeId !== input.projectId))
    throw invalid(lang, 'nodeId', `节点 ${input.modelLabel}_${input.nodeId} 不在本项目中`, `node ${input.modelLabel}_${input.nodeId} is not a node of the project`);
  if (ENERGY_COUNTER_DATA_ID[input.energyType] === undefined)
    throw invalid(lang, 'energyType', `能源类型 ${input.energyType} 没有累计量测点`, `energy type ${input.energyType} has no counter data point`);
  return {
    projectId: input.projectId,
    name,
    nodeId: input.nodeId,
    modelLabel: input.modelLabel,
    energyType: input.energyType,
    kind: input.kind,
    rows: input.rows,
    sections: [...input.sections],
  };
}

export async function createTemplate(ems: Ems, lang: Lang, scope: readonly number[], input: ReportTemplateInput): Promise<ReportTemplate> {
  await projectIn(ems, scope, input.projectId);
  const v = await validated(ems, lang, input);
  const repo = reportRepository(ems.db);
  if (await repo.nameTaken(v.projectId, v.name)) throw conflict('nameTaken');
  const id = await repo.insert({ ...v, updateTime: ems.config.now() });
  return templateDetail(ems, scope, id);
}

export async function updateTemplate(ems: Ems, lang: Lang, scope: readonly number[], id: number, input: ReportTemplateInput): Promise<ReportTemplate> {
  const row = await templateRow(ems, scope, id);
  if (row.projectId !== input.projectId) throw invalid(lang, 'projectId', '模板不属于该项目', 'the template belongs to another project');
  const v = await validated(ems, lang, input);
  const repo = reportRepository(ems.db);
  if (await repo.nameTaken(v.projectId, v.name, id)) throw conflict('nameTaken');
  await repo.update(id, { ...v, updateTime: ems.config.now() });
  return templateDetail(ems, scope, id);
}

/** Template changes go to the audit log as configuration (kind 'config', target 'reportTemplate'). */
const target = (s: { id: number; name: string }) => ({ kind: 'config' as const, targetType: 'reportTemplate', targetId: s.id, targetName: s.name });

export async function auditedCreate(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, input: ReportTemplateInput) {
  const after = await createTemplate(ems, lang, scope, input);
  await recordAudit(ems, actor, { action: 'create', ...target(after), after });
  return after;
}

export async function auditedUpdate(ems: Ems, lang: Lang, scope: readonly number[], actor: AuditActor, id: number, input: ReportTemplateInput) {
  const before = await templateDetail(ems, scope, id);
  const after = await updateTemplate(ems, lang, scope, id, input);
  await recordAudit(ems, actor, { action: 'update', ...target(after), before, after });
  return after;
}

export async function auditedRemove(ems: Ems, scope: readonly number[], actor: AuditActor, id: number) {
  const before = await templateDetail(ems, scope, id);
  await reportRepository(ems.db).remove(id);
  await recordAudit(ems, actor, { action: 'delete', ...target(before), before });
  return id;
}
