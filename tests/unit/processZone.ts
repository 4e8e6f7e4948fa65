// Runs a test file's tests in a process (the "browser", for jsdom) in a given zone, whatever the
// machine's: Node applies a changed TZ at once (Date and Intl). The zone is put back afterwards.
import { afterAll, beforeAll } from "vitest";
import { forgetBrowserTimeZone } from "../../src/lib/timeZones";

export function inProcessZone(zone: string): void {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
    forgetBrowserTimeZone();
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
    forgetBrowserTimeZone();
  });
}

/** Runs `fn` with the process in `zone`, then puts the file's zone back. */
export function withProcessZone<T>(zone: string, fn: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  forgetBrowserTimeZone();
  try {
    return fn();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
    forgetBrowserTimeZone();
  }
}
