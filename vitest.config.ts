import react from "@vitejs/plugin-react";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

type ProjectConfig = NonNullable<TestProjectInlineConfiguration["test"]>;

// Three suites: the web app in jsdom (against msw), the server in node (temporary
// databases), and the browser suite (the built app and the real server, in Chromium).
// A test that asserts nothing fails (requireAssertions); a test for one database is skipped on the other.
/** The web suites' settings (jsdom against msw), shared by "web" and "web-fresh". */
const WEB = {
  expect: { requireAssertions: true },
  environment: "jsdom",
  setupFiles: ["tests/web/setup.ts"],
  testTimeout: 60000,
  // One copy of react-router: @refinedev/react-router's CJS build would load its own.
  server: { deps: { inline: ["@refinedev/react-router"] } },
} satisfies ProjectConfig;

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one file at a time,
    // most of it waiting on a database, a browser or a timer. Two files at once (a browser file
    // beside a server or web file, or two of those).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          expect: { requireAssertions: true },
          environment: "node",
          include: ["tests/unit/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          ...WEB,
          name: "web",
          include: ["tests/web/**/*.test.{ts,tsx}"],
          // A worker runs its files one after another in one module graph and one jsdom (importing
          // antd and Refine afresh for each file was about half the suite's time); tests/web/setup.ts
          // puts back what a test changes of the page (storage, hash, language, timers, handlers).
          // A file about what a fresh page does (what its first screen imports, the language it
          // starts in) or that replaces an app module (vi.mock) is named *.fresh.test.* and runs in
          // a graph of its own (web-fresh).
          exclude: ["tests/web/**/*.fresh.test.{ts,tsx}"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...WEB, name: "web-fresh", include: ["tests/web/**/*.fresh.test.{ts,tsx}"] },
      },
      {
        extends: true,
        test: {
          name: "server",
          expect: { requireAssertions: true },
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          // The suites send thousands of requests a minute on a few tokens from one address: no
          // request limits (RATE_LIMITS_OFF of server/config.ts; tests/server/rate-limit.test.ts sets its own).
          // No sweep on a timer either (escalations, missed clock-ins): a fixture's open panic would be
          // escalated mid-file whenever a file runs longer than a tick; the tests call the sweep's steps
          // themselves with the time they mean (tests/server/live-panic.test.ts).
          // Every JSON answer is checked against the OpenAPI document (tests/server/openapi-answers.ts; "0" turns it off).
          env: {
            RATE_LIMIT_PER_TOKEN: "0",
            RATE_LIMIT_PER_DEVICE: "0",
            RATE_LIMIT_PER_IP: "0",
            LIVE_SWEEP_MS: "0",
            OPENAPI_CHECK_ANSWERS: process.env.OPENAPI_CHECK_ANSWERS ?? "1",
          },
          setupFiles: ["tests/server/setup.ts"],
          // A worker runs its files one after another in one module graph instead of importing the
          // server afresh for each (about half the suite's time went to that). A file that changes
          // what the worker shares puts it back: the handler registry (registryCheckpoint), the
          // declaration, spies (restored before each test) and fake timers.
          isolate: false,
          restoreMocks: true,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          // expect.poll waits for a state in the browser: its default 1 s gives up before a busy
          // machine's page gets there (the admin's home "never fell quiet"); the test's own bound
          // is the limit that matters.
          expect: { poll: { timeout: 30_000 } },
          testTimeout: 120000,
          hookTimeout: 300000,
          // Two files at once (maxWorkers), each worker with one module graph and one Chromium for
          // its files, one after another (tests/e2e/support/harness.ts); each file still has its own
          // server and database, each test its own contexts. One file at a time left a core idle
          // about half of the time (the page waits on the server and the server on the page).
          isolate: false,
        },
      },
    ],
  },
});
