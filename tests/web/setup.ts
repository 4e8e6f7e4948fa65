// Setup of the "web" suite (jsdom): jest-dom matchers, the msw server's lifecycle, a clean
// local storage per test, the browser APIs antd expects that jsdom lacks, and antd's CSS-in-JS
// kept out of the DOM for every render; uploads through Node's Request whole (support/uploads.ts).
import "@testing-library/jest-dom/vitest";
// Before msw (its request class extends the global Request): uploads reach the mocks whole.
import "./support/uploads";
import { act, cleanup, configure } from "@testing-library/react";
import type { JSXElementConstructor, ReactNode } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import dayjs from "dayjs";
import { DEFAULT_LANGUAGE, i18n } from "../../src/i18n";
import { server } from "./msw";

// Every render inside <StyleProvider mock="server">: antd then keeps its generated styles out of
// the document. jsdom would otherwise match every injected rule on each getComputedStyle, which
// makes a keystroke in an antd form take seconds (about 10x on the suite's antd screens). The
// styles are not what these tests look at (nothing here asserts CSS visibility).
vi.mock("@testing-library/react", async (importOriginal) => {
  const rtl = await importOriginal<typeof import("@testing-library/react")>();
  const { createElement } = await import("react");
  const { StyleProvider } = await import("@ant-design/cssinjs");
  type Wrapper = JSXElementConstructor<{ children: ReactNode }>;
  const withoutStyles = (Inner?: Wrapper): Wrapper =>
    function NoAntdStyles({ children }: { children: ReactNode }) {
      return createElement(StyleProvider, { mock: "server" }, Inner ? createElement(Inner, null, children) : children);
    };
  const render = ((ui: ReactNode, options: Parameters<typeof rtl.render>[1] = {}) =>
    rtl.render(ui, { ...options, wrapper: withoutStyles(options.wrapper as Wrapper | undefined) })) as typeof rtl.render;
  return { ...rtl, render };
});

// Every zustand store (the pages' shared state) goes back to its initial state after each test, as
// zustand's testing guide does: the files of a worker share one module graph, so a store would
// otherwise carry one file's map, plan or queue into the next. The resets live on globalThis: each
// file runs this setup again, and the stores were made through the first file's copy of it.
vi.mock("zustand", async (importOriginal) => {
  const zustand = await importOriginal<typeof import("zustand")>();
  const resets = storeResets();
  const createStore = <T>(creator: import("zustand").StateCreator<T, [], []>) => {
    const store = zustand.create(creator);
    const initial = store.getInitialState();
    resets.add(() => store.setState(initial, true));
    return store;
  };
  const create = (<T>(creator?: import("zustand").StateCreator<T, [], []>) => (creator ? createStore(creator) : createStore)) as typeof zustand.create;
  return { ...zustand, create };
});
function storeResets(): Set<() => void> {
  const g = globalThis as { __zustandResets?: Set<() => void> };
  return (g.__zustandResets ??= new Set());
}

// findBy* and waitFor wait up to 15 s (Testing Library's default is 1 s): a screen's lazy chunk
// (toasts, a page) is imported on first use, and on a busy 2-core machine that import alone can
// take seconds. A wait only lasts as long as the thing takes; a test whose thing never comes fails
// after 15 s instead of 1 s.
configure({ asyncUtilTimeout: 15_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    configurable: true,
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

if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, "ResizeObserver", { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, "ResizeObserver", { writable: true, configurable: true, value: ResizeObserverStub });
}

// antd measures scrollbars and text through getComputedStyle with pseudo elements, which jsdom
// does not implement (it logs "Not implemented"): answer the element's own style instead.
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element, _pseudo?: string | null) => realGetComputedStyle(elt);

// Element.scrollTo is missing in jsdom (antd's Select and Table call it).
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => localStorage.clear());
// A worker runs its files in one module graph (vitest.config.ts): what a test changes of the
// page's state is put back, so the next test, of this file or the next, starts as a page would.
afterEach(async () => {
  cleanup();
  act(() => storeResets().forEach((reset) => reset()));
  server.resetHandlers();
  localStorage.clear();
  vi.useRealTimers();
  window.location.hash = "";
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
  document.documentElement.lang = DEFAULT_LANGUAGE;
  dayjs.locale(DEFAULT_LANGUAGE);
});
afterAll(() => server.close());
