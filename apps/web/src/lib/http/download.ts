import { tr, currentLocaleTag } from '../../i18n';
import { notify } from '../notify';
import { fetchWithTimeout, sessionHeaders, withParams, type Params } from './client';

/** File upload/download and export timeout (spec section 9). */
export { FILE_TIMEOUT_MS } from './client';
import { FILE_TIMEOUT_MS } from './client';

/** File name from a content-disposition header (RFC 5987 `filename*` first), else undefined. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  if (!plain?.[1]) return undefined;
  try {
    return decodeURIComponent(plain[1].trim());
  } catch {
    return plain[1].trim();
  }
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

function isJson(res: Response): boolean {
  return (res.headers.get('content-type') ?? '').includes('json');
}

async function jsonMsg(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { msg?: unknown };
    return typeof body.msg === 'string' && body.msg ? body.msg : undefined;
  } catch {
    return undefined;
  }
}

/** Outcome of a download: the saved file name, or null when it failed (a message was shown). */
export type DownloadResult = string | null;

async function receive(res: Response, onJson: () => Promise<string>, fallbackName?: string): Promise<DownloadResult> {
  if (isJson(res) || !res.ok) {
    notify.error(await onJson());
    return null;
  }
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName ?? tr('common:http.defaultExportName');
  saveBlob(await res.blob(), name);
  return name;
}

async function send(url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetchWithTimeout(url, init, FILE_TIMEOUT_MS);
  } catch {
    notify.error(tr('common:http.network'));
    return null;
  }
}

const exportFailure = (res: Response) => async () => (await jsonMsg(res)) ?? tr('common:http.exportError');

/** Excel export by POST with a body; also sends Accept-Language. */
export async function exportExcelByPost(url: string, body: unknown): Promise<DownloadResult> {
  const res = await send(url, {
    method: 'POST',
    headers: { ...sessionHeaders(), 'content-type': 'application/json', 'accept-language': currentLocaleTag() },
    body: JSON.stringify(body),
  });
  return res ? receive(res, exportFailure(res)) : null;
}

/** Excel export by GET with params. */
export async function exportExcelByGet(url: string, params?: Params): Promise<DownloadResult> {
  const res = await send(withParams(url, params), { method: 'GET', headers: sessionHeaders() });
  return res ? receive(res, exportFailure(res)) : null;
}

/** File download from the file manager; a JSON reply instead of a file means 'file does not exist'. */
export async function downloadFile(fileName: string, url = '/filemanager/v1/file/downLoad'): Promise<DownloadResult> {
  const res = await send(withParams(url, { fileName }), { method: 'GET', headers: sessionHeaders() });
  return res ? receive(res, async () => tr('common:http.fileNotExist'), fileName) : null;
}
