#!/usr/bin/env node
// npm test: the type check, linter and formatter check (npm run lint), every Vitest suite (unit, web, server
// on SQLite, browser e2e), then the server suite again on PostgreSQL when DATABASE_URL is set.
// Ends with one "N passed, N failed, N skipped" line; a failed lint counts as one failure.
// With arguments (npm test -- --project server, a file), only those tests run: no lint.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const out = mkdtempSync(join(tmpdir(), "fw-test-"));
const extra = process.argv.slice(2);
const runs = [{ name: "all suites (SQLite)", args: extra, env: { DATABASE_URL: "" } }];
if (process.env.DATABASE_URL && extra.length === 0) {
  runs.push({ name: "server suite (PostgreSQL)", args: ["--project", "server"], env: {} });
}

let passed = 0,
  failed = 0,
  skipped = 0,
  exit = 0;
if (extra.length === 0) {
  console.log("\n=== lint (npm run lint) ===");
  const lint = spawnSync("npm", ["run", "--silent", "lint"], { stdio: "inherit" });
  if (lint.status !== 0) {
    console.log("lint failed: see above (npm run format fixes the formatting)");
    exit = lint.status ?? 1;
    failed += 1;
  }
}
for (const [i, run] of runs.entries()) {
  const file = join(out, `run-${i}.json`);
  console.log(`\n=== ${run.name} ===`);
  const r = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`, ...run.args], {
    stdio: "inherit",
    env: { ...process.env, ...run.env },
  });
  if (r.status !== 0) exit = r.status ?? 1;
  try {
    const j = JSON.parse(readFileSync(file, "utf8"));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    if (j.numFailedTestSuites > 0 && j.numFailedTests === 0) failed += j.numFailedTestSuites;
  } catch {
    failed += 1;
  }
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed ? 1 : 0));
