// Checks that need the database: refs point at existing records of the same tenant (400),
// unique fields are free (409), and a record is not deleted while others refer to it (409).
import { ALL_RESOURCES, RESOURCE_BY_NAME, type ResolvedField, type ResolvedResource } from "../../declaration";
import type { Actor } from "../access/actor";
import { scopeConds } from "../access/scope";
import { sql, type SqlBool } from "kysely";
import { eq, inList, ne, notInList, whereAll, type Cond } from "../db/conditions";
import type { Db } from "../db/connection";
import { dynamicDb } from "../db/dynamic";
import { encodeValue } from "../db/codec";
import type { FieldErrors } from "../http/errors";

export async function checkRefs(db: Db, actor: Actor, r: ResolvedResource, values: Record<string, unknown>, prefix = ""): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const f of r.fields) {
    const v = values[f.name];
    if (f.type !== "ref" || v === null || v === undefined) continue;
    const target = RESOURCE_BY_NAME.get(f.ref ?? "");
    if (!target?.table) continue;
    const found = await whereAll(dynamicDb(db).selectFrom(target.table).select("id"), [eq("id", v), ...scopeConds(target, actor)]).executeTakeFirst();
    if (!found) errors[prefix + f.name] = { key: "bad_ref" };
  }
  return errors;
}

/** Unique within the company for company-scope resources, platform-wide otherwise. */
export async function checkUnique(db: Db, actor: Actor, r: ResolvedResource, values: Record<string, unknown>, excludeId: number | null, prefix = ""): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!r.table) return errors;
  for (const f of r.fields) {
    const v = values[f.name];
    if (!f.unique || f.virtual || v === null || v === undefined) continue;
    const conds: Cond[] = [eq(f.name, encodeValue(f, v))];
    if (r.scope === "company") conds.push(eq("company_id", actor.companyId));
    if (excludeId !== null) conds.push(ne("id", excludeId));
    const clash = await whereAll(dynamicDb(db).selectFrom(r.table).select("id"), conds).executeTakeFirst();
    if (clash) errors[prefix + f.name] = { key: "not_unique" };
  }
  return errors;
}

/** Every (resource, ref field) that points at `name`: who would be left dangling by a delete. */
const referrers = new Map<string, Array<{ resource: ResolvedResource; field: ResolvedField }>>();
for (const res of ALL_RESOURCES) {
  if (!res.table) continue;
  for (const f of res.fields) {
    if (f.type !== "ref" || !f.ref || f.virtual || f.holds === false) continue;
    const list = referrers.get(f.ref) ?? [];
    list.push({ resource: res, field: f });
    referrers.set(f.ref, list);
  }
}

/** Names of resources holding rows that refer to any of `ids` (other than those rows themselves). */
/** The resources whose rows still refer to any of `ids`, with how many of their rows do (a row referring twice counts once). */
export async function usedBy(db: Db, r: ResolvedResource, ids: number[]): Promise<Array<{ resource: string; count: number }>> {
  const byResource = new Map<ResolvedResource, ResolvedField[]>();
  for (const { resource, field } of referrers.get(r.name) ?? []) byResource.set(resource, [...(byResource.get(resource) ?? []), field]);
  const uses: Array<{ resource: string; count: number }> = [];
  for (const [resource, fields] of byResource) {
    const anyField = sql<SqlBool>`(${sql.join(
      fields.map((f) => inList(f.name, ids)),
      sql` or `,
    )})`;
    const conds: Cond[] = [anyField];
    // Rows deleted together may refer to each other (a parent and its children).
    if (resource.name === r.name) conds.push(notInList("id", ids));
    const row = await whereAll(
      dynamicDb(db)
        .selectFrom(resource.table!)
        .select(sql<number>`count(*)`.as("n")),
      conds,
    ).executeTakeFirst();
    const count = Number(row?.n ?? 0);
    if (count > 0) uses.push({ resource: resource.name, count });
  }
  return uses;
}
