import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import NProgress from 'nprogress';
import { createElement, Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPage, loadChunk } from './lazy-page';
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

describe('lazy pages', () => {
  const fallback = createElement('p', null, 'loading');
  const chunk = () => Promise.resolve({ default: () => createElement('p', null, 'the page') });

  it('a preloaded page renders at once: no fallback, so React has no reveal to hold back', async () => {
    const Page = lazyPage(chunk);
    await Page.preload();
    render(createElement(Suspense, { fallback }, createElement(Page)));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a page not loaded yet shows the fallback, then the page once its chunk is in', async () => {
    let arrive!: () => void;
    const Page = lazyPage(() => new Promise((ok) => (arrive = () => ok({ default: () => createElement('p', null, 'the page') }))));
    render(createElement(Suspense, { fallback }, createElement(Page)));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('the page')).toBeTruthy();
  });
});
