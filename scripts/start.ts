// npm start: builds the web app when dist/ is missing or older than its sources, then starts
// the server (server/main.ts) in this process. On a Node.js older than engines.node it stops first.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { requireSupportedNode } from "./node-check.mjs";

requireSupportedNode();

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist", "index.html");

/** Newest modification time under the given paths (files or directories). */
function newest(paths: string[]): number {
  let max = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== "node_modules" && !e.startsWith(".")) walk(join(p, e));
    } else max = Math.max(max, s.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return max;
}

const sources = ["src", "index.html", "public", "vite.config.ts", "resources.config.ts", "declaration", "package.json"];
if (!existsSync(dist) || statSync(dist).mtimeMs < newest(sources)) {
  console.log(existsSync(dist) ? "Web app sources changed: building…" : "Building the web app…");
  const r = spawnSync("npx", ["vite", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    console.error("vite build failed");
    process.exit(r.status ?? 1);
  }
}
process.chdir(root);
await import("../server/main");
