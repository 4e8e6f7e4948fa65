// The server's clock is the authority over when something happened (docs/api.md "Field capture",
// capture time): every answer of the app's services carries a `Date` header, and the page keeps
// how far its own clock is off from it. The field page stamps what the worker does with
// `serverNow()`, so a phone whose clock is minutes fast or slow still sends the true time.
// The header counts whole seconds: the estimate is within about a second, well inside the
// server's tolerance (declaration/field-capture.ts CLOCK_SKEW_TOLERANCE_MS).
import type { AxiosResponse } from "axios";

let offsetMs = 0;

/** The server's time now, as this page estimates it (epoch ms). */
export const serverNow = (): number => Date.now() + offsetMs;

/** How far the server's clock is ahead of this device's (ms; negative: the device is fast). */
export const serverOffsetMs = (): number => offsetMs;

/**
 * Learns the offset from an answer's `Date` header, received at `receivedAt` (this device's
 * clock). The header is truncated to the second: its middle (+500 ms) is the best guess.
 */
export function learnServerTime(dateHeader: unknown, receivedAt: number = Date.now()): void {
  if (typeof dateHeader !== "string" || !dateHeader) return;
  const ms = Date.parse(dateHeader);
  if (!Number.isFinite(ms)) return;
  offsetMs = ms + 500 - receivedAt;
}

/** Forgets what was learnt (tests). */
export const resetServerClock = (): void => {
  offsetMs = 0;
};

/** The response interceptor: every answer (an error answer too) tells the server's time. */
export function learnFromResponse<T extends AxiosResponse | undefined>(response: T): T {
  if (response) learnServerTime(response.headers?.date ?? response.headers?.Date);
  return response;
}
