// Setup of the "web" suite (jsdom): jest-dom matchers, the msw server's lifecycle, a clean
// local storage per test, and the browser APIs antd expects that jsdom lacks.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { server } from "./msw";

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
