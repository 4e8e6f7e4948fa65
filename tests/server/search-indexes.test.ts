// Every filter a generated list offers, combined with the list's default order, is served by an
// index (server/db/search-indexes.ts): the database's own planner (EXPLAIN) reads the filter's
// rows from an index range already in the list's order, never scanning the table or sorting.
// On PostgreSQL the planner is told to avoid sequential scans, sorts and bitmap scans (the test
// tables are empty, where a scan would win): a plan that still needs one has no index to serve
// it. Also in the other direction on PostgreSQL, where a direction needs its own index.
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES, resourceNamed, filterKindOf, listFilters, listSortOf, type ResolvedField, type ResolvedResource } from "../../declaration";
import { searchIndexNames } from "../../server/db/ddl";
import { MAX_SEARCH_INDEXES, searchIndexPlan, searchIndexesOf, tenantColumnsOf } from "../../server/db/search-indexes";
import { buildApp } from "../../server/app";
import { RecordStore } from "../../server/records/store";
import { insertRows } from "../../server/seed/load";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

/** The resources whose lists get search indexes (not the big tables declaring maxPageLength). */
const LISTED = ALL_RESOURCES.filter((r) => r.table && !r.maxPageLength && r.operations.some((o) => o.kind === "search"));

/** A filter column of the search body for a field, with a value of its type. */
function column(f: ResolvedField): Record<string, unknown> {
  const kind = filterKindOf(f);
  if (kind === "contains") return { data: f.name, operator: "like", value: "x" };
  if (kind === "between") return { data: f.name, operator: "range", value: "2026-01-01", value1: "2026-12-31" };
  const value = f.type === "enum" ? f.options![0] : f.type === "boolean" ? true : 1;
  return { data: f.name, operator: "=", value };
}

/** The page query the server runs for a body (the store's own plan), as a company's admin (or the owner for platform lists without a tenant). */
async function pageQuery(r: ResolvedResource, body: Record<string, unknown>): Promise<CompiledQuery> {
  const actor = r.scope === "platform" && !tenantColumnsOf(r).length ? env.owner.actor : env.adminA.actor;
  const store = new RecordStore(env.db, actor);
  return store.pageQuery(await store.prepareSearch(r, { paging: { start: 40, length: 20 }, ...body }))!;
}

async function sqlitePlan(q: CompiledQuery): Promise<string[]> {
  const res = await env.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
  return res.rows.map((x) => x.detail);
}

interface PgNode {
  "Node Type": string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PgNode[];
}

