// The legacy dashboards (/legacy):
// - dashboard-status POST search: counts per status for the company, rows
//   { kind, status, total } for kind
//     "project"      projects by status (every status option, zeros included),
//     "presence"     presence records by presence_status of a day (column `date`: `=`, or
//                    `range` up to 31 days; default today WIB),
//     "panic_button" panic-button presses by status ("open" = not yet handled),
//     "issue"        issues "open" / "closed" (by their issue status's is_closed).
//   A column `kind` (=, in) picks kinds; `status`/`total` filter as declared. Kinds whose
//   resource the actor may not read are left out (the dashboard is open to everyone signed in);
//   presence and panic-button presses count only the rows the actor may see (the row rule).
// - dashboard-proyek GET list and POST search: one row per project
//   { project_id, name, code, status, progress, start_date, end_date, worker_count (active
//     memberships), present_today (members present or late today, WIB, among the presence rows
//     the actor may see), open_issues }.
// Counts are grouped queries (one per figure), never a query per project.
import { sql, type SqlBool } from "kysely";
import { resourceByName, type ResolvedResource } from "../../declaration";
import { between, eq, inList, whereAll, type Cond } from "../db/conditions";
import { badRequest } from "../http/errors";
import type { RecordStore } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import type { OpContext } from "../routes/context";
import { asPage, bodyOf, searchRows, takeColumns, type Column, type Row } from "../records/computed-search";
import { daysOf, wibDate } from "../monitoring/daily";
import { dynamicDb } from "../db/dynamic";

const PROJECT = resourceByName("project");
const PRESENCE = resourceByName("presence");
const PANIC = resourceByName("panic-button");
const ISSUE = resourceByName("issue");
const ISSUE_STATUS = resourceByName("issue-status");
const MEMBERS = resourceByName("user-to-proyek");
const STATUS = resourceByName("dashboard-status");
const DASH_PROJECT = resourceByName("dashboard-proyek");

const optionsOf = (r: ResolvedResource, field: string): readonly string[] => r.fields.find((f) => f.name === field)?.options ?? [];

/** count(*) per value of `column` over the rows the actor may see (tenancy, and the row rule: a count shows no row the actor could not read). */
async function countBy(store: RecordStore, r: ResolvedResource, column: string, conds: Cond[] = []): Promise<Map<string, number>> {
  const rows = await whereAll(
    dynamicDb(store.db)
      .selectFrom(r.table!)
      .select((eb) => [sql.ref(column).as("k"), eb.fn.countAll<number>().as("n")]),
    [...(await store.visibility(r)).conds, ...conds],
  )
    .groupBy(column)
    .execute();
  return new Map(rows.map((x) => [String(x.k), Number(x.n)]));
}

const rowsOf = (kind: string, options: readonly string[], counts: Map<string, number>): Row[] => [
  ...options.map((status) => ({ kind, status, total: counts.get(status) ?? 0 })),
  // Values outside the options (older data) still count.
  ...[...counts.entries()].filter(([k]) => k !== "null" && !options.includes(k)).map(([status, total]) => ({ kind, status, total })),
];

const KINDS = ["project", "presence", "panic_button", "issue"] as const;
type Kind = (typeof KINDS)[number];
const KIND_RESOURCE: Record<Kind, ResolvedResource> = { project: PROJECT, presence: PRESENCE, panic_button: PANIC, issue: ISSUE };

function kindsOf(columns: Column[]): Kind[] {
  let kinds: Kind[] = [...KINDS];
  for (const c of columns) {
    const op = c.operator ?? "=";
    if (c.value === undefined || c.value === "" || c.value === null) continue;
    const list = op === "in" ? (Array.isArray(c.value) ? c.value : String(c.value).split(",")) : op === "=" ? [c.value] : null;
    if (!list) throw badRequest({ columns: { key: "unknown_operator", params: { name: "kind", op: String(op) } } }, "bad_request");
    for (const k of list) if (!KINDS.includes(k as Kind)) throw badRequest({ columns: { key: "bad_search_value", params: { name: "kind" } } }, "bad_request");
    kinds = kinds.filter((k) => list.includes(k));
  }
  return kinds;
}

async function mayRead(ctx: OpContext, r: ResolvedResource): Promise<boolean> {
  try {
    await ctx.authorize("read", r);
    return true;
  } catch {
    return false;
  }
}

