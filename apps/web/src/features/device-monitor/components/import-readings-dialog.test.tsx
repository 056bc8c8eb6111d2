import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_API } from '@ems/contract';
import { useSession } from '../../../lib/session';
import { englishTexts, fakeFetch, json, recordMessages } from '../../../lib/http/test-helpers';
import { uploadFile } from './import-readings-dialog';

// fetch is faked: unit tests run in jsdom without a browser or server.
beforeAll(englishTexts);
let messages: ReturnType<typeof recordMessages>;
beforeEach(() => {
  messages = recordMessages();
  useSession.setState({ token: 'tok', userId: 7, projectId: 3 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('upload through the file manager (spec section 7)', () => {
  it('posts the file as multipart with the session headers and resolves with the stored file', async () => {
    const stored = { fileName: 'u-a.csv', originalName: 'a.csv', size: 3, uploadTime: 1 };
    const f = fakeFetch(json({ code: 0, msg: 'success', data: stored }));
    await expect(uploadFile(new Blob(['a,b']), 'a.csv')).resolves.toEqual(stored);
    const [url, init] = f.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(FILE_API.upload);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'user-id': '7', projectid: '3', 'accept-language': 'en-US' });
    expect(init.headers).not.toHaveProperty('content-type');
    const form = init.body as FormData;
    expect((form.get('file') as File).name).toBe('a.csv');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('a refusal shows the server msg for 5 s and rejects; a network failure shows the network message', async () => {
    fakeFetch(json({ code: 413, msg: 'the file exceeds the 10 MB limit', data: null }, 413), new TypeError('offline'));
    await expect(uploadFile(new Blob(['x']), 'big.csv')).rejects.toMatchObject({ kind: 'code', code: 413, status: 413 });
    await expect(uploadFile(new Blob(['x']), 'a.csv')).rejects.toMatchObject({ kind: 'network' });
    expect(messages[0]).toEqual({ level: 'error', text: 'the file exceeds the 10 MB limit', seconds: 5 });
    expect(messages[1]?.level).toBe('error');
  });
});
