import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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

/**
 * React.lazy around a page chunk with the progress bar and the timeout; `preload()` fetches the
 * chunk ahead of the first render (the start-up asks for the page it opens at once).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> } {
  return Object.assign(lazy(() => loadChunk(load)), { preload: load });
}
