// The Chromium a bench drives (scripts/chromium.mjs: CHROME_PATH, the usual install paths,
// Playwright's cache). None here: one line saying so and how to get one, exit code 1, before
// anything is built (instead of playwright-core's stack trace after the build).
import { findChromium, noChromiumLine } from "../scripts/chromium.mjs";

export function chromiumOrExit(bench: string): string {
  const found = findChromium();
  if (found.path) return found.path;
  console.error(noChromiumLine(`${bench} cannot run`, found));
  process.exit(1);
}
