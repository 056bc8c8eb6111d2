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
afterEachTest(async () => {
  cleanupRendered();
  // antd's static message / notification / confirm render into roots of their own that RTL does not
  // unmount, and close themselves on a timer (3 s for a message): left alone, that timer can fire
  // after this file's jsdom is gone and React then throws 'window is not defined' (an unhandled error
  // that failed CI). Remove them now, while the window exists, and let React finish the removal.
  if (document.querySelector('.ant-message, .ant-notification, .ant-modal-root, .ant-modal-wrap')) {
    const { message, notification, Modal } = await import('antd');
    message.destroy();
    notification.destroy();
    Modal.destroyAll();
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
  }
  // React's scheduler runs pending work (a passive-effects flush, a yielded render) from setImmediate: let a
  // few turns of it run now, while this file's window exists
  // (a task left over at the file's end ran after jsdom's teardown: 'window is not defined', CI run of stop 19)
  for (let turn = 0; turn < 3; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
});
// jsdom does not implement getComputedStyle with a pseudo-element (antd measures the scrollbar that way).
{
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
}
// jsdom has no canvas: answer getContext with null quietly (ECharts then measures text without it).
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];

// findBy*/waitFor wait up to 5 s (RTL's default is 1 s): the first render of an antd table or tree in jsdom
// takes over a second when the CI machine's 2 cores are busy, which failed a test that waits on it.
import { configure as configureTesting } from '@testing-library/react';
configureTesting({ asyncUtilTimeout: 5000 });
