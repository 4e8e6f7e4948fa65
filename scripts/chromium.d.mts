// Types of scripts/chromium.mjs (plain JavaScript: scripts/test.mjs runs it without TypeScript).

export const IGNORE_INSTALLED: "FIELDWORKS_IGNORE_INSTALLED_CHROMIUM";
export const HOW_TO_GET_CHROMIUM: string;

export interface ChromiumSearch {
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  home?: string;
  isExecutable?: (path: string) => boolean;
  listDir?: (dir: string) => string[];
  /** A headless shell first, where there is one (the browser suite). */
  headlessShell?: boolean;
}

export interface FoundChromium {
  /** The binary to launch, or null when there is none. */
  path: string | null;
  /** Where it looked, in order. */
  looked: string[];
  /** What was wrong on the way (a CHROME_PATH that is no executable). */
  notes: string[];
}

export function findChromium(search?: ChromiumSearch): FoundChromium;
export function noChromiumLine(what: string, found: FoundChromium): string;
