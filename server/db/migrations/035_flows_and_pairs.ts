// Migration 035 (issue 28 "flows declared once", issue 30 "stock"):
// - A join's pair is stored once (declaration `uniqueKey`): a person on a project (user_to_proyek),
//   a member of a Gantt version (user_to_version_gantt), a checklist on a project
//   (project_to_checklist_k3), a menu of a company (menu_company). Rows repeating a pair are
//   removed first, keeping one per pair: an active one (is_active not false) where the table has
//   the flag, then the oldest (lowest id); then a unique index per pair.
// - material_resource.stock goes: a material's on-hand figure is computed from its requests'
//   receipts on every read (declaration/requests.ts stockOf), like stock in and out.
import type { Db } from "../connection";
import { createIndex } from "../ddl";
import { indexName } from "../schema-plan";
import { dynamicDb } from "../dynamic";

export const PAIRS: Array<{ table: string; key: [string, string]; active: boolean }> = [
  { table: "user_to_proyek", key: ["user_id", "project_id"], active: true },
  { table: "user_to_version_gantt", key: ["version_gantt_id", "user_id"], active: false },
  { table: "project_to_checklist_k3", key: ["project_id", "checklist_k3_id"], active: false },
  { table: "menu_company", key: ["company_id", "menu_id"], active: true },
];

const isOff = (v: unknown): boolean => v === false || v === 0 || v === "0";

/** The ids of the rows repeating a pair, all but the one kept (active first, then the oldest). */
export async function repeatedPairs(db: Db, p: (typeof PAIRS)[number]): Promise<number[]> {
  const rows = await dynamicDb(db)
    .selectFrom(p.table)
    .select(["id", ...p.key, ...(p.active ? ["is_active"] : [])])
    .orderBy("id")
    .execute();
  const kept = new Map<string, { id: number; off: boolean }>();
  const drop: number[] = [];
  for (const r of rows as Array<Record<string, unknown>>) {
    if (r[p.key[0]] === null || r[p.key[1]] === null) continue;
    const key = `${String(r[p.key[0]])}:${String(r[p.key[1]])}`;
    const me = { id: Number(r.id), off: p.active && isOff(r.is_active) };
    const first = kept.get(key);
    if (!first) kept.set(key, me);
    else if (first.off && !me.off) {
      drop.push(first.id);
      kept.set(key, me);
    } else drop.push(me.id);
  }
  return drop;
}

export async function up(db: Db): Promise<void> {
  for (const p of PAIRS) {
    const drop = await repeatedPairs(db, p);
    for (let i = 0; i < drop.length; i += 500)
      await dynamicDb(db)
        .deleteFrom(p.table)
        .where("id", "in", drop.slice(i, i + 500))
        .execute();
    await createIndex(db, p.table, { name: indexName("ux", p.table, p.key), columns: p.key, unique: true });
  }
  await db.schema.alterTable("material_resource").dropColumn("stock").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("material_resource").addColumn("stock", "double precision").execute();
  for (const p of PAIRS) await db.schema.dropIndex(indexName("ux", p.table, p.key)).execute();
}
