// Request limits (server/http/rate-limit.ts, docs/api.md "Request limits"): per bearer token on
// the services, per device key on /osmand, per client IP without a valid token or key (a made-up
// one counts on the IP: issue 28 item 7). The N+1-th request of a window answers 429
// `rate_limited` in the envelope with Retry-After; another token, key or IP is not limited; the
// window frees. The suite's other files run with the limits off (vitest.config.ts).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken, sha256 } from "../../server/auth/tokens";
import { tokenKey } from "../../server/http/rate-limit";
import { setupServer, type TestEnv } from "./helpers";

const PER_TOKEN = 5;
const PER_IP = 4;
const PER_DEVICE = 3;

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer({ rateLimitPerToken: PER_TOKEN, rateLimitPerIp: PER_IP, rateLimitPerDevice: PER_DEVICE, rateLimitWindowMs: 60_000 });
});
afterAll(async () => {
  await env?.close();
});

/** A fresh token of company A's admin: each test counts from zero. */
const freshToken = async (e: TestEnv = env) => (await issueToken(e.db, e.adminA.id, 1)).token;

const search = (e: TestEnv, token: string, o: { ip?: string; lang?: string } = {}) =>
  e.app.inject({
    method: "POST",
    url: "/api/divisi/search",
    payload: {},
    headers: { authorization: `Bearer ${token}`, ...(o.lang ? { "accept-language": o.lang } : {}) },
    ...(o.ip ? { remoteAddress: o.ip } : {}),
  });

const statuses = async (n: number, call: () => Promise<{ statusCode: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call()).statusCode);
  return out;
};

