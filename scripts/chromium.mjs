// Where a Chromium (or Chrome) is on this machine, for the browser suite (tests/e2e) and the
// benches that drive one through playwright-core (it downloads no browser): CHROME_PATH first,
// then the places distributions and installers put it, then Playwright's own browser cache.
// None found: the caller says so in one line (noChromiumLine) and skips what needs it.
// Plain JavaScript: scripts/test.mjs runs under Node without a TypeScript loader.
import { accessSync, constants, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Set to 1 only by tests (and to try the no-Chromium path on a machine that has one): the
 * install paths and Playwright's cache are not looked at; only CHROME_PATH counts.
 */
export const IGNORE_INSTALLED = "FIELDWORKS_IGNORE_INSTALLED_CHROMIUM";

/** How to get one, said wherever a Chromium is missing. */
export const HOW_TO_GET_CHROMIUM =
  "install one (Debian/Ubuntu: apt-get install -y chromium; macOS: brew install --cask chromium) or set CHROME_PATH to a Chrome or Chromium binary";

const isExecutableFile = (path) => {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const listDirectory = (dir) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** The fixed places, per platform, in order of preference. */
function installedPaths(platform, home, env) {
  if (platform === "darwin") {
    const apps = [
      "Chromium.app/Contents/MacOS/Chromium",
      "Google Chrome.app/Contents/MacOS/Google Chrome",
      "Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
    ];
    return [...apps.map((a) => `/Applications/${a}`), ...apps.map((a) => join(home, "Applications", a))];
  }
  if (platform === "win32") {
    const roots = [env.PROGRAMFILES, env["PROGRAMFILES(X86)"], env.LOCALAPPDATA].filter(Boolean);
    return roots.flatMap((root) => [join(root, "Chromium", "Application", "chrome.exe"), join(root, "Google", "Chrome", "Application", "chrome.exe")]);
  }
  return [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/snap/bin/chromium",
    "/usr/lib/chromium/chromium",
    "/usr/lib64/chromium-browser/chromium-browser",
    "/opt/google/chrome/chrome",
  ];
}

/** Playwright's downloaded Chromiums (npx playwright install chromium), newest revision first. */
function playwrightPaths(platform, home, env, listDir) {
  const cache =
    env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== "0"
      ? env.PLAYWRIGHT_BROWSERS_PATH
      : platform === "darwin"
        ? join(home, "Library", "Caches", "ms-playwright")
        : platform === "win32"
          ? join(env.LOCALAPPDATA ?? join(home, "AppData", "Local"), "ms-playwright")
          : join(home, ".cache", "ms-playwright");
  const revisions = listDir(cache)
    .filter((name) => /^chromium-\d+$/.test(name))
    .sort((a, b) => Number(b.slice(9)) - Number(a.slice(9)));
  const inside =
    platform === "darwin"
      ? ["chrome-mac/Chromium.app/Contents/MacOS/Chromium", "chrome-mac-arm64/Chromium.app/Contents/MacOS/Chromium"]
      : platform === "win32"
        ? ["chrome-win/chrome.exe", "chrome-win64/chrome.exe"]
        : ["chrome-linux/chrome", "chrome-linux64/chrome"];
  return revisions.flatMap((rev) => inside.map((p) => join(cache, rev, ...p.split("/"))));
}

/**
 * Chromium's headless shell (old headless mode: no window, no GPU process), Debian's package
 * chromium-headless-shell or Playwright's download: the browser suite's first choice, as
 * Playwright's own for headless runs. The same engine as the browser, about 30 % less CPU a test
 * here. The benches measure in the full browser.
 */
function headlessShellPaths(platform, home, env, listDir) {
  if (platform !== "linux") return [];
  const cache = env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== "0" ? env.PLAYWRIGHT_BROWSERS_PATH : join(home, ".cache", "ms-playwright");
  const revisions = listDir(cache)
    .filter((name) => /^chromium_headless_shell-\d+$/.test(name))
    .sort((a, b) => Number(b.split("-")[1]) - Number(a.split("-")[1]));
  const inside = ["chrome-headless-shell-linux64/chrome-headless-shell", "chrome-linux/headless_shell"];
  return ["/usr/bin/chromium-headless-shell", ...revisions.flatMap((rev) => inside.map((p) => join(cache, rev, ...p.split("/"))))];
}

/**
 * The Chromium to launch: `{ path, looked, notes }`; `path` is null when there is none.
 * `headlessShell`: a headless shell first, where there is one (the browser suite).
 * Everything it reads can be given (a fake file system and environment in the tests).
 */
export function findChromium({
  env = process.env,
  platform = process.platform,
  home = homedir(),
  isExecutable = isExecutableFile,
  listDir = listDirectory,
  headlessShell = false,
} = {}) {
  const looked = [];
  const notes = [];
  const given = env.CHROME_PATH;
  if (given) {
    looked.push(`CHROME_PATH=${given}`);
    if (isExecutable(given)) return { path: given, looked, notes };
    notes.push(`CHROME_PATH=${given} is not an executable file`);
  }
  if (env[IGNORE_INSTALLED] === "1") {
    notes.push(`${IGNORE_INSTALLED}=1: the install paths and Playwright's cache were not searched`);
    return { path: null, looked, notes };
  }
  const shells = headlessShell ? headlessShellPaths(platform, home, env, listDir) : [];
  for (const path of [...shells, ...installedPaths(platform, home, env), ...playwrightPaths(platform, home, env, listDir)]) {
    looked.push(path);
    if (isExecutable(path)) return { path, looked, notes };
  }
  return { path: null, looked, notes };
}

/** The one line that says what was skipped (or cannot run), why, and how to get a Chromium. */
export function noChromiumLine(what, found) {
  const why = [
    ...found.notes,
    found.looked.length
      ? `looked at ${found.looked.length > 6 ? `${found.looked.slice(0, 6).join(", ")} and ${found.looked.length - 6} more` : found.looked.join(", ")}`
      : "CHROME_PATH is not set and the install paths were not searched",
  ].join("; ");
  return `${what}: no Chromium found (${why}). To run it, ${HOW_TO_GET_CHROMIUM}.`;
}
