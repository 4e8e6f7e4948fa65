// jsdom has no canvas: the Gantt chart draws its grid background on one (a data URL is all it
// keeps). A file that renders the chart stubs the two calls for its own tests and puts jsdom's
// back after them: the files of a worker share one jsdom (vitest.config.ts), and antd's QR code
// (the field page's device key) fails on a stub without its drawing calls.
import { afterAll, beforeAll } from "vitest";

export function stubCanvasInFile(): void {
  const real = { getContext: HTMLCanvasElement.prototype.getContext, toDataURL: HTMLCanvasElement.prototype.toDataURL };
  beforeAll(() => {
    HTMLCanvasElement.prototype.getContext = (() => ({ translate() {}, beginPath() {}, moveTo() {}, lineTo() {}, stroke() {} })) as never;
    HTMLCanvasElement.prototype.toDataURL = () => "data:,";
  });
  afterAll(() => {
    HTMLCanvasElement.prototype.getContext = real.getContext;
    HTMLCanvasElement.prototype.toDataURL = real.toDataURL;
  });
}
