import { ErrorCode, PERIOD_CODE_VALUES, type CostScheme, type CostSchemeInput, type CostSchemeNodesInput, type TariffVersion } from '@ems/contract';
import { DEFAULT_DEMAND_RULES, decimalToNumber, mulDecimal, validateCalendar } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { analysisRepository } from '../analysis/repository.js';
import { costRepository, type SchemeRow } from './repository.js';

const TEXT = {
  duplicate: ['生效日期重复', 'two versions take effect on the same date'],
  date: ['不是有效日期', 'not a valid date'],
  price: ['时段有电量但没有电价', 'a period of the calendar has no price'],
  contract: ['合同需量低于容量的40%，按容量的40%（$0 kW）计收基本电费', 'the contracted demand is below 40 % of the capacity: the basic fee bills 40 % of it ($0 kW)'],
  node: ['节点不存在或不属于该方案的项目', "the node does not exist or is not in the scheme's project"],
} as const;

const invalid = (lang: Lang, field: string, detail: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, detail]);
const text = (lang: Lang, k: keyof typeof TEXT) => TEXT[k][lang === 'en' ? 1 : 0];

const validDate = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  const t = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, day ?? 1));
  return t.getUTCFullYear() === y && t.getUTCMonth() + 1 === m && t.getUTCDate() === day;
};

type Warning = NonNullable<CostScheme['warnings']>[number];

/**
 * 400 naming the first bad field of a scheme's versions (calendar, dates, prices); returns the
 * warnings of what is saved all the same: a contracted demand below 40 % of the capacity is billed
 * at 40 % of the capacity (发改办价格〔2016〕1583号), not refused.
 */
export function validateVersions(lang: Lang, versions: readonly TariffVersion[]): Warning[] {
  const warnings: Warning[] = [];
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    const at = `versions[${i}]`;
    if (!validDate(v.effectiveFrom)) throw invalid(lang, `${at}.effectiveFrom`, text(lang, 'date'));
    if (seen.has(v.effectiveFrom)) throw invalid(lang, `${at}.effectiveFrom`, text(lang, 'duplicate'));
    seen.add(v.effectiveFrom);
    const errors = validateCalendar(v.calendar);
    if (errors.length > 0) throw invalid(lang, `${at}.calendar`, errors[0] ?? '');
    const bad = v.calendar.holidays?.find((h) => !validDate(h.date));
    if (bad) throw invalid(lang, `${at}.calendar.holidays`, `${bad.date}: ${text(lang, 'date')}`);
    const used = new Set([...v.calendar.seasons.flatMap((s) => s.schedule), ...(v.calendar.holidays ?? []).flatMap((h) => h.schedule)].map((r) => r.period));
    const missing = PERIOD_CODE_VALUES.find((p) => used.has(p) && v.touPrices[p] === undefined);
    if (missing) throw invalid(lang, `${at}.touPrices.${missing}`, text(lang, 'price'));
    if (v.demandElection === 'contract') {
      const min = mulDecimal(v.capacityKva, DEFAULT_DEMAND_RULES.minContractRatio);
      if (v.contractKw < decimalToNumber(min)) warnings.push({ field: `${at}.contractKw`, message: text(lang, 'contract').replace('$0', String(decimalToNumber(min))) });
    }
  });
  return warnings;
}

const sorted = (versions: readonly TariffVersion[]) => [...versions].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));

/** The versions of a stored scheme, sorted by effectiveFrom. */
export const versionsOf = (row: SchemeRow): TariffVersion[] => sorted(JSON.parse(row.versions) as TariffVersion[]);

/** Schemes of the caller's projects with their nodes (names from the node table, the project's own name for 'project'). */
export async function listSchemes(ems: Ems, scope: readonly number[]): Promise<CostScheme[]> {
  const repo = costRepository(ems.db);
  const [rows, attachments] = await Promise.all([repo.schemes(scope), repo.attachments(scope)]);
  const ar = analysisRepository(ems.db);
  const names = new Map<string, string>();
  for (const projectId of new Set(rows.map((r) => r.projectId))) {
    const project = await ar.project(projectId);
    if (project) names.set(`project_${project.id}`, project.name);
    for (const n of await ar.nodes(projectId)) names.set(`${n.modelLabel}_${n.id}`, n.name);
  }
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    description: r.description,
    versions: versionsOf(r),
    nodes: attachments
      .filter((a) => a.schemeId === r.id)
      .map((a) => ({ nodeId: a.nodeId, modelLabel: a.modelLabel, name: names.get(`${a.modelLabel}_${a.nodeId}`) ?? '' }))
      .sort((a, b) => a.nodeId - b.nodeId),
    updateTime: r.updateTime,
  }));
}

async function one(ems: Ems, scope: readonly number[], id: number): Promise<CostScheme> {
  const found = (await listSchemes(ems, scope)).find((s) => s.id === id);
  if (!found) throw noPermission();
  return found;
}

export async function createScheme(ems: Ems, lang: Lang, scope: readonly number[], input: CostSchemeInput): Promise<CostScheme> {
  if (!scope.includes(input.projectId)) throw noPermission();
  const warnings = validateVersions(lang, input.versions);
  const id = await costRepository(ems.db).insert({
    projectId: input.projectId,
    name: input.name.trim(),
    description: input.description ?? '',
    versions: JSON.stringify(sorted(input.versions)),
    updateTime: ems.config.now(),
  });
  return withWarnings(await one(ems, scope, id), warnings);
}

const withWarnings = (s: CostScheme, warnings: Warning[]): CostScheme => (warnings.length > 0 ? { ...s, warnings } : s);

export async function updateScheme(ems: Ems, lang: Lang, scope: readonly number[], id: number, input: CostSchemeInput): Promise<CostScheme> {
  const repo = costRepository(ems.db);
  const row = await repo.scheme(id);
  if (!row || !scope.includes(row.projectId) || row.projectId !== input.projectId) throw noPermission();
  const warnings = validateVersions(lang, input.versions);
  await repo.update(id, { name: input.name.trim(), description: input.description ?? '', versions: JSON.stringify(sorted(input.versions)), updateTime: ems.config.now() });
  return withWarnings(await one(ems, scope, id), warnings);
}

export async function removeScheme(ems: Ems, scope: readonly number[], id: number): Promise<number> {
  const repo = costRepository(ems.db);
  const row = await repo.scheme(id);
  if (!row || !scope.includes(row.projectId)) throw noPermission();
  return repo.remove(id);
}

/** Attaches the scheme to exactly these nodes of its project (a node on another scheme moves here). */
export async function attachNodes(ems: Ems, lang: Lang, scope: readonly number[], id: number, input: CostSchemeNodesInput): Promise<CostScheme> {
  const repo = costRepository(ems.db);
  const row = await repo.scheme(id);
  if (!row || !scope.includes(row.projectId)) throw noPermission();
  // only the nodes the request names, not the whole project's (issue 12)
  const ids = [...new Set(input.nodes.filter((n) => n.modelLabel !== 'project').map((n) => n.nodeId))];
  const nodes = ids.length === 0 ? [] : await ems.db.selectFrom('node').select(['id', 'model_label']).where('project_id', '=', row.projectId).where('id', 'in', ids).execute();
  const known = new Set([`project_${row.projectId}`, ...nodes.map((n) => `${n.model_label}_${Number(n.id)}`)]);
  input.nodes.forEach((n, i) => {
    if (!known.has(`${n.modelLabel}_${n.nodeId}`)) throw invalid(lang, `nodes[${i}]`, text(lang, 'node'));
  });
  await repo.attach(id, row.projectId, input.nodes);
  return one(ems, scope, id);
}
