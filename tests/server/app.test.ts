// The app around the API: health, the built web app at `/` (cache headers, compression),
// languages of messages, and the custom-operation registry's checks.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { langOf } from "../../server/i18n/messages";
import { customEntry, registerCustom, registryCheckpoint } from "../../server/routes/custom-registry";
import { loadHandlers } from "../../server/routes/handler-modules";
import { checkingAnswers, takeAnswerFailures } from "./openapi-answers";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  const dist = join(process.env.TMPDIR ?? "/tmp", `fw-dist-${process.pid}-${Date.now()}`);
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Fieldworks</title>");
  writeFileSync(join(dist, "assets", "index-abc123.js"), `console.log(${JSON.stringify("x".repeat(5000))});`);
  env = await setupServer({ distDir: dist });
});
afterAll(async () => {
  await env?.close();
});

describe("the app", () => {
  it("answers health when the database does", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/health" });
    expect(res.json()).toEqual({ status: true });
    expect(res.headers).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "no-referrer" });
  });

  it("serves the built web app: index fresh, hashed assets cached and compressed", async () => {
    const index = await env.app.inject({ method: "GET", url: "/" });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain("<title>Fieldworks</title>");
    expect(index.headers["cache-control"]).toBe("no-cache");
    const asset = await env.app.inject({ method: "GET", url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect(asset.headers["content-encoding"]).toBe("gzip");
    expect((await env.app.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
  });

  it("compresses big JSON answers", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/menu/list", headers: { authorization: `Bearer ${env.owner.token}`, "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(["br", "gzip"]).toContain(res.headers["content-encoding"]);
  });

  it("picks the language of messages from Accept-Language", () => {
    expect(langOf("id-ID,id;q=0.9,en-US;q=0.8")).toBe("id");
    expect(langOf("en-US,en;q=0.9,id;q=0.8")).toBe("en");
    expect(langOf("fr")).toBe("en");
    expect(langOf(undefined)).toBe("en");
  });

  it("registers custom operations only for declared ones: another is a problem the start names", async () => {
    // The registry is the worker's: the next file must meet the declaration's handlers only.
    onTestFinished(registryCheckpoint());
    registerCustom("no-such-resource", "x", () => null);
    registerCustom("folder-document-proyek", "getTreez", () => null);
    const problems = await loadHandlers().catch((e: Error) => e.message);
    expect(problems).toMatch(/no-such-resource\.x: a handler for a resource the declaration does not have/);
    expect(problems).toMatch(/folder-document-proyek\.getTreez: a handler for an operation folder-document-proyek does not declare/);
    expect(customEntry("folder-document-proyek", "getTreez")).toBeUndefined();
  });

  it("lets a registered handler take over an operation, with the actor's tenancy", async () => {
    // A standard operation nobody else replaces (the generic search serves satuan).
    onTestFinished(registryCheckpoint());
    registerCustom("satuan", "search", async (ctx) => ({ company: ctx.actor.companyId, total: (await ctx.store.search(ctx.resource, ctx.body)).recordsFiltered }));
    const res = await env.call(env.adminB, "POST", "/api/satuan/search", {});
    expect(res.body).toEqual({ status: true, data: { company: env.companyB, total: 0 } });
    // That answer is this test's own, not the document's search page: the suite's check of answers would refuse it.
    expect(takeAnswerFailures()).toMatch(checkingAnswers() ? /POST \/api\/satuan\/search 200: \/data must be array/ : /^$/);
    expect((await env.call(env.viewerA, "POST", "/api/satuan/search", {})).status).toBe(403);
  });
});
