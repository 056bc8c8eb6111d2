import { createElement, lazy, type ComponentType } from 'react';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { tr } from '../i18n';
import { notify } from './notify';

/** Chunk load timeout (spec section 9). */
export const CHUNK_TIMEOUT_MS = 120_000;

NProgress.configure({ showSpinner: false });

/**
 * Loads a page chunk with the progress bar showing; a chunk that fails or takes longer than
 * 120 s is reported as an error (and the promise rejects so the error boundary shows).
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  NProgress.start();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_ok, fail) => {
    timer = setTimeout(() => fail(new Error(`chunk load timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([load(), timeout])
    .catch((err: unknown) => {
      notify.error(tr('common:http.chunkLoad'));
      console.error(err);
      throw err;
    })
    .finally(() => {
      clearTimeout(timer);
      NProgress.done();
    });
}

/** A page component loaded on demand, with `preload()` to fetch its chunk ahead of the first render. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * A page chunk loaded on demand with the progress bar and the timeout; `preload()` fetches the
 * chunk ahead of the first render (the start-up asks for the frame and the page it opens at once).
 * Once the chunk is in, the page renders its component directly instead of through React.lazy:
 * lazy suspends on its first render even when the chunk is already loaded, and React reveals what
 * a Suspense boundary held back at most every 300 ms after its fallback showed, so each level of
 * the start-up (the frame, then the page) waited up to 300 ms with nothing to do.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  const fetch = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(() => loadChunk(fetch));
  // set before Lazy's own promise resolves, so Lazy never commits once this is set: no remount
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload: fetch });
}
