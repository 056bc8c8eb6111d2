import type { MailLang, MailReportSchedule } from '@ems/contract';
import type { Ems } from '../../context.js';

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
 * it; without one, report subscriptions cannot be saved and queued report sends fail with a stated
 * reason (recorded in the send log).
 */
export interface ReportSource {
  templates(ems: Ems, projectId: number): Promise<{ id: number; name: string }[]>;
  attachment(ems: Ems, args: { projectId: number; templateId: number; schedule: MailReportSchedule['kind']; due: number; lang: MailLang }): Promise<ReportAttachment>;
}
