#!/usr/bin/env node
// npm test: the type check, linter and formatter check (npm run lint), every Vitest suite (unit, web, server
// on SQLite, browser e2e), and the server suite again on PostgreSQL when DATABASE_URL is set.
// In order: lint, the unit, web and server suites on SQLite, the browser suite, the server suite on
// PostgreSQL, each using both cores (two Vitest workers). Lint beside the SQLite suites ended no
// sooner: those suites leave little of two cores idle.
// Ends with one "N passed, N failed, N skipped" line; a failed lint counts as one failure.
// With arguments (npm test -- --project server, a file), only those tests run, in one line: no lint.
// The browser suite needs a Chromium (scripts/chromium.mjs finds one); without one it is skipped
// with one line saying so and how to get one. REQUIRE_BROWSER=1, REQUIRE_POSTGRES=1 and
// REQUIRE_REPLICA=1 (set by .ci/run; the last: the PostgreSQL run's read-replica tests, which need
// TEST_DATABASE_READ_URL) turn a suite that could not run into a failure. On a Node.js older than
// engines.node it stops at once and says how to get one (scripts/node.sh).
import { spawn } from "node:child_process";
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
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

const chromium = findChromium({ headlessShell: true });
// SQLite even when DATABASE_URL is set; the browser tests launch the Chromium found here (tests/e2e/support/browser.ts reads CHROME_PATH).
const sqliteEnv = { DATABASE_URL: "", DATABASE_READ_URL: "", ...(chromium.path ? { CHROME_PATH: chromium.path } : {}) };

/** The run's files in `out`: the name's words joined by dashes. */
const fileOf = (name, ext) => join(out, `${name.replace(/\W+/g, "-")}.${ext}`);
/** A run of Vitest: its name, arguments and environment; `report` gets its JSON report. */
const vitest = (name, args, env) => {
  const report = fileOf(name, "json");
  return { name, cmd: "npx", args: ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args], env, report };
};
const lint = { name: "lint (npm run lint)", cmd: "npm", args: ["run", "--silent", "lint"], env: {}, lint: true };

/** The runs, one after another. */
let steps;
if (extra.length) {
  steps = [vitest("the tests asked for", extra, chromium.path ? sqliteEnv : { DATABASE_URL: "", DATABASE_READ_URL: "" })];
} else {
  steps = [lint, vitest("unit, web and server suites (SQLite)", ["--project", "unit", "--project", "web", "--project", "web-fresh", "--project", "server"], sqliteEnv)];
  if (process.env.DATABASE_URL) {
    steps.push(vitest("server suite (PostgreSQL)", ["--project", "server"], {}));
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
  if (chromium.path) steps.splice(2, 0, vitest("browser suite (SQLite)", ["--project", "e2e"], sqliteEnv));
  else if (requireBrowser) {
    notRun.push(noChromiumLine("browser suite (tests/e2e) did not run, and REQUIRE_BROWSER=1 needs it", chromium));
    failed += 1;
  } else notRun.push(noChromiumLine("browser suite (tests/e2e) skipped", chromium));
}

/** Runs one step, its output live. */
function runStep(step) {
  console.log(`\n=== ${step.name} (at ${seconds()}) ===`);
  return new Promise((done) => {
    const child = spawn(step.cmd, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
    child.on("exit", (code) => {
      console.log(`=== ${step.name}: ended at ${seconds()} ===`);
      done(code ?? 1);
    });
  });
}

function count(step, status) {
  if (status !== 0) exit = status;
  if (step.lint) {
    if (status !== 0) {
      console.log("lint failed: see above (npm run format fixes the formatting)");
      failed += 1;
    }
    return;
  }
  try {
    const j = JSON.parse(readFileSync(step.report, "utf8"));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    if (j.numFailedTestSuites > 0 && j.numFailedTests === 0) failed += j.numFailedTestSuites;
  } catch {
    failed += 1;
  }
}

for (const step of steps) count(step, await runStep(step));
if (notRun.length) console.log(`\n${notRun.join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped (${seconds()})`);
process.exit(exit || (failed ? 1 : 0));
