// Every error answer of every service carries its message key beside the message (docs/api.md
// "Errors"): clients decide by the key, never by the status or the text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

describe("error answers carry their key", () => {
  it.each([
    ["an unknown address under /api", "GET", "/api/no-such-thing", "adminA", 404, "route_not_found"],
    ["an unknown address under /legacy", "GET", "/legacy/no-such-thing", "adminA", 404, "route_not_found"],
    ["an unknown address under /map-service", "GET", "/map-service/no-such-thing", "adminA", 404, "route_not_found"],
    ["no token", "POST", "/api/divisi/search", null, 401, "unauthorized"],
    ["a menu the role lacks", "POST", "/api/divisi/search", "viewerA", 403, "forbidden"],
    ["a platform resource written by a company", "POST", "/api/package-management/add", "adminA", 403, "owner_only"],
    ["another company's record", "GET", "/api/project/edit/999999", "adminA", 404, "not_found"],
  ] as const)("%s: %i %s", async (_what, method, url, who, status, key) => {
    const res = await env.call(who ? env[who] : null, method, url, method === "POST" ? {} : undefined);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ status: false, key });
    expect(typeof res.body.message).toBe("string");
  });

  it("a validation failure: 400 validation_failed with the field named, in the request's language", async () => {
    const res = await env.call(env.adminA, "POST", "/api/divisi/add", { code: "X" }, { "accept-language": "id" });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe("validation_failed");
    expect(res.body.errors).toHaveProperty("name");
    expect(res.body.message).toBe("Beberapa isian tidak valid.");
  });

  it("bad JSON: 400 bad_request", async () => {
    const res = await env.app.inject({
      method: "POST",
      url: "/api/divisi/search",
      payload: "{not json",
      headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, key: "bad_request" });
  });

  it("a wrong password: 401 login_failed", async () => {
    const res = await env.call(null, "POST", "/api/login", { email: "admin@alpha.test", password: "not-the-password" });
    expect(res.status).toBe(401);
    expect(res.body.key).toBe("login_failed");
  });
});
