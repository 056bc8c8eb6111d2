import type { MailLang, MailReportSchedule } from '@ems/contract';
import type { ReportKind } from '@ems/domain';
import type { Ems } from '../../context.js';
import { lastCompletePeriod, reportAttachment } from '../report/deliver.js';
import { reportRepository } from '../report/repository.js';
import { emailRepository } from './repository.js';

/** A report as a mail attachment (modules/report deliver.ts: the template's xlsx for the last complete period). */
export interface ReportAttachment {
  fileName: string;
  content: Buffer;
  title: string;
  contentType: string;
}

/**
 * What the e-mail module needs from the reports: the project's templates (to validate and offer
 * them) and a template's attachment for the period before a due time. The report module provides
 * it (reportModuleSource below, set by registerEmail); without one, report subscriptions cannot be
 * saved and queued report sends fail with a stated reason (recorded in the send log).
 */
export interface ReportSource {
  templates(ems: Ems, projectId: number): Promise<{ id: number; name: string }[]>;
  attachment(ems: Ems, args: { projectId: number; templateId: number; schedule: MailReportSchedule['kind']; due: number; lang: MailLang }): Promise<ReportAttachment>;
}

/**
 * The report module's side (modules/report deliver.ts): the project's report templates, and a
 * template's xlsx for the last complete period of its kind before the due time (a daily template due
 * on 13 March at 08:00 reports 12 March; monthly: the month before; yearly: the year before) in the
 * project's zone — so a retry or a run sent late after a restart still reports the period it was due for.
 */
export const reportModuleSource: ReportSource = {
  async templates(ems, projectId) {
    return (await reportRepository(ems.db).templates(projectId)).map((t) => ({ id: t.id, name: t.name }));
  },
  async attachment(ems, args) {
    const template = await reportRepository(ems.db).template(args.templateId);
    if (!template || template.projectId !== args.projectId) throw new Error(`report template ${args.templateId} no longer exists`);
    const project = await emailRepository(ems.db).project(args.projectId);
    if (!project) throw new Error('the project no longer exists');
    const date = lastCompletePeriod(template.kind as ReportKind, args.due, project.timezone);
    return reportAttachment(ems, { projectId: args.projectId, templateId: args.templateId, date, lang: args.lang });
  },
};
