import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session';
import { FILE_TIMEOUT_MS, downloadFile, exportExcelByGet, exportExcelByPost, fileNameFromDisposition } from './download';
import { englishTexts, fakeFetch, json, recordMessages } from './test-helpers';

// fetch is faked: unit tests run in jsdom without a browser or server.
beforeAll(englishTexts);
let messages: ReturnType<typeof recordMessages>;
let clicked: string[];
beforeEach(() => {
  messages = recordMessages();
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const xlsx = (disposition?: string) =>
  new Response(new Blob(['PK']), { headers: { 'content-type': 'application/vnd.ms-excel', ...(disposition ? { 'content-disposition': disposition } : {}) } });

describe('export and download helpers (spec 7, 8, 9)', () => {
  it.each([
    ["attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx", '报表.xlsx'],
    ['attachment; filename="a b.xlsx"', 'a b.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    [null, undefined],
  ])('file name from content-disposition %j', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });

  it('Excel export by POST sends the body and Accept-Language and saves the file under its disposition name', async () => {
    const f = fakeFetch(xlsx("attachment; filename*=UTF-8''r.xlsx"));
    expect(await exportExcelByPost('/export', { a: 1 })).toBe('r.xlsx');
    const init = (f.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'accept-language': 'en-US', authorization: 'Bearer tok' });
    expect(clicked).toEqual(['r.xlsx']);
  });

  it('Excel export by GET sends params; without content-disposition the default name is used', async () => {
    const f = fakeFetch(xlsx());
    expect(await exportExcelByGet('/export', { id: 5 })).toBe('table export');
    expect((f.mock.calls[0] as unknown[])[0]).toBe('/export?id=5');
  });

  it('an export answered with JSON shows its msg, with the fallback Export file error!', async () => {
    fakeFetch(json({ code: 500, msg: 'no rows' }), json({ code: 500 }));
    expect(await exportExcelByPost('/export', {})).toBeNull();
    expect(await exportExcelByGet('/export')).toBeNull();
    expect(messages.map((m) => m.text)).toEqual(['no rows', 'Export file error!']);
    expect(clicked).toEqual([]);
  });

  it("a download answered with JSON means 'file does not exist'", async () => {
    const f = fakeFetch(json({ code: 0, data: null }));
    expect(await downloadFile('a.pdf')).toBeNull();
    expect((f.mock.calls[0] as unknown[])[0]).toBe('/filemanager/v1/file/downLoad?fileName=a.pdf');
    expect(messages[0]?.text).toBe('file does not exist');
  });

  it('downloads time out after 60 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_u: string, init: RequestInit) => new Promise((_ok, fail) => init.signal?.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError'))))),
    );
    const p = downloadFile('slow.bin');
    await vi.advanceTimersByTimeAsync(FILE_TIMEOUT_MS);
    expect(await p).toBeNull();
    expect(messages[0]?.text).toBe('please check whether the network connection is normal');
  });
});
