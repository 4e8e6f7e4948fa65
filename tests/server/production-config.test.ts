// Production refuses unsafe defaults (server/config.ts productionProblems): with
// NODE_ENV=production the server does not start while the payment callback's key, the signed
// links' key or the mails' address is missing, the development secret or too short, and says
// which in plain words (no stack); an empty production database is seeded with nothing unless
// SEED=demo is asked for. The README's configuration section names every such setting.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { ConfigError, DEV_PAYMENT_WEBHOOK_SECRET, loadConfig, productionProblems } from "../../server/config";

const GOOD = {
  NODE_ENV: "production",
  PAYMENT_WEBHOOK_SECRET: "gateway-given-secret-0123456789",
  LINK_SECRET: "f".repeat(64),
  APP_URL: "https://fieldworks.example.com",
};

describe("production settings", () => {
  it("names each missing, development or too short secret and the missing mail address", () => {
    expect(productionProblems(GOOD)).toEqual([]);
    const none = productionProblems({ NODE_ENV: "production" });
    expect(none).toHaveLength(3);
    expect(none[0]).toMatch(/^PAYMENT_WEBHOOK_SECRET is not set/);
    expect(none[1]).toMatch(/^LINK_SECRET is not set/);
    expect(none[2]).toMatch(/^APP_URL is not set/);
    expect(productionProblems({ ...GOOD, PAYMENT_WEBHOOK_SECRET: DEV_PAYMENT_WEBHOOK_SECRET })).toEqual([
      "PAYMENT_WEBHOOK_SECRET is the development secret printed in the README: set your own.",
    ]);
    expect(productionProblems({ ...GOOD, LINK_SECRET: "short" })).toEqual(["LINK_SECRET is shorter than 16 characters."]);
  });

  it("buildApp refuses to start in production without them, before opening the database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fw-prod-"));
    try {
      for (const missing of ["PAYMENT_WEBHOOK_SECRET", "LINK_SECRET", "APP_URL"] as const) {
        const env: Record<string, string> = { ...GOOD };
        delete env[missing];
        const started = buildApp({ env, dataDir, seed: false, logger: false });
        await expect(started).rejects.toBeInstanceOf(ConfigError);
        await expect(started).rejects.toThrow(missing);
      }
      expect(existsSync(join(dataDir, "fieldworks.db"))).toBe(false);
      // Outside production the development defaults still run the demo.
      const dev = await buildApp({ env: { NODE_ENV: "development" }, dataDir, seed: false, logger: false });
      expect(dev.services.config.paymentWebhookSecret).toBe(DEV_PAYMENT_WEBHOOK_SECRET);
      await dev.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("seeds nothing in production unless SEED=demo is asked for", () => {
    expect(loadConfig(GOOD).seed).toBe("none");
    expect(loadConfig({ ...GOOD, SEED: "demo" }).seed).toBe("demo");
    expect(loadConfig({}).seed).toBe("demo");
  });

  it("npm run server stops with the message and exit code 1", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fw-prod-"));
    try {
      const { DATABASE_URL: _db, PAYMENT_WEBHOOK_SECRET: _p, LINK_SECRET: _l, APP_URL: _a, ...rest } = process.env;
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        env: { ...rest, NODE_ENV: "production", DATA_DIR: dataDir, PORT: "0", WORKERS: "1", PAYMENT_WEBHOOK_SECRET: DEV_PAYMENT_WEBHOOK_SECRET },
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((res) => child.on("exit", res));
      expect(code).toBe(1);
      expect(stderr).toContain("NODE_ENV=production, and the server does not start with development defaults:");
      expect(stderr).toContain("PAYMENT_WEBHOOK_SECRET is the development secret");
      expect(stderr).toContain("LINK_SECRET is not set");
      expect(stderr).toContain("APP_URL is not set");
      expect(stderr).not.toMatch(/\n\s+at /); // no stack
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("the README's configuration section names every setting production must set", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5));
    const named = productionProblems({ NODE_ENV: "production" }).map((p) => p.split(" ")[0]);
    const production = section.slice(section.indexOf("Production"));
    for (const name of named) expect(production, name).toContain(`\`${name}\``);
  });
});
