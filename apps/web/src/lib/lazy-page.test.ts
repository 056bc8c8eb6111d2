import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import NProgress from 'nprogress';
import { loadChunk } from './lazy-page';
import { englishTexts, recordMessages } from './http/test-helpers';

beforeAll(englishTexts);
let messages: ReturnType<typeof recordMessages>;
beforeEach(() => {
  messages = recordMessages();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('page chunks (spec 2, 8, 9)', () => {
  it('a progress bar shows while page chunks load', async () => {
    const start = vi.spyOn(NProgress, 'start');
    const done = vi.spyOn(NProgress, 'done');
    await expect(loadChunk(async () => 'page')).resolves.toBe('page');
    expect(start).toHaveBeenCalledOnce();
    expect(done).toHaveBeenCalledOnce();
  });
  it('a failed page chunk load is reported (timeout 120 s)', async () => {
    vi.useFakeTimers();
    const p = loadChunk(() => new Promise<never>(() => undefined));
    const check = expect(p).rejects.toThrow(/timed out after 120000/);
    await vi.advanceTimersByTimeAsync(120_000);
    await check;
    expect(messages[0]?.level).toBe('error');
  });
});
