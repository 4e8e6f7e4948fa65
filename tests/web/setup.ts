// Setup of the "web" suite (jsdom): jest-dom matchers, the msw server's lifecycle, a clean
// local storage per test, the browser APIs antd expects that jsdom lacks, and antd's CSS-in-JS
// kept out of the DOM for every render; multipart bodies readable by the mocks on Node 24.
import "@testing-library/jest-dom/vitest";
import { File as NodeFile } from "node:buffer";
import { cleanup, configure } from "@testing-library/react";
import type { JSXElementConstructor, ReactNode } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
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

// findBy* and waitFor wait up to 15 s (Testing Library's default is 1 s): a screen's lazy chunk
// (toasts, a page) is imported on first use, and on a busy 2-core machine that import alone can
// take seconds. A wait only lasts as long as the thing takes; a test whose thing never comes fails
// after 15 s instead of 1 s.
configure({ asyncUtilTimeout: 15_000 });

// Node 24's fetch (undici 7) makes each file part of a multipart body with the global File and
// then checks that it is its own class; under jsdom the global File is jsdom's, so a mock's
// request.formData() threw on any upload. The mocks read their bodies with Node's File in place
// (the body is read first, so the swap lasts only the parse).
const parseFormData = Response.prototype.formData;
for (const Body of [Request, Response]) {
  Body.prototype.formData = async function (this: Request | Response) {
    const copy = new Response(await this.arrayBuffer(), { headers: { "content-type": this.headers.get("content-type") ?? "" } });
    const was = Object.getOwnPropertyDescriptor(globalThis, "File");
    Object.defineProperty(globalThis, "File", { value: NodeFile, configurable: true, writable: true });
    try {
      return await parseFormData.call(copy);
    } finally {
      if (was) Object.defineProperty(globalThis, "File", was);
    }
  };
}

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
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  vi.useRealTimers();
});
afterAll(() => server.close());
