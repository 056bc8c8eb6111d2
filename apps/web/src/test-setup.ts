// jsdom lacks these browser APIs that antd relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Unmount rendered trees after each test (vitest runs without globals, so RTL cannot register this itself).
import { afterEach as afterEachTest } from 'vitest';
import { cleanup as cleanupRendered } from '@testing-library/react';
afterEachTest(() => cleanupRendered());
// jsdom does not implement getComputedStyle with a pseudo-element (antd measures the scrollbar that way).
{
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
}
// jsdom has no canvas: answer getContext with null quietly (ECharts then measures text without it).
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
// Let work React or antd scheduled at the very end of a file (a dialog's motion, a settled mutation) run while
// jsdom's window still exists: without this pause the environment's teardown could come first and React's
// scheduler then threw 'window is not defined' as an unhandled error, failing the run although every test passed.
import { afterAll as afterAllTests } from 'vitest';
afterAllTests(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
