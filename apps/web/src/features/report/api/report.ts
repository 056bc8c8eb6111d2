import { REPORT_API, type Report, type ReportQuery, type ReportTemplate, type ReportTemplateInput } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { fetchWithTimeout, FILE_TIMEOUT_MS, http, sessionHeaders, withParams } from '../../../lib/http/client';
import { exportExcelByPost, fileNameFromDisposition, type DownloadResult } from '../../../lib/http/download';
import { notify } from '../../../lib/notify';
import { tr } from '../../../i18n';

/** POST report/query: the period report of a node (every section). */
export const reportQuery = defineQuery(['report', 'query'], (body: ReportQuery) => ({
  key: [body],
  queryFn: async () => (await http.post<Report>(REPORT_API.query, body)).data,
}));

/** GET report/templates: the project's saved reports. */
export const reportTemplatesQuery = defineQuery(['report', 'templates'], (projectId: number | null) => ({
  key: [projectId],
  queryFn: async () => (await http.get<ReportTemplate[]>(REPORT_API.templates, { projectId: projectId ?? 0 })).data ?? [],
  enabled: projectId !== null,
}));

/** POST (new) or PUT (id) a template. */
export async function saveTemplate(input: ReportTemplateInput, id?: number): Promise<ReportTemplate> {
  const reply = id === undefined ? await http.post<ReportTemplate>(REPORT_API.create, input) : await http.put<ReportTemplate>(REPORT_API.update.replace(':id', String(id)), input);
  return reply.data;
}

/** DELETE a template. */
export async function removeTemplate(id: number): Promise<number> {
  return (await http.del<number>(REPORT_API.remove.replace(':id', String(id)))).data;
}

/** The report as .xlsx (a sheet per section). */
export const exportReport = (body: ReportQuery): Promise<DownloadResult> => exportExcelByPost(REPORT_API.export, body);

/** The PDF's query string: the report's fields, the sections comma-separated. */
export function pdfUrl(body: ReportQuery): string {
  const { sections, ...rest } = body;
  return withParams(REPORT_API.pdf, { ...rest, ...(sections ? { sections: sections.join(',') } : {}) });
}

/**
 * The PDF preview (spec section 7): fetched by GET with the session headers (the token in
 * Authorization, never in the URL), opened as a blob URL in a new tab. The tab is opened before the
 * fetch so a popup blocker sees the click; it is closed again when the server refuses.
 */
export async function openReportPdf(body: ReportQuery): Promise<string | null> {
  const tab = window.open('', '_blank');
  try {
    const res = await fetchWithTimeout(pdfUrl(body), { method: 'GET', headers: sessionHeaders() }, FILE_TIMEOUT_MS);
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('pdf')) {
      let msg: string | undefined;
      try {
        msg = ((await res.json()) as { msg?: string }).msg;
      } catch {
        msg = undefined;
      }
      tab?.close();
      notify.error(msg || tr('common:http.exportError'));
      return null;
    }
    const url = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    return fileNameFromDisposition(res.headers.get('content-disposition')) ?? url;
  } catch {
    tab?.close();
    notify.error(tr('common:http.network'));
    return null;
  }
}
