// The web app built once per test run into a temporary directory, shared by every e2e file.
// There is no globalSetup in the shared config, and a run has several workers, so the files meet
// through a directory named after the run: the Vitest process's id. The first file builds it
// while the others wait; later files find it complete and reuse it. A small detached watcher
// removes it when that process ends, and builds of runs that are gone are removed at the next start.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const PREFIX = "fieldworks-e2e-dist-";

/** The Vitest process of this run: the parent of a forked worker, or this process for threads. */
const runPid = (): number => (isMainThread ? process.ppid : process.pid);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Directories left by earlier runs whose Vitest process is gone (a watcher that did not get to it). */
function removeStale(prefix: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split(".")[0]);
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/**
 * A directory of this run's own (`$TMPDIR/fieldworks-e2e-<kind>-<vitest pid>`), made on first use
 * and removed when the run ends, as the build is: a worker is ended without running exit handlers.
 */
export function runDirectory(kind: string): string {
  const prefix = `fieldworks-e2e-${kind}-`;
  const pid = runPid();
  const dir = join(tmpdir(), `${prefix}${pid}`);
  if (!existsSync(dir)) {
    removeStale(prefix);
    mkdirSync(dir, { recursive: true });
    removeWhenGone(pid, dir);
  }
  return dir;
}

/** Removes `dir` once process `pid` has ended; detached, so it outlives this worker. */
function removeWhenGone(pid: number, dir: string): void {
  const script = `const [pid, dir] = process.argv.slice(1);
const alive = () => { try { process.kill(Number(pid), 0); return true; } catch (e) { return e.code === "EPERM"; } };
const t = setInterval(() => { if (!alive()) { clearInterval(t); require("fs").rmSync(dir, { recursive: true, force: true }); } }, 1000);`;
  spawn(process.execPath, ["-e", script, String(pid), dir], { detached: true, stdio: "ignore" }).unref();
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NODE_ENV: "production" } });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-8000)));
    child.on("error", fail);
    child.on("exit", (code) => (code === 0 ? done() : fail(new Error(`${cmd} ${args.join(" ")} exited ${code}\n${stderr}`))));
  });
}

/**
 * The directory of the built web app for this run (built now unless another file already did).
 * E2E_DIST_DIR points at an existing build instead (quicker while writing tests).
 */
export async function builtWebApp(): Promise<string> {
  const given = process.env.E2E_DIST_DIR;
  if (given) {
    const dir = resolve(given);
    if (!existsSync(join(dir, "index.html"))) throw new Error(`E2E_DIST_DIR=${dir} holds no index.html`);
    return dir;
  }
  const pid = runPid();
  const dir = join(tmpdir(), `${PREFIX}${pid}`);
  if (existsSync(join(dir, "index.html"))) return dir;
  // One worker builds; the others (the run's first files start together) wait for its build.
  const building = `${dir}.building`;
  try {
    mkdirSync(building);
  } catch {
    while (existsSync(building)) await new Promise((r) => setTimeout(r, 500));
    if (existsSync(join(dir, "index.html"))) return dir;
    throw new Error(`another worker's build of the web app failed (${dir})`);
  }
  try {
    removeStale(PREFIX);
    // Built beside and renamed: a directory with index.html is always a complete build.
    const partial = `${dir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    const vite = join(ROOT, "node_modules", "vite", "bin", "vite.js");
    await run(process.execPath, [vite, "build", "--outDir", partial, "--emptyOutDir", "--logLevel", "error"]);
    if (!existsSync(join(partial, "index.html"))) throw new Error(`vite build wrote no index.html into ${partial}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    removeWhenGone(pid, dir);
    return dir;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}
