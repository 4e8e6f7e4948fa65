#!/usr/bin/env node
// npm run lint: the type check (tsc), the linter (ESLint) and the formatter check (Prettier), side
// by side. Each of the three uses one core, and tsc alone took about half the time of the three
// one after another; side by side the run ends when the slowest ends. Each one's output is
// printed whole when it ends (never interleaved), under its name; the exit code is the first
// failure's, so a red lint names which check failed.
import { spawn } from "node:child_process";

const checks = [
  { name: "tsc (type check)", cmd: "tsc", args: ["--noEmit", "-p", "tsconfig.json"] },
  { name: "eslint", cmd: "eslint", args: ["."] },
  { name: "prettier --check (npm run format fixes it)", cmd: "prettier", args: ["--check", "--log-level", "warn", "."] },
];

/** Runs one check with its output kept; resolves to its exit code. */
function run(check) {
  return new Promise((done) => {
    const child = spawn(check.cmd, check.args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", (err) => {
      out += `${err.message}\n`;
    });
    child.on("close", (code) => {
      const status = code ?? 1;
      if (out.trim() || status !== 0) process.stdout.write(`--- ${check.name}: ${status === 0 ? "passed" : `failed (exit ${status})`}\n${out}`);
      done(status);
    });
  });
}

const codes = await Promise.all(checks.map(run));
const failed = checks.filter((_, i) => codes[i] !== 0).map((c) => c.name);
if (failed.length) console.log(`lint failed: ${failed.join(", ")}`);
process.exit(codes.find((c) => c !== 0) ?? 0);
