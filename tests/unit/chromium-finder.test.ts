// Finding a Chromium for the browser suite and the benches (scripts/chromium.mjs), on a fake file
// system and environment: CHROME_PATH first, then the distributions' and installers' places, then
// Playwright's cache (newest revision first); none: one line that says what and how to get one.
import { describe, expect, it } from "vitest";
import { findChromium, IGNORE_INSTALLED, noChromiumLine } from "../../scripts/chromium.mjs";

/** A machine with these executable files and these directory listings. */
const machine = (executables: string[], dirs: Record<string, string[]> = {}) => ({
  isExecutable: (p: string) => executables.includes(p),
  listDir: (d: string) => dirs[d] ?? [],
  home: "/home/ana",
});

describe("finding a Chromium", () => {
  it("the browser suite takes a headless shell first, Debian's or Playwright's newest; the benches the browser", () => {
    const shell = "/usr/bin/chromium-headless-shell";
    expect(findChromium({ ...machine([shell, "/usr/bin/chromium"]), platform: "linux", env: {}, headlessShell: true }).path).toBe(shell);
    expect(findChromium({ ...machine([shell, "/usr/bin/chromium"]), platform: "linux", env: {} }).path).toBe("/usr/bin/chromium");
    const cache = "/home/ana/.cache/ms-playwright";
    const newest = `${cache}/chromium_headless_shell-1210/chrome-linux/headless_shell`;
    const dirs = { [cache]: ["chromium_headless_shell-1200", "chromium_headless_shell-1210", "chromium-1210"] };
    expect(
      findChromium({ ...machine([`${cache}/chromium_headless_shell-1200/chrome-linux/headless_shell`, newest], dirs), platform: "linux", env: {}, headlessShell: true }).path,
    ).toBe(newest);
    // None: the browser, as without the option; CHROME_PATH still wins.
    expect(findChromium({ ...machine(["/usr/bin/chromium"]), platform: "linux", env: {}, headlessShell: true }).path).toBe("/usr/bin/chromium");
    expect(findChromium({ ...machine([shell, "/usr/bin/chromium"]), platform: "linux", env: { CHROME_PATH: "/usr/bin/chromium" }, headlessShell: true }).path).toBe(
      "/usr/bin/chromium",
    );
  });

  it("CHROME_PATH wins when it is an executable", () => {
    const found = findChromium({ ...machine(["/opt/chrome/chrome", "/usr/bin/chromium"]), platform: "linux", env: { CHROME_PATH: "/opt/chrome/chrome" } });
    expect(found.path).toBe("/opt/chrome/chrome");
  });

  it("a CHROME_PATH that is no executable is said, and the usual places are searched", () => {
    const found = findChromium({ ...machine(["/usr/bin/chromium"]), platform: "linux", env: { CHROME_PATH: "/nonexistent" } });
    expect(found.path).toBe("/usr/bin/chromium");
    expect(found.notes).toEqual(["CHROME_PATH=/nonexistent is not an executable file"]);
  });

  it("on Linux: Debian's, other distributions' and Google's paths, the snap", () => {
    for (const path of ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable", "/snap/bin/chromium"]) {
      expect(findChromium({ ...machine([path]), platform: "linux", env: {} }).path, path).toBe(path);
    }
    // Debian's first when several are there.
    expect(findChromium({ ...machine(["/snap/bin/chromium", "/usr/bin/chromium"]), platform: "linux", env: {} }).path).toBe("/usr/bin/chromium");
  });

  it("on macOS: the applications, system-wide or the user's", () => {
    const chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
    expect(findChromium({ ...machine([chrome]), platform: "darwin", env: {} }).path).toBe(chrome);
    const mine = "/home/ana/Applications/Chromium.app/Contents/MacOS/Chromium";
    expect(findChromium({ ...machine([mine]), platform: "darwin", env: {} }).path).toBe(mine);
  });

  it("Playwright's cache: the newest chromium-<revision>, old and new layouts, or PLAYWRIGHT_BROWSERS_PATH", () => {
    const cache = "/home/ana/.cache/ms-playwright";
    const dirs = { [cache]: ["chromium-1091", "chromium-1140", "ffmpeg-1009", "chromium_headless_shell-1140"] };
    const old = `${cache}/chromium-1091/chrome-linux/chrome`;
    const newest = `${cache}/chromium-1140/chrome-linux64/chrome`;
    expect(findChromium({ ...machine([old, newest], dirs), platform: "linux", env: {} }).path).toBe(newest);
    expect(findChromium({ ...machine([old], dirs), platform: "linux", env: {} }).path).toBe(old);
    const own = "/srv/browsers/chromium-1200/chrome-linux/chrome";
    expect(findChromium({ ...machine([own], { "/srv/browsers": ["chromium-1200"] }), platform: "linux", env: { PLAYWRIGHT_BROWSERS_PATH: "/srv/browsers" } }).path).toBe(own);
  });

  it("none: path null, and one line saying what was skipped, where it looked and how to get one", () => {
    const found = findChromium({ ...machine([]), platform: "linux", env: { CHROME_PATH: "/nonexistent" } });
    expect(found.path).toBeNull();
    expect(found.looked.slice(0, 3)).toEqual(["CHROME_PATH=/nonexistent", "/usr/bin/chromium", "/usr/bin/chromium-browser"]);
    const line = noChromiumLine("browser suite (tests/e2e) skipped", found);
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toMatch(
      /^browser suite \(tests\/e2e\) skipped: no Chromium found \(CHROME_PATH=\/nonexistent is not an executable file; looked at CHROME_PATH=\/nonexistent, \/usr\/bin\/chromium, /,
    );
    expect(line).toContain(
      "To run it, install one (Debian/Ubuntu: apt-get install -y chromium; macOS: brew install --cask chromium) or set CHROME_PATH to a Chrome or Chromium binary.",
    );
  });

  it(`${IGNORE_INSTALLED}=1 (tests only) leaves the installed ones out: only CHROME_PATH counts`, () => {
    const env = { [IGNORE_INSTALLED]: "1" };
    const none = findChromium({ ...machine(["/usr/bin/chromium"]), platform: "linux", env });
    expect(none.path).toBeNull();
    expect(none.notes).toEqual([`${IGNORE_INSTALLED}=1: the install paths and Playwright's cache were not searched`]);
    expect(findChromium({ ...machine(["/usr/bin/chromium"]), platform: "linux", env: { ...env, CHROME_PATH: "/usr/bin/chromium" } }).path).toBe("/usr/bin/chromium");
  });
});
