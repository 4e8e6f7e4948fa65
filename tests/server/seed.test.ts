// Seeding: reference data from the declaration, the loader (explicit ids, wire values, batches,
// sequences), a restart that keeps data, and the demo seed end to end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES, RESOURCE_BY_NAME, resourceByName, type ResolvedResource } from "../../declaration";
import { buildApp } from "../../server/app";
import { MENUS } from "../../server/access/identity";
import { seedBase, syncMenus } from "../../server/seed/base";
import { DEMO_PASSWORD } from "../../server/seed";
import { insertRows, loadStream, loadTables, nextIdTable } from "../../server/seed/load";
import { freshDatabase, setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

describe("reference data", () => {
  it("has a group menu per menu group and a menu per grouped resource, with its route", async () => {
    const menus = await env.db.selectFrom(MENUS.table).selectAll().execute();
    const byAlias = new Map(menus.map((m) => [m.alias, m]));
    for (const g of ["projects", "field", "resources", "safety", "masterData", "company", "sales"]) expect(byAlias.get(g)).toMatchObject({ url: null, parent_id: null });
    for (const r of ALL_RESOURCES.filter((x) => x.group)) {
      const m = byAlias.get(r.name);
      expect(m, r.name).toMatchObject({ url: r.route, parent_id: byAlias.get(r.group!)!.id });
    }
    expect(byAlias.get("map-monitoring")!.url).toBe("/map/view");
    expect(await syncMenus(env.db)).toBe(0);
    await seedBase(env.db); // again at the next start: nothing doubles
    expect(await env.db.selectFrom(MENUS.table).select("id").execute()).toHaveLength(menus.length);
  });

  it("has the currency and issue statuses for every signed-in user", async () => {
    const cur = await env.call(env.viewerA, "GET", "/api/currency/list");
    expect(cur.body.data).toEqual([expect.objectContaining({ code: "IDR", symbol: "Rp", is_default: true, decimal_places: 0 })]);
    const st = await env.call(env.viewerA, "GET", "/api/issue-status/list");
    expect(st.body.data.map((s: { name: string }) => s.name)).toEqual(["Open", "In progress", "Resolved", "Closed"]);
  });
});

describe("the loader", () => {
  it("inserts wire-format rows with explicit ids; new records continue after them", async () => {
    const next = await nextIdTable(env.db);
    const id = next("project-type") + 100;
    await loadTables(env.db, [
      { resource: "project-type", rows: [{ id, company_id: env.companyA, name: "Loaded type", color: "#123456" }] },
      { resource: "divisi", rows: [{ company_id: env.companyA, name: "Loaded divisi" }] },
    ]);
    const got = await env.call(env.adminA, "POST", "/api/project-type/search", { columns: [{ data: "id", value: id, operator: "=" }] });
    expect(got.body.data[0]).toMatchObject({ id, name: "Loaded type", color: "#123456", company_id: env.companyA });
    const added = await env.call(env.adminA, "POST", "/api/project-type/add", { name: "After load" });
    expect(added.body.data.id).toBe(id + 1);
    await expect(insertRows(env.db, "divisi", [{ name: "x", nope: 1 }])).rejects.toThrow(/no field "nope"/);
  });

  it("streams big tables in chunks, storing datetimes as epoch ms", async () => {
    const start = Date.parse("2026-11-21T00:00:00Z");
    const chunks = function* () {
      for (let c = 0; c < 3; c++)
        yield Array.from({ length: 1000 }, (_, i) => ({
          company_id: env.companyA,
          user_id: env.adminA.id,
          wptime: new Date(start + (c * 1000 + i) * 30_000).toISOString(),
          lon: 106.8,
          lat: -6.2,
        }));
    };
    expect(await loadStream(env.db, "waypoint", chunks())).toBe(3000);
    const raw = await env.db.selectFrom("waypoint").select("wptime").orderBy("id").limit(1).executeTakeFirstOrThrow();
    expect(raw.wptime).toBe(start);
    const res = await env.call(env.adminA, "POST", "/api/waypoint/search", {
      paging: { start: 0, length: -1 },
      columns: [
        { data: "user_id", value: env.adminA.id, operator: "=" },
        { data: "wptime", value: "2026-11-21T07:00:00+07:00", value1: "2026-11-21T07:59:59+07:00", operator: "range" },
      ],
      orders: { columns: ["wptime"], ascending: true },
    });
    expect(res.body.recordsFiltered).toBe(120);
    // lon/lat as numeric strings: the contract's user history call (server/custom/monitoring-map.ts).
    expect(res.body.data[0]).toMatchObject({ wptime: "2026-11-21T00:00:00.000Z", lon: "106.8", lat: "-6.2", user_id_label: "Ana Admin" });
  });
});

describe("starting", () => {
  it("keeps the data of an existing database and seeds nothing twice", async () => {
    const { dataDir, databaseUrl, pgSchema } = env.app.services.config;
    const again = await buildApp({ dataDir, databaseUrl, pgSchema, seed: "demo", logger: false });
    try {
      expect(again.seedResult).toEqual({ demo: false, demoData: false });
      const res = await again.inject({ method: "POST", url: "/api/project-type/search", headers: { authorization: `Bearer ${env.adminA.token}` }, payload: {} });
      expect(res.json().recordsFiltered).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
  });

  it("fills an empty database with the demo seed", async () => {
    const fresh = await freshDatabase();
    const app = await buildApp({ ...fresh.options, seed: "demo" });
    try {
      expect(app.seedResult?.demo).toBe(true);
      const login = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: app.seedResult?.demoData ? "admin@demo.test" : "owner@demo.test", password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json().data.token;
      const projects = await app.inject({ method: "POST", url: "/api/project/search", headers: { authorization: `Bearer ${token}` }, payload: {} });
      expect(projects.statusCode).toBe(200);
      if (app.seedResult?.demoData) {
        expect(projects.json().recordsFiltered).toBeGreaterThan(0);
        await everyDemoAccountOpensItsLists(app);
        // Calm: no alarm open, each with its trail as the alarm's page reads it; every purchase has its payment reference.
        const db = app.services.db;
        expect(await db.selectFrom("panic_button").select("id").where("status", "in", ["open", "acknowledged"]).execute()).toEqual([]);
        const [panic] = await db.selectFrom("panic_button").select("id").where("company_id", "=", login.json().data.user.company_id).limit(1).execute();
        const trail = await app.inject({ method: "GET", url: `/api/panic-button/trail/${String(panic.id)}`, headers: { authorization: `Bearer ${token}` } });
        expect(trail.json().data.map((e: { kind: string }) => e.kind)).toEqual(["raised", "delivered", "delivered", "delivered", "acknowledged", "resolved"]);
        expect(await db.selectFrom("product_transaction").select("id").where("payment_reference", "is", null).execute()).toEqual([]);
      }
    } finally {
      await app.close();
      await fresh.cleanup();
    }
  }, 120_000);
});

/**
 * Each demo account, for each list its sider links: the list's search and, for every reference
 * field of the resource, the option search its filter and form selects send. A 403 there would
 * end the session in the web app (the error catalogue), so every one must answer 200.
 */
async function everyDemoAccountOpensItsLists(app: Awaited<ReturnType<typeof buildApp>>) {
  const prefix = (r: ResolvedResource) => (r.service === "legacy" ? "/legacy" : "/api");
  const optionCall = (r: ResolvedResource) => {
    const search = r.operations.find((o) => o.kind === "search");
    // As the web app's select sends it (src/crud/fields/ref.tsx): text labels searched, sortable ones sorted.
    const label = r.fields.find((f) => f.name === r.labelField);
    const text = ["string", "text", "email", "phone", "url"].includes(label?.type ?? "");
    const payload = {
      paging: { start: 0, length: 20 },
      columns: text ? [{ data: r.labelField, operator: "like", value: "a" }] : [],
      ...(label?.sortable ? { orders: { columns: [r.labelField], ascending: true } } : {}),
    };
    if (search) return { method: "POST" as const, url: `${prefix(r)}/${r.path}/${search.path}`, payload };
    const list = r.operations.find((o) => o.kind === "list");
    return list ? { method: "GET" as const, url: `${prefix(r)}/${r.path}/${list.path}` } : null;
  };
  for (const email of ["owner@demo.test", "admin@demo.test", "pm@demo.test", "supervisor@demo.test", "worker1@demo.test", "admin2@demo.test"]) {
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { email, password: DEMO_PASSWORD } });
    expect(login.statusCode, email).toBe(200);
    const { token, menus } = login.json().data as { token: string; menus: { alias: string; url: string | null }[] };
    const headers = { authorization: `Bearer ${token}` };
    const refused: string[] = [];
    for (const m of menus) {
      const r = RESOURCE_BY_NAME.get(m.alias);
      if (!m.url || !r || r.pages?.list) continue; // groups and bespoke pages
      const calls = [optionCall(r), ...r.fields.filter((f) => f.type === "ref" && f.ref).map((f) => optionCall(resourceByName(f.ref!)))];
      for (const c of calls) {
        if (!c) continue;
        const res = await app.inject({ ...c, headers });
        if (res.statusCode !== 200) refused.push(`${m.alias}: ${c.method} ${c.url} → ${res.statusCode}`);
      }
    }
    expect(refused, email).toEqual([]);
  }
}
