// The demo seed's roles see rows as far as their kind (docs/api.md "Access rules"): the team's
// "tried as each role would" check. worker1@demo.test reads only their own attendance, permits
// and selfies; supervisor@demo.test the rows of the projects they are an active member of; the
// company's admin all of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceNamed } from "../../declaration";
import { decodeRow } from "../../server/db/codec";
import { demoServer, type DemoEnv } from "./map-demo-data";
import { dynamicDb } from "../../server/db/dynamic";

let env: DemoEnv;
type Row = Record<string, unknown>;

beforeAll(async () => {
  env = await demoServer();
}, 120_000);
afterAll(async () => {
  await env?.close();
});

async function rowsOf(resource: string): Promise<Row[]> {
  const r = resourceNamed(resource);
  return (await dynamicDb(env.db).selectFrom(r.table!).selectAll().orderBy("id").execute()).map((row) => decodeRow(r, row));
}

const userId = async (email: string) => Number((await env.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id);

async function searchAll(token: string, url: string): Promise<Row[]> {
  const res = await env.app.inject({ method: "POST", url, headers: { authorization: `Bearer ${token}` }, payload: { paging: { start: 0, length: -1 } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row[];
}

const ids = (rows: Row[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);
const active = (m: Row) => m.is_active !== false;

describe("the demo seed's roles", () => {
  it("worker1@demo.test: presence/search and permit/search answer only their own rows, their selfies only", async () => {
    const me = await userId("worker1@demo.test");
    const token = await env.token("worker1@demo.test");
    const presence = await rowsOf("presence");
    const company = presence.find((p) => p.user_id === me)!.company_id;
    const mine = presence.filter((p) => p.user_id === me);
    expect(mine.length).toBeGreaterThan(0);
    expect(presence.filter((p) => p.company_id === company).length).toBeGreaterThan(mine.length);
    expect(ids(await searchAll(token, "/api/presence/search"))).toEqual(ids(mine));

    const permits = await rowsOf("permit");
    expect(ids(await searchAll(token, "/api/permit/search"))).toEqual(ids(permits.filter((p) => p.user_id === me)));

    const selfie = async (name: unknown) =>
      (await env.app.inject({ method: "GET", url: `/api/image/selfie/${String(name)}`, headers: { authorization: `Bearer ${token}` } })).statusCode;
    const own = mine.find((p) => p.image_selfie)!;
    const colleague = presence.find((p) => p.company_id === company && p.user_id !== me && p.image_selfie)!;
    expect(await selfie(own.image_selfie)).toBe(200);
    expect(await selfie(colleague.image_selfie)).toBe(404);
  });

  it("supervisor@demo.test: presence/search answers the rows of their active projects, and of their projects' people without a project", async () => {
    const me = await userId("supervisor@demo.test");
    const token = await env.token("supervisor@demo.test");
    const expected = async () => {
      const members = (await rowsOf("user-to-proyek")).filter(active);
      const projects = new Set(members.filter((m) => m.user_id === me).map((m) => m.project_id));
      const people = new Set(members.filter((m) => projects.has(m.project_id)).map((m) => m.user_id));
      const company = (await rowsOf("human-resource")).find((u) => u.id === me)!.company_id;
      const presence = (await rowsOf("presence")).filter((p) => p.company_id === company);
      const allowed = presence.filter((p) => p.user_id === me || (p.project_id !== null ? projects.has(p.project_id) : people.has(p.user_id)));
      return { projects, allowed, presence };
    };
    const check = async () => {
      const { projects, allowed } = await expected();
      expect(allowed.length).toBeGreaterThan(0);
      const answered = await searchAll(token, "/api/presence/search");
      expect(ids(answered)).toEqual(ids(allowed));
      for (const p of answered) expect(p.user_id === me || projects.has(p.project_id)).toBe(true);
      return answered.length;
    };
    // The demo's supervisor is on every running project: all of the company's attendance is theirs.
    const { presence } = await expected();
    expect(await check()).toBe(presence.length);
    // Off the busiest of them, its rows are no longer theirs to see.
    const counts = new Map<unknown, number>();
    for (const p of presence) counts.set(p.project_id, (counts.get(p.project_id) ?? 0) + 1);
    const busiest = [...counts.entries()].filter(([id]) => id !== null).sort((a, b) => b[1] - a[1])[0][0];
    const membership = () => env.db.updateTable("user_to_proyek").where("user_id", "=", me).where("project_id", "=", Number(busiest));
    await membership().set({ is_active: 0 }).execute();
    try {
      expect(await check()).toBe(presence.length - counts.get(busiest)!);
    } finally {
      await membership().set({ is_active: 1 }).execute();
    }
  });

  it("admin@demo.test: every presence row of the company", async () => {
    const token = await env.token("admin@demo.test");
    const me = await userId("admin@demo.test");
    const company = (await env.db.selectFrom("users").select("company_id").where("id", "=", me).executeTakeFirstOrThrow()).company_id;
    const presence = (await rowsOf("presence")).filter((p) => p.company_id === Number(company));
    expect(ids(await searchAll(token, "/api/presence/search"))).toEqual(ids(presence));
  });

  it("the timesheet: a worker reads their own week only, the supervisor their projects' people, the admin and the PM the company's; only the worker may not approve", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const sheet = async (email: string) => {
      const res = await env.app.inject({ method: "GET", url: `/api/timesheet/search?from=${from}&to=${today}`, headers: { authorization: `Bearer ${await env.token(email)}` } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.people as Array<{ user_id: number; days: Array<{ kind: string }> }>;
    };
    const worker = await userId("worker1@demo.test");
    const own = await sheet("worker1@demo.test");
    expect(own.map((p) => p.user_id)).toEqual([worker]);
    expect(own[0].days).toHaveLength(7);
    expect(own[0].days.some((d) => d.kind === "worked")).toBe(true);
    const crew = await sheet("supervisor@demo.test");
    const company = await sheet("admin@demo.test");
    expect(crew.length).toBeGreaterThan(1);
    expect(company.length).toBeGreaterThan(crew.length);
    expect((await sheet("pm@demo.test")).length).toBe(company.length);
    const approve = async (email: string) =>
      (
        await env.app.inject({
          method: "POST",
          url: "/api/timesheet/approve",
          headers: { authorization: `Bearer ${await env.token(email)}` },
          payload: { user_id: worker, from: "2020-01-06", to: "2020-01-12" },
        })
      ).statusCode;
    expect(await approve("worker1@demo.test")).toBe(403);
    expect(await approve("supervisor@demo.test")).toBe(200);
  });
});