describe("per token (/api, /legacy, /map-service)", () => {
  it(`allows ${PER_TOKEN} requests a window, the next answers 429 rate_limited in the envelope with Retry-After`, async () => {
    const token = await freshToken();
    expect(await statuses(PER_TOKEN, () => search(env, token))).toEqual(Array(PER_TOKEN).fill(200));
    const over = await search(env, token);
    expect(over.statusCode).toBe(429);
    const retry = Number(over.headers["retry-after"]);
    expect(Number.isInteger(retry) && retry >= 1 && retry <= 60, String(over.headers["retry-after"])).toBe(true);
    expect(over.json()).toEqual({ status: false, key: "rate_limited", message: `Too many requests. Please try again in ${retry} s.` });
    // The security headers are on the refusal too.
    expect(over.headers["x-content-type-options"]).toBe("nosniff");
    const id = await search(env, token, { lang: "id" });
    expect(id.statusCode).toBe(429);
    expect(id.json().message).toMatch(/^Terlalu banyak permintaan\. Silakan coba lagi dalam \d+ detik\.$/);
  });

  it("another token is not limited, and the limited token stays limited from another address", async () => {
    const busy = await freshToken();
    await statuses(PER_TOKEN + 1, () => search(env, busy));
    expect((await search(env, busy, { ip: "10.9.9.9" })).statusCode).toBe(429);
    const other = await freshToken();
    expect((await search(env, other)).statusCode).toBe(200);
    // The same user's other session counts on its own too (the limit is the token's, not the user's).
    expect((await search(env, env.adminA.token)).statusCode).toBe(200);
  });

  it("one count over every service of the token: /api, /legacy and /map-service together", async () => {
    const token = await freshToken();
    const auth = { authorization: `Bearer ${token}` };
    const calls = [
      () => env.app.inject({ method: "POST", url: "/api/divisi/search", payload: {}, headers: auth }),
      () => env.app.inject({ method: "GET", url: "/legacy/no-such-thing", headers: auth }),
      () => env.app.inject({ method: "GET", url: "/map-service/no-such-thing", headers: auth }),
    ];
    const got: number[] = [];
    for (let i = 0; i < PER_TOKEN; i++) got.push((await calls[i % 3]()).statusCode);
    expect(got).not.toContain(429);
    expect((await calls[1]()).statusCode).toBe(429);
    expect((await calls[2]()).statusCode).toBe(429);
  });

  it("an unknown token counts on the client IP, before the session is looked up: 401, then 429; a valid token from that address is still served", async () => {
    const unknown = "x".repeat(43);
    const ip = "10.5.5.5";
    expect(await statuses(PER_IP, () => search(env, unknown, { ip }))).toEqual(Array(PER_IP).fill(401));
    const over = await search(env, unknown, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().key).toBe("rate_limited");
    expect((await search(env, env.adminA.token, { ip })).statusCode).toBe(200);
  });

  it("a made-up token on each request does not escape the IP's limit (reset-password guesses: 429 after the IP's number)", async () => {
    const ip = "10.6.6.6";
    const guess = (withToken: boolean) =>
      env.app.inject({
        method: "POST",
        url: "/api/reset-password",
        payload: { token: randomBytes(32).toString("base64url"), password: "a-new-password-1" },
        headers: withToken ? { authorization: `Bearer ${randomBytes(32).toString("base64url")}` } : {},
        remoteAddress: ip,
      });
    const got = await statuses(PER_IP + 3, () => guess(true));
    expect(got.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(400));
    expect(got.slice(PER_IP)).toEqual([429, 429, 429]);
    // Without a header it was limited as well: the same count.
    expect((await guess(false)).statusCode).toBe(429);
    expect((await guess(true)).statusCode).toBe(429);
  });

  it("a valid token this process has not seen yet counts its first request on the IP, then on itself", async () => {
    // A session made elsewhere (another server process issued it): not seen valid here yet.
    const token = randomBytes(32).toString("base64url");
    await env.db
      .insertInto("auth_token")
      .values({
        token_hash: sha256(token),
        user_id: env.adminA.id,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        revoked_at: null,
      })
      .execute();
    const ip = "10.8.8.8";
    const health = () => env.app.inject({ method: "GET", url: "/api/health", remoteAddress: ip });
    expect(await statuses(PER_TOKEN + 1, () => search(env, token, { ip }))).toEqual(Array(PER_TOKEN + 1).fill(200));
    expect((await search(env, token, { ip })).statusCode).toBe(429);
    // The first one took one of the IP's requests, no more.
    expect(await statuses(PER_IP - 1, health)).toEqual(Array(PER_IP - 1).fill(200));
    expect((await health()).statusCode).toBe(429);
  });

  it("keys on the token's hash, never on the token", () => {
    const token = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    expect(tokenKey(token)).not.toContain(token);
    expect(tokenKey(token)).toBe(tokenKey(token));
    expect(tokenKey(token)).not.toBe(tokenKey(`${token}x`));
  });
});

describe("per IP without a token", () => {
  it(`allows ${PER_IP} requests a window from one address, then 429; another address is not limited`, async () => {
    const health = (ip: string) => env.app.inject({ method: "GET", url: "/api/health", remoteAddress: ip });
    expect(await statuses(PER_IP, () => health("10.1.1.1"))).toEqual(Array(PER_IP).fill(200));
    const over = await health("10.1.1.1");
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: false, key: "rate_limited" });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await health("10.1.1.2")).statusCode).toBe(200);
    // A signed-in request from the limited address counts on its token instead.
    expect((await search(env, await freshToken(), { ip: "10.1.1.1" })).statusCode).toBe(200);
  });

  it("counts login attempts too, before the login throttle's own count", async () => {
    const login = () => env.app.inject({ method: "POST", url: "/api/login", payload: { email: "admin@alpha.test", password: "wrong-password" }, remoteAddress: "10.2.2.2" });
    expect(await statuses(PER_IP, login)).toEqual(Array(PER_IP).fill(401));
    const over = await login();
    expect(over.statusCode).toBe(429);
    expect(over.json().key).toBe("rate_limited");
  });
});

