import type { ReportSectionT } from '@ems/contract';
import { reportDateOf, type LocalDate, type ReportKind } from '@ems/domain';
import type { Ems } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { analysisRepository } from '../analysis/repository.js';
import { reportXlsx, XLSX_TYPE } from './export.js';
import { reportRepository } from './repository.js';
import { buildReport } from './service.js';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The last complete period of the kind before `now` in the zone: yesterday, last month, last year. */
export function lastCompletePeriod(kind: ReportKind, now: number, timeZone: string): LocalDate {
  const today = reportDateOf(now, timeZone);
  if (kind === 'daily') {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  if (kind === 'monthly') return today.month === 1 ? { year: today.year - 1, month: 12, day: 1 } : { year: today.year, month: today.month - 1, day: 1 };
  return { year: today.year - 1, month: 1, day: 1 };
}

/**
 * A report template's report as an .xlsx attachment (issue 15, for the e-mail distribution): the
 * template of the project (else 404 'no operation permission'), its node, energy type, rows and
 * sections, of the template's kind (or `kind`) for `date` (default: the last complete period in the
 * project's time zone — yesterday, last month, last year). Runs without a session: the project is
 * the scope.
 */
export async function reportAttachment(
  ems: Ems,
  input: { projectId: number; templateId: number; kind?: ReportKind; date?: LocalDate; lang: 'zh-CN' | 'en-US' },
): Promise<{ fileName: string; content: Buffer; title: string; contentType: string }> {
  const lang: Lang = input.lang === 'en-US' ? 'en' : 'zh';
  const template = await reportRepository(ems.db).template(input.templateId);
  if (!template || template.projectId !== input.projectId) throw noPermission();
  const project = await analysisRepository(ems.db).project(input.projectId);
  if (!project) throw noPermission();
  const kind = input.kind ?? (template.kind as ReportKind);
  const date = input.date ?? lastCompletePeriod(kind, ems.config.now(), project.timezone);
  const report = await buildReport(ems, lang, [input.projectId], {
    projectId: input.projectId,
    nodeId: template.nodeId,
    modelLabel: template.modelLabel,
    energyType: template.energyType,
    kind,
    date: `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`,
    rows: template.rows === 'meters' ? 'meters' : 'children',
    sections: template.sections as ReportSectionT[],
  });
  const { buffer, fileName } = await reportXlsx(report, lang);
  return { fileName, content: buffer, title: report.title, contentType: XLSX_TYPE };
}
