import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_API } from '@ems/contract';
import { englishTexts, fakeFetch, json } from '../../../lib/http/test-helpers';
import { useSession } from '../../../lib/session';
import { confirmEvents } from './confirm-events';
import { exportEvents } from './export-events';

// fetch is faked: unit tests run in jsdom without a browser or server.
beforeAll(englishTexts);
beforeEach(() => useSession.setState({ token: 'tok', userId: 7, projectId: 3 }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('event calls', () => {
  it('confirm posts the ids and the comment and resolves with how many changed', async () => {
    const f = fakeFetch(json({ code: 0, msg: '', data: 2 }));
    await expect(confirmEvents({ ids: [4, 5], comment: '已核实' })).resolves.toBe(2);
    const [url, init] = f.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(EVENT_API.confirm);
    expect(JSON.parse(String(init.body))).toEqual({ ids: [4, 5], comment: '已核实' });
  });

  it('export posts the filters without the page and saves the file under the content-disposition name', async () => {
    const xlsx = new Response(new Blob(['x']), {
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename*=UTF-8''%E4%BA%8B%E4%BB%B6%E5%AF%BC%E5%87%BA-20251103.xlsx" },
    });
    const f = fakeFetch(xlsx);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    // jsdom cannot follow a download link
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const name = await exportEvents({ startTime: 1, endTime: 2, logTypes: [704, 705], status: 0, page: { index: 3, limit: 20 } });
    expect(name).toBe('事件导出-20251103.xlsx');
    expect(click).toHaveBeenCalledTimes(1);
    const [url, init] = f.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(EVENT_API.export);
    expect(JSON.parse(String(init.body))).toEqual({ startTime: 1, endTime: 2, logTypes: [704, 705], status: 0 });
    expect(init.headers).toMatchObject({ 'accept-language': 'en-US', projectid: '3' });
  });
});