describe("per device key (/osmand)", () => {
  let keys: string[];
  beforeAll(async () => {
    const admin = await freshToken();
    keys = [];
    for (const name of ["HP 1", "HP 2"]) {
      const res = await env.app.inject({ method: "POST", url: "/api/device-key/add", payload: { name }, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode, res.body).toBe(200);
      keys.push(res.json().data.key);
    }
  });

  const position = (key: string, i: number, o: { ip?: string } = {}) =>
    env.app.inject({
      method: "GET",
      url: `/osmand?id=${key}&lat=-6.2&lon=106.8&timestamp=${Math.floor(Date.now() / 1000) - 60 + i}`,
      ...(o.ip ? { remoteAddress: o.ip } : {}),
    });

  it(`allows ${PER_DEVICE} positions a window from one key, then 429 with Retry-After; another key is not limited`, async () => {
    const got: number[] = [];
    for (let i = 0; i < PER_DEVICE; i++) got.push((await position(keys[0], i)).statusCode);
    expect(got).toEqual(Array(PER_DEVICE).fill(200));
    const over = await position(keys[0], PER_DEVICE, { ip: "10.3.3.3" });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: false, key: "rate_limited" });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // Nothing stored from the refused position.
    const stored = await env.db.selectFrom("waypoint").select("id").where("user_id", "=", env.adminA.id).execute();
    expect(stored).toHaveLength(PER_DEVICE);
    expect((await position(keys[1], 0)).statusCode).toBe(200);
  });

  it("unknown device keys count per client IP: each a new key, 401 up to the IP's number, then 429 without a lookup; a real key from that IP is still taken", async () => {
    const ip = "10.7.7.7";
    const made = () => position(randomBytes(15).toString("hex").slice(0, 24), 0, { ip });
    expect(await statuses(PER_IP, made)).toEqual(Array(PER_IP).fill(401));
    const over = await made();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: false, key: "rate_limited" });
    // Another address is not limited by it.
    expect((await position(randomBytes(12).toString("hex"), 0, { ip: "10.7.7.8" })).statusCode).toBe(401);
    // A real key counts on itself, from that address too.
    expect((await position(keys[1], 10, { ip })).statusCode).toBe(200);
    // A key made by another server process counts its first position on the IP (here: over), then on itself.
    const elsewhere = randomBytes(12).toString("hex");
    const row = await env.db.selectFrom("device_key").selectAll().where("key_hash", "=", sha256(keys[1])).executeTakeFirstOrThrow();
    await env.db
      .insertInto("device_key")
      .values({ ...row, id: undefined, key_hash: sha256(elsewhere), name: "made elsewhere" })
      .execute();
    expect((await position(elsewhere, 0, { ip })).statusCode).toBe(429);
    expect((await position(elsewhere, 1, { ip: "10.7.7.9" })).statusCode).toBe(200);
    expect((await position(elsewhere, 2, { ip })).statusCode).toBe(200);
  });

  it("a form POST is counted by the key in its body", async () => {
    const form = (key: string) =>
      env.app.inject({
        method: "POST",
        url: "/osmand",
        payload: `id=${key}&lat=-6.2&lon=106.8&timestamp=${Math.floor(Date.now() / 1000) - 30}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    // keys[1] has used two of its requests above.
    const got: number[] = [];
    for (let i = 2; i < PER_DEVICE; i++) got.push((await form(keys[1])).statusCode);
    expect(got).toEqual(Array(PER_DEVICE - 2).fill(200));
    expect((await form(keys[1])).statusCode).toBe(429);
  });
});

describe("the window", () => {
  let short: TestEnv;
  beforeAll(async () => {
    short = await setupServer({ rateLimitPerToken: 2, rateLimitPerIp: 0, rateLimitPerDevice: 0, rateLimitWindowMs: 1500 });
  });
  afterAll(async () => {
    await short?.close();
  });

  it("frees after its time: the limited token is answered again", async () => {
    const token = await freshToken(short);
    expect(await statuses(2, () => search(short, token))).toEqual([200, 200]);
    const over = await search(short, token);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await search(short, token)).statusCode).toBe(200);
  });

  it("0 turns a limit off", async () => {
    const health = () => short.app.inject({ method: "GET", url: "/api/health", remoteAddress: "10.4.4.4" });
    expect(await statuses(20, health)).toEqual(Array(20).fill(200));
  });
});