registerCustom("dashboard-status", "search", async (ctx) => {
  const { taken, rest } = takeColumns(bodyOf(ctx.body), ["kind", "date"]);
  const kinds = kindsOf(taken.filter((c) => c.data === "kind"));
  const days = daysOf(taken.filter((c) => c.data === "date"));
  const rows: Row[] = [];
  for (const kind of kinds) {
    if (!(await mayRead(ctx, KIND_RESOURCE[kind]))) continue;
    if (kind === "project") rows.push(...rowsOf(kind, optionsOf(PROJECT, "status"), await countBy(ctx.store, PROJECT, "status")));
    if (kind === "presence") {
      const when = days.length ? between("presence_date", days[0], days[days.length - 1]) : eq("presence_date", null);
      rows.push(...rowsOf(kind, optionsOf(PRESENCE, "presence_status"), await countBy(ctx.store, PRESENCE, "presence_status", [when])));
    }
    if (kind === "panic_button") rows.push(...rowsOf(kind, optionsOf(PANIC, "status"), await countBy(ctx.store, PANIC, "status")));
    if (kind === "issue") {
      const byStatus = await countBy(ctx.store, ISSUE, "issue_status_id");
      const closed = new Set((await ctx.store.rows(ISSUE_STATUS, [eq("is_closed", 1)])).map((s) => String(s.id)));
      const counts = new Map<string, number>([
        ["open", 0],
        ["closed", 0],
      ]);
      for (const [id, n] of byStatus) counts.set(closed.has(id) ? "closed" : "open", counts.get(closed.has(id) ? "closed" : "open")! + n);
      rows.push(...rowsOf(kind, ["open", "closed"], counts));
    }
  }
  return asPage(await searchRows(STATUS, rows, { paging: { start: 0, length: -1 }, ...rest }, { lang: ctx.lang }));
});

// ---- dashboard-proyek -----------------------------------------------------------------------

const activeCond = sql<SqlBool>`(${sql.ref("is_active")} is null or ${sql.ref("is_active")} <> 0)`;

async function projectRows(store: RecordStore): Promise<Row[]> {
  const projects = await store.rows(PROJECT, [], {
    orders: [
      { column: "name", direction: "asc" },
      { column: "id", direction: "asc" },
    ],
  });
  if (!projects.length) return [];
  const workers = await countBy(store, MEMBERS, "project_id", [activeCond]);
  const today = wibDate(Date.now());
  const present = await whereAll(
    store.db.selectFrom(PRESENCE.table).select((eb) => ["project_id", eb.fn.count<number>("user_id").distinct().as("n")]),
    [...(await store.visibility(PRESENCE)).conds, eq("presence_date", today), inList("presence_status", ["present", "late"])],
  )
    .groupBy("project_id")
    .execute();
  const presentBy = new Map(present.map((x) => [String(x.project_id), Number(x.n)]));
  const closed = (await store.rows(ISSUE_STATUS, [eq("is_closed", 1)])).map((s) => Number(s.id));
  const open = await countBy(store, ISSUE, "project_id", closed.length ? [sql<SqlBool>`${sql.ref("issue_status_id")} not in (${sql.join(closed)})`] : []);
  return projects.map((p) => ({
    project_id: Number(p.id),
    name: String(p.name),
    code: (p.code as string | null) ?? null,
    status: (p.status as string | null) ?? null,
    progress: p.progress === null ? null : Number(p.progress),
    start_date: (p.start_date as string | null) ?? null,
    end_date: (p.end_date as string | null) ?? null,
    worker_count: workers.get(String(p.id)) ?? 0,
    present_today: presentBy.get(String(p.id)) ?? 0,
    open_issues: open.get(String(p.id)) ?? 0,
  }));
}

registerCustom("dashboard-proyek", "list", async (ctx) => projectRows(ctx.store));

registerCustom("dashboard-proyek", "search", async (ctx) =>
  asPage(
    await searchRows(DASH_PROJECT, await projectRows(ctx.store), ctx.body, {
      defaultOrder: [
        { column: "name", direction: "asc" },
        { column: "project_id", direction: "asc" },
      ],
      labels: { db: ctx.db, actor: ctx.actor },
      lang: ctx.lang,
    }),
  ),
);
