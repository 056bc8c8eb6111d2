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

// getComputedStyle in jsdom matches every rule of every style sheet against the element, one nwsapi call
// each (~8 µs): with antd's ~3000 CSS-in-JS rules that is 20-40 ms an element, and a getByRole over a page
// asks it for each button and its ancestors (the new-rule dialog's OK button took 10 s on /useException).
// A rule whose last compound needs a class, id or tag the element lacks cannot match it (what a browser's
// rule hash does): answer those "no" without nwsapi and hand every other rule to it, so every match is as
// before. A selector with escapes, attributes, namespaces or strings is always handed on.
{
  type Need = { tag: string | null; id: string | null; classes: string[] } | null; // null: cannot rule out
  const implOf = (node: object): Record<string, unknown> | undefined => {
    const key = Object.getOwnPropertySymbols(node).find((s) => s.description === 'impl');
    return key ? ((node as Record<symbol, unknown>)[key] as Record<string, unknown>) : undefined;
  };
  const docImpl = implOf(document);
  window.getComputedStyle(document.documentElement); // jsdom makes the document's matcher on its first use
  const matcher = docImpl?._nwsapiDontThrow as { match(selector: string, element: Element): boolean } | undefined;
  if (docImpl && matcher && typeof matcher.match === 'function') {
    const needs = new Map<string, Need[] | null>();
    /** Splits at the commas and combinators outside parentheses; null when the text is not plain enough to judge. */
    const parse = (selector: string): Need[] | null => {
      if (/[\\[\]"'|]/.test(selector)) return null;
      const list: Need[] = [];
      let depth = 0;
      let compound = '';
      const finish = (): boolean => {
        const text = compound.trim();
        compound = '';
        if (!/^[-_a-zA-Z0-9.#:*()]*$/.test(text)) return false;
        const tag = /^[a-zA-Z][-a-zA-Z0-9]*/.exec(text)?.[0].toLowerCase() ?? null;
        const id = /#([-_a-zA-Z0-9]+)/.exec(text)?.[1]?.toLowerCase() ?? null;
        const classes = [...text.matchAll(/\.([-_a-zA-Z0-9]+)/g)].flatMap((m) => (m[1] ? [m[1].toLowerCase()] : []));
        list.push(tag || id || classes.length ? { tag, id, classes } : null);
        return true;
      };
      for (let i = 0; i < selector.length; i++) {
        const c = selector[i];
        if (c === '(') depth++;
        if (c === ')') depth--;
        if (depth > 0 || c === ')') {
          if (depth === 0 || (depth === 1 && c === '(')) compound += c; // keep "()" so the text stays a compound
          continue;
        }
        if (c === ',') {
          if (!finish()) return null;
        } else if (c === '>' || c === '+' || c === '~' || (c === ' ' && /[^\s>+~,]/.test(selector[i + 1] ?? '') && compound.trim() !== '')) {
          compound = ''; // a combinator: only the last compound is the element itself
        } else compound += c;
      }
      if (depth !== 0 || !finish()) return null;
      return list;
    };
    const classCache = new WeakMap<Element, { attr: string | null; set: Set<string> }>();
    const classesOf = (el: Element): Set<string> => {
      const attr = el.getAttribute('class');
      let hit = classCache.get(el);
      if (!hit || hit.attr !== attr) {
        hit = { attr, set: new Set((attr ?? '').toLowerCase().split(/\s+/).filter(Boolean)) };
        classCache.set(el, hit);
      }
      return hit.set;
    };
    const possible = (need: Need, el: Element): boolean => {
      if (!need) return true;
      if (need.tag && need.tag !== el.localName.toLowerCase()) return false;
      if (need.id && need.id !== el.getAttribute('id')?.toLowerCase()) return false;
      if (need.classes.length) {
        const set = classesOf(el);
        for (const c of need.classes) if (!set.has(c)) return false;
      }
      return true;
    };
    docImpl._nwsapiDontThrow = {
      match(selector: string, el: Element): boolean {
        if (typeof selector !== 'string') return matcher.match(selector, el); // an @font-face or @keyframes rule
        let list = needs.get(selector);
        if (list === undefined) needs.set(selector, (list = parse(selector)));
        if (list && !list.some((need) => possible(need, el))) return false;
        return matcher.match(selector, el);
      },
    };
  }
}