async function postgresPlan(q: CompiledQuery): Promise<PgNode[]> {
  return env.db.transaction().execute(async (trx) => {
    for (const setting of ["enable_seqscan", "enable_sort", "enable_incremental_sort", "enable_bitmapscan"])
      await trx.executeQuery(CompiledQuery.raw(`set local ${setting} = off`));
    const res = await trx.executeQuery<{ "QUERY PLAN": Array<{ Plan: PgNode }> }>(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
    const nodes: PgNode[] = [];
    const walk = (n: PgNode) => {
      nodes.push(n);
      n.Plans?.forEach(walk);
    };
    walk(res.rows[0]["QUERY PLAN"][0].Plan);
    return nodes;
  });
}

/** What keeps the plan from being served by an index, or null. */
async function problemOf(r: ResolvedResource, f: ResolvedField | null, ascending: boolean): Promise<string | null> {
  const sort = listSortOf(r).field;
  const q = await pageQuery(r, { columns: f ? [column(f)] : [], orders: { columns: [sort], ascending } });
  const eq = f && filterKindOf(f) === "eq";
  if (env.dialect === "sqlite") {
    const plan = await sqlitePlan(q);
    const text = plan.join(" | ");
    if (/TEMP B-TREE/.test(text)) return `sorts: ${text}`;
    // Without a tenant and in id order, the table itself (its rowid b-tree) is the index.
    const rowidOrder = !tenantColumnsOf(r).length && sort === "id";
    if (!/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(text) && !rowidOrder) return `scans: ${text}`;
    if (eq && !text.includes(`${f.name}=?`)) return `the index does not narrow ${f.name}: ${text}`;
    return null;
  }
  const nodes = await postgresPlan(q);
  const bad = nodes.find((n) => /Sort|Seq Scan/.test(n["Node Type"]));
  if (bad) return `${bad["Node Type"]}: ${nodes.map((n) => n["Node Type"] + (n["Index Name"] ? ` ${n["Index Name"]}` : "")).join(" > ")}`;
  const scan = nodes.find((n) => n["Index Cond"] !== undefined || /Index/.test(n["Node Type"]));
  if (!scan) return `no index: ${nodes.map((n) => n["Node Type"]).join(" > ")}`;
  if (eq && !(scan["Index Cond"] ?? "").includes(f.name)) return `the index (${scan["Index Name"]}) does not narrow ${f.name}: ${scan["Index Cond"]}`;
  return null;
}

describe("search indexes from the declaration", () => {
  it(`plan at most ${MAX_SEARCH_INDEXES} per table (per direction on PostgreSQL)`, () => {
    for (const r of ALL_RESOURCES) {
      const sqlite = searchIndexesOf(r, "sqlite");
      expect(sqlite.length, r.name).toBeLessThanOrEqual(MAX_SEARCH_INDEXES);
      expect(searchIndexesOf(r, "postgres").length, r.name).toBeLessThanOrEqual(2 * MAX_SEARCH_INDEXES);
    }
  });

  it("are the migrated database's (a declaration change comes with a migration)", async () => {
    const have = await searchIndexNames(env.db);
    const want = searchIndexPlan(ALL_RESOURCES, env.dialect).map((ix) => ix.name);
    expect([...have].sort()).toEqual([...want].sort());
  });

  it("serve every filter a list offers in the list's default order", async () => {
    const problems: string[] = [];
    for (const r of LISTED) {
      const ascending = listSortOf(r).order === "asc";
      for (const f of [null, ...listFilters(r)]) {
        const problem = await problemOf(r, f, ascending);
        if (problem) problems.push(`${r.name} ${f?.name ?? "(no filter)"}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("serve the other direction of the default order too", async () => {
    const problems: string[] = [];
    for (const r of LISTED) {
      const ascending = listSortOf(r).order !== "asc";
      for (const f of [null, ...listFilters(r).filter((x) => filterKindOf(x) === "eq")]) {
        const problem = await problemOf(r, f, ascending);
        if (problem) problems.push(`${r.name} ${f?.name ?? "(no filter)"}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.skipIf(process.env.DATABASE_URL)("SQLite: statistics made at start send a search by status and manager to the manager's index", async () => {
    const type = (await env.call(env.adminA, "POST", "/api/project-type/add", { name: "Gedung" })).body.data.id as number;
    const managers = [env.adminA.id, env.viewerA.id];
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      company_id: env.companyA,
      name: `P ${i}`,
      code: `SX-${i}`,
      project_type_id: type,
      manager_id: i % 100 === 0 ? managers[1] : managers[0],
      start_date: "2026-01-01",
      end_date: "2026-12-31",
      status: "in_progress",
    }));
    await env.db.transaction().execute((trx) => insertRows(trx, "project", rows));
    // A server started on this database (as after a deploy): SQLite has no statistics until it runs ANALYZE.
    const again = await buildApp({ dataDir: env.app.services.config.dataDir, seed: false, logger: false });
    try {
      const body = {
        columns: [
          { data: "status", operator: "=", value: "in_progress" },
          { data: "manager_id", operator: "=", value: managers[1] },
        ],
        orders: { columns: ["start_date"], ascending: false },
      };
      const store = new RecordStore(again.services.db, env.adminA.actor);
      const q = store.pageQuery(await store.prepareSearch(resourceNamed("project"), body))!;
      const plan = (await again.services.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows
        .map((x) => x.detail)
        .join(" | ");
      expect(plan).toMatch(/sx_project_manager_id_\w+ \(company_id=\? AND manager_id=\?\)/);
    } finally {
      await again.close();
    }
  });
});
