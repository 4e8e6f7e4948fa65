// A search's counts past COUNT_ESTIMATE.above rows (server/records/count-estimates.ts): exact
// until the table is written, then the last exact count, marked `estimated` in the envelope,
// recounted in the background once it is older than refreshMs; small counts, and a page that
// ends the result, stay exact.
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { COUNT_ESTIMATE } from "../../server/cache";
import { insertRows } from "../../server/seed/load";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let typeId = 0;
const BIG = COUNT_ESTIMATE.above + 5;
const ON_HOLD = 3;

beforeAll(async () => {
  env = await setupServer();
  typeId = (await env.call(env.adminA, "POST", "/api/project-type/add", { name: "Gedung" })).body.data.id;
  const rows = Array.from({ length: BIG }, (_, i) => ({
    company_id: env.companyA,
    name: `Proyek ${i}`,
    code: `P-${i}`,
    project_type_id: typeId,
    start_date: `20${String(10 + (i % 15)).padStart(2, "0")}-0${1 + (i % 9)}-1${i % 10}`,
    end_date: "2030-01-01",
    status: i < ON_HOLD ? "on_hold" : "in_progress",
  }));
  await env.db.transaction().execute((trx) => insertRows(trx, "project", rows));
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const search = async (as: FixtureUser, body: Record<string, unknown> = {}) => {
  const res = await env.call(as, "POST", "/api/project/search", { paging: { start: 0, length: 10 }, ...body });
  expect(res.status).toBe(200);
  return res.body as { data: unknown[]; recordsTotal: number; recordsFiltered: number; estimated?: string[] };
};
let added = 0;
const addProject = async () => {
  added++;
  const res = await env.call(env.adminA, "POST", "/api/project/add", {
    name: `Baru ${added}`,
    code: `NEW-${added}`,
    project_type_id: typeId,
    start_date: "2026-02-01",
    end_date: "2026-03-01",
    status: "in_progress",
  });
  expect(res.status).toBe(200);
};
const onHold = { columns: [{ data: "status", operator: "=", value: "on_hold" }] };

describe("search counts past COUNT_ESTIMATE.above", () => {
  it("are exact until the table is written", async () => {
    const a = await search(env.adminA);
    expect(a.recordsFiltered).toBe(BIG);
    expect(a.recordsTotal).toBe(BIG);
    expect(a).not.toHaveProperty("estimated");
  });

  it("stay exact and kept across updates of columns they do not read, and follow those they do (the API, another connection)", async () => {
    const onHoldCounted = { ...onHold, paging: { start: 0, length: 1 } };
    const byId = (res: { data: unknown[] }, id: number) => (res.data as Array<{ id: number; progress: number | null }>).find((p) => p.id === id);
    const first = await search(env.adminA);
    const id = (first.data[0] as { id: number }).id;
    expect((await search(env.adminA, onHoldCounted)).recordsFiltered).toBe(ON_HOLD);
    const update = async (values: Record<string, unknown>) => expect((await env.call(env.adminA, "PUT", `/api/project/update/${id}`, values)).status).toBe(200);
    const other = env.app.services.handle.dialect === "sqlite" ? new SQLite(join(env.app.services.config.dataDir, "fieldworks.db")) : null;
    const elsewhere = (column: string, value: unknown) => other?.prepare(`update project set ${column} = ? where id = ?`).run(value, id);
    try {
      // An update of the progress: the page is read anew, the counts (which read status and company) stay exact.
      await update({ progress: 42 });
      const all = await search(env.adminA);
      expect(byId(all, id)?.progress).toBe(42);
      expect(all.recordsFiltered).toBe(BIG);
      expect(all).not.toHaveProperty("estimated");
      // An update of the status: the count of a status follows it at once; the count of all stays exact.
      await update({ status: "on_hold" });
      expect(await search(env.adminA, onHoldCounted)).toMatchObject({ recordsFiltered: ON_HOLD + 1, recordsTotal: BIG });
      expect(await search(env.adminA)).not.toHaveProperty("estimated");
      await update({ status: "in_progress" });
      expect((await search(env.adminA, onHoldCounted)).recordsFiltered).toBe(ON_HOLD);
      if (other) {
        // The same for another process's commits on the file (a second worker, a CLI).
        elsewhere("progress", 7);
        const seen = await search(env.adminA);
        expect(byId(seen, id)?.progress).toBe(7);
        expect(seen).not.toHaveProperty("estimated");
        elsewhere("status", "on_hold");
        expect((await search(env.adminA, onHoldCounted)).recordsFiltered).toBe(ON_HOLD + 1);
        elsewhere("status", "in_progress");
        expect((await search(env.adminA, onHoldCounted)).recordsFiltered).toBe(ON_HOLD);
      }
    } finally {
      other?.close();
    }
  });

  it("after a write answer the last exact count, marked as an estimate; small counts stay exact", async () => {
    await search(env.adminA, onHold);
    await addProject();
    const all = await search(env.adminA);
    expect(all.recordsFiltered).toBe(BIG);
    expect(all.estimated).toEqual(["recordsTotal", "recordsFiltered"]);
    const few = await search(env.adminA, onHold);
    expect(few.recordsFiltered).toBe(ON_HOLD);
    expect(few.recordsTotal).toBe(BIG);
    expect(few.estimated).toEqual(["recordsTotal"]);
    // The rows themselves are read anew: the new project heads its start-date page.
    const page = await search(env.adminA, { orders: { columns: ["start_date"], ascending: false }, columns: [{ data: "start_date", operator: ">=", value: "2026-01-01" }] });
    expect((page.data[0] as { name: string }).name).toBe("Baru 1");
    expect(page.recordsFiltered).toBe(1);
    expect(page.estimated).toEqual(["recordsTotal"]);
  });

  it("a page that ends the result counts exactly, however deep", async () => {
    await addProject();
    const total = BIG + added;
    const last = await search(env.adminA, { paging: { start: total - 4, length: 10 } });
    expect(last.data).toHaveLength(4);
    expect(last.recordsFiltered).toBe(total);
    expect(last.estimated ?? []).not.toContain("recordsFiltered");
  });

  it("are recounted once older than refreshMs, then exact again until the next write", async () => {
    await addProject();
    expect((await search(env.adminA)).estimated).toBeDefined();
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + COUNT_ESTIMATE.refreshMs + 1);
    const stale = await search(env.adminA);
    expect(stale.estimated).toEqual(["recordsTotal", "recordsFiltered"]);
    // The recount runs after the answer went out.
    await vi.waitFor(async () => expect(await search(env.adminA)).not.toHaveProperty("estimated"), { timeout: 5000, interval: 50 });
    expect((await search(env.adminA)).recordsFiltered).toBe(BIG + added);
  });

  it("are per company: another company's small list is exact", async () => {
    await addProject();
    const b = await search(env.adminB);
    expect(b.recordsFiltered).toBe(0);
    expect(b).not.toHaveProperty("estimated");
  });
});
