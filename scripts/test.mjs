#!/usr/bin/env node
// npm test: the type check, linter and formatter check (npm run lint), every Vitest suite (unit, web, server
// on SQLite, browser e2e), then the server suite again on PostgreSQL when DATABASE_URL is set.
// Ends with one "N passed, N failed, N skipped" line; a failed lint counts as one failure.
// With arguments (npm test -- --project server, a file), only those tests run: no lint.
// The browser suite needs a Chromium (scripts/chromium.mjs finds one); without one it is skipped
// with one line saying so and how to get one. REQUIRE_BROWSER=1, REQUIRE_POSTGRES=1 and
// REQUIRE_REPLICA=1 (set by .ci/run; the last: the PostgreSQL run's read-replica tests, which need
// TEST_DATABASE_READ_URL) turn a suite that could not run into a failure. On a Node.js older than
// engines.node it stops at once and says how to get one (scripts/node.sh).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findChromium, noChromiumLine } from "./chromium.mjs";
import { requireSupportedNode } from "./node-check.mjs";

requireSupportedNode();

const out = mkdtempSync(join(tmpdir(), "fw-test-"));
const extra = process.argv.slice(2);
const requireBrowser = process.env.REQUIRE_BROWSER === "1";
const requirePostgres = process.env.REQUIRE_POSTGRES === "1";
const requireReplica = process.env.REQUIRE_REPLICA === "1";

let passed = 0,
  failed = 0,
  skipped = 0,
  exit = 0;
/** Suites that did not run, said again above the totals. */
const notRun = [];

const chromium = findChromium();
let suites = extra;
if (extra.length === 0 && !chromium.path) {
  suites = ["--project", "unit", "--project", "web", "--project", "web-fresh", "--project", "server"];
  if (requireBrowser) {
    notRun.push(noChromiumLine("browser suite (tests/e2e) did not run, and REQUIRE_BROWSER=1 needs it", chromium));
    failed += 1;
  } else notRun.push(noChromiumLine("browser suite (tests/e2e) skipped", chromium));
}
// The browser tests launch the Chromium found here (tests/e2e/support/browser.ts reads CHROME_PATH).
const runs = [{ name: "all suites (SQLite)", args: suites, env: { DATABASE_URL: "", DATABASE_READ_URL: "", ...(chromium.path ? { CHROME_PATH: chromium.path } : {}) } }];
if (extra.length === 0) {
  if (process.env.DATABASE_URL) {
    runs.push({ name: "server suite (PostgreSQL)", args: ["--project", "server"], env: {} });
    if (!process.env.TEST_DATABASE_READ_URL) {
      if (requireReplica) {
        notRun.push("read-replica tests did not run, and REQUIRE_REPLICA=1 needs them: run scripts/pg-replica.sh and set TEST_DATABASE_READ_URL to the URL it prints.");
        failed += 1;
      } else notRun.push("read-replica tests skipped: TEST_DATABASE_READ_URL is not set (scripts/pg-replica.sh makes a replica and prints it).");
    }
  } else if (requirePostgres) {
    notRun.push("server suite on PostgreSQL did not run, and REQUIRE_POSTGRES=1 needs it: set DATABASE_URL=postgres://user:pass@host/db.");
    failed += 1;
  } else notRun.push("server suite on PostgreSQL skipped: DATABASE_URL is not set (DATABASE_URL=postgres://user:pass@host/db runs it).");
}

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
if (notRun.length) console.log(`\n${notRun.join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed ? 1 : 0));
