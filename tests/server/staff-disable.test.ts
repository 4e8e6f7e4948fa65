// Disabling a person (human-resource PUT disable/{id}, enable/{id}): their sessions end at once
// (next request 401, re-enabling does not revive them), their device keys are refused by /osmand,
// each change is a `disable` / `enable` audit entry; nobody disables themselves; another
// company's person is not found; a role without the edit right is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupField, type FieldEnv } from "./field-fixture";
import { PASSWORD } from "./helpers";

let f: FieldEnv;
beforeAll(async () => {
  f = await setupField();
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const seconds = (minutesAgo: number) => Math.floor((Date.now() - minutesAgo * 60_000) / 1000);
const osmand = (key: string, minutesAgo: number) => f.env.app.inject({ method: "GET", url: `/osmand?id=${key}&lat=-6.2&lon=106.8&timestamp=${seconds(minutesAgo)}` });
const login = (email: string) => f.env.app.inject({ method: "POST", url: "/api/login", payload: { email, password: PASSWORD } });
const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

describe("disable and enable a person", () => {
  it("ends their sessions and device keys at once, and records who did it", async () => {
    const admin = f.env.adminA;
    const worker = f.worker;
    const key = (await f.env.call(worker, "POST", "/api/device-key/add", { name: "HP" })).body.data.key as string;
    expect((await osmand(key, 20)).statusCode).toBe(200);
    expect((await f.env.call(worker, "POST", "/api/project/search", {})).status).toBe(200);

    const res = await f.env.call(admin, "PUT", `/api/human-resource/disable/${worker.id}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ id: worker.id, is_active: false });
    expect((await f.env.call(worker, "POST", "/api/project/search", {})).status).toBe(401);
    expect((await osmand(key, 19)).statusCode).toBe(401);
    const tokens = await f.env.db.selectFrom("auth_token").select("revoked_at").where("user_id", "=", worker.id).execute();
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => t.revoked_at !== null)).toBe(true);
    // Twice changes nothing and writes no second entry.
    expect((await f.env.call(admin, "PUT", `/api/human-resource/disable/${worker.id}`)).status).toBe(200);

    const enabled = await f.env.call(admin, "PUT", `/api/human-resource/enable/${worker.id}`);
    expect(enabled.status, enabled.raw).toBe(200);
    expect(enabled.body.data.is_active).toBe(true);
    // The old session stays ended; signing in again works, and so does the device key.
    expect((await f.env.call(worker, "POST", "/api/project/search", {})).status).toBe(401);
    expect((await login(worker.email)).statusCode).toBe(200);
    expect((await osmand(key, 18)).statusCode).toBe(200);

    const { name } = await f.env.db.selectFrom("users").select("name").where("id", "=", worker.id).executeTakeFirstOrThrow();
    const entries = await f.env.db.selectFrom("audit_log").selectAll().where("resource", "=", "human-resource").where("record_id", "=", worker.id).orderBy("id").execute();
    expect(entries.map((e) => [e.kind, json(e.before), json(e.after), Number(e.actor_id), e.record_label])).toEqual([
      ["disable", { is_active: true }, { is_active: false }, admin.id, name],
      ["enable", { is_active: false }, { is_active: true }, admin.id, name],
    ]);
  });

  it("a generic update that turns is_active off ends the sessions too, for good", async () => {
    const other = f.other;
    expect((await f.env.call(other, "POST", "/api/project/search", {})).status).toBe(200);
    expect((await f.env.call(f.env.adminA, "PUT", `/api/human-resource/update/${other.id}`, { is_active: false })).status).toBe(200);
    expect((await f.env.call(f.env.adminA, "PUT", `/api/human-resource/update/${other.id}`, { is_active: true })).status).toBe(200);
    expect((await f.env.call(other, "POST", "/api/project/search", {})).status).toBe(401);
  });

  it("refuses to disable oneself, another company's person, and a role without the edit right", async () => {
    const self = await f.env.call(f.env.adminA, "PUT", `/api/human-resource/disable/${f.env.adminA.id}`);
    expect(self.status).toBe(409);
    expect(self.body.key).toBe("not_self");
    expect((await f.env.call(f.env.adminA, "PUT", `/api/human-resource/update/${f.env.adminA.id}`, { is_active: false })).status).toBe(409);
    expect((await f.env.call(f.env.adminA, "PUT", `/api/human-resource/disable/${f.workerB.id}`)).status).toBe(404);
    expect((await f.env.call(f.env.viewerA, "PUT", `/api/human-resource/disable/${f.supervisor.id}`)).status).toBe(403);
    expect((await f.env.call(f.env.adminA, "POST", "/api/project/search", {})).status).toBe(200);
  });
});
