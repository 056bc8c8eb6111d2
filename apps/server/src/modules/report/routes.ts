import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, REPORT_API, REPORT_SECTIONS, Report, ReportPdfQuery, ReportQuery, ReportTemplate, ReportTemplateIdParam, ReportTemplateInput, ReportTemplatesQuery, type ReportSectionT } from '@ems/contract';
import { contentDisposition } from '../../lib/download.js';
import type { Lang } from '../../lib/i18n.js';
import { ok } from '../../lib/reply.js';
import { projectScope } from '../../lib/request-scope.js';
import { actorOf } from '../audit/service.js';
import { reportXlsx, XLSX_TYPE } from './export.js';
import { reportPdf } from './pdf.js';
import { buildReport, invalid } from './service.js';
import { auditedCreate, auditedRemove, auditedUpdate, listTemplates } from './templates.js';

/** Reading reports and templates: the page, or the operation browse. */
const READ = { permission: 'page_onlyReport report_browse' };
const EXPORT = { permission: 'report_export' };

/** 'consumption,tou' → the sections, 400 naming an unknown one. */
function sectionsOf(lang: Lang, text: string | undefined): ReportSectionT[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const list = text.split(',').map((s) => s.trim());
  const bad = list.find((s) => !(REPORT_SECTIONS as readonly string[]).includes(s));
  if (bad !== undefined) throw invalid(lang, 'sections', `未知的报表部分 ${bad}`, `unknown section ${bad}`);
  return [...new Set(list)] as ReportSectionT[];
}

/** Period reports, their xlsx and PDF, and the report templates (issue 15, /onlyReport). */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(REPORT_API.query, { config: READ, schema: { body: ReportQuery, response: { 200: Envelope(Report) } } }, async (request) =>
    ok(request.lang, await buildReport(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(REPORT_API.export, { config: EXPORT, schema: { body: ReportQuery } }, async (request, reply) => {
    const r = await buildReport(app.ems, request.lang, projectScope(request), request.body);
    const { buffer, fileName } = await reportXlsx(r, request.lang);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
  app.get(REPORT_API.pdf, { config: EXPORT, schema: { querystring: ReportPdfQuery } }, async (request, reply) => {
    const { sections, ...q } = request.query;
    const parsed = sectionsOf(request.lang, sections);
    const r = await buildReport(app.ems, request.lang, projectScope(request), { ...q, ...(parsed ? { sections: parsed } : {}) });
    const { buffer, fileName } = await reportPdf(r, request.lang, app.ems.config.now());
    return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(fileName).replace(/^attachment/, 'inline')).send(buffer);
  });
  app.get(REPORT_API.templates, { config: READ, schema: { querystring: ReportTemplatesQuery, response: { 200: Envelope(Type.Array(ReportTemplate)) } } }, async (request) => {
    const list = await listTemplates(app.ems, projectScope(request), request.query.projectId);
    return ok(request.lang, list, list.length);
  });
  app.post(REPORT_API.create, { config: { permission: 'report_create' }, schema: { body: ReportTemplateInput, response: { 200: Envelope(ReportTemplate) } } }, async (request) =>
    ok(request.lang, await auditedCreate(app.ems, request.lang, projectScope(request), actorOf(request), request.body)),
  );
  app.put(
    REPORT_API.update,
    { config: { permission: 'report_update' }, schema: { params: ReportTemplateIdParam, body: ReportTemplateInput, response: { 200: Envelope(ReportTemplate) } } },
    async (request) => ok(request.lang, await auditedUpdate(app.ems, request.lang, projectScope(request), actorOf(request), request.params.id, request.body)),
  );
  app.delete(REPORT_API.remove, { config: { permission: 'report_delete' }, schema: { params: ReportTemplateIdParam, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
    ok(request.lang, await auditedRemove(app.ems, projectScope(request), actorOf(request), request.params.id)),
  );
};
