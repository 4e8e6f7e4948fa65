// Imports every module of server/custom/ once, so their registerCustom/registerRoutes calls
// run before the app serves. A module is any *.ts (or built *.js) file there.
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DIR = new URL("../custom/", import.meta.url);
let loading: Promise<string[]> | null = null;

export function loadCustomModules(): Promise<string[]> {
  loading ??= (async () => {
    if (!existsSync(DIR)) return [];
    const files = readdirSync(fileURLToPath(DIR))
      .filter((f) => /\.(ts|js|mjs)$/.test(f) && !/\.(test|spec|d)\.ts$/.test(f))
      .sort();
    for (const f of files) await import(new URL(f, DIR).href);
    return files;
  })();
  return loading;
}
