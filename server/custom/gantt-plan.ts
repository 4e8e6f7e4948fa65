// version-gantt PUT save-plan/{id} (beyond the spec, see resources.config.ts): the Gantt's whole
// plan for one version at once.
// Body: { revision, activities: [{ id | key, parent, name, type, start_date, end_date,
//   work_duration?, progress?, code?, weight?, predecessors: [{ id, type, lag? }] }] } in tree
// order (`order` is the position). `id` names a saved activity of this version, `key` a new one;
// `parent` and a predecessor's `id` name either. Activities of the version the plan leaves out
// are deleted (409 when still used elsewhere, nothing changed). All or nothing, in one
// transaction; only rows that differ are written.
// Concurrency: the save names the version's `revision` it was made on; the revision moves on
// with every save (compare-and-set in the same transaction), so a save on an older copy is
// refused with 409 plan_stale instead of overwriting the newer plan.
// Answer: { revision, activities: the version's activities now, in order }.
import { sql, type SqlBool } from "kysely";
import { resourceByName } from "../../declaration";
import { encodeRecord, type Stored } from "../db/codec";
import { eq, inList, whereAll } from "../db/conditions";
import { badRequest, conflict, HttpError, notFound, type FieldErrors } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";
import { validateRecord } from "../validation/record";

const VERSION = resourceByName("version-gantt");
const ACTIVITY = resourceByName("activity");
const LINK_KINDS = ["e2s", "s2s", "e2e", "s2e"];
export const MAX_PLAN_ACTIVITIES = 5000;
const CHUNK = 500;

type Ref = number | string;
interface PlanItem {
  ref: Ref;
  parent: Ref | null;
  values: Record<string, unknown>;
  predecessors: Array<{ ref: Ref; type: string; lag?: number }>;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const refOf = (v: unknown): Ref | undefined => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : typeof v === "string" && v.trim() !== "" ? v : undefined);

registerCustom("version-gantt", "savePlan", async (ctx) => {
  const version = await ctx.store.findOne(VERSION, ctx.store.matchParams(VERSION, ctx.params));
  if (!version) throw notFound();
  await ctx.authorize("update", ACTIVITY);
  const versionId = Number(version.id);
  const body = isObject(ctx.body) ? ctx.body : {};
  const errors: FieldErrors = {};
  const revision = body.revision;
  if (typeof revision !== "number" || !Number.isInteger(revision) || revision < 0) errors.revision = { key: revision === undefined ? "required" : "not_integer" };
  const list = body.activities;
  if (!Array.isArray(list) || list.length > MAX_PLAN_ACTIVITIES) throw badRequest({ ...errors, activities: { key: "items_required", params: { max: MAX_PLAN_ACTIVITIES } } });

  const saved = await ctx.store.rows(ACTIVITY, [eq("version_gantt_id", versionId)]);
  const savedById = new Map(saved.map((r) => [Number(r.id), r]));
  const items: PlanItem[] = [];
  const refs = new Set<Ref>();
  list.forEach((raw, i) => {
    const at = `activities.${i}.`;
    if (!isObject(raw)) {
      errors[`activities.${i}`] = { key: "bad_request" };
      return;
    }
    let ref: Ref | undefined;
    if (raw.id !== undefined && raw.id !== null) {
      ref = typeof raw.id === "number" && savedById.has(raw.id) ? raw.id : undefined;
      if (ref === undefined) errors[`${at}id`] = { key: "bad_plan_ref" };
    } else {
      ref = typeof raw.key === "string" && raw.key.trim() !== "" ? raw.key : undefined;
      if (ref === undefined) errors[`${at}key`] = { key: "required" };
    }
    if (ref !== undefined && refs.has(ref)) errors[`${at}${typeof ref === "number" ? "id" : "key"}`] = { key: "not_unique" };
    if (ref !== undefined) refs.add(ref);
    const input = {
      project_id: version.project_id,
      version_gantt_id: versionId,
      order: i + 1,
      ...pick(raw, ["name", "type", "start_date", "end_date", "work_duration", "progress", "code", "weight"]),
    };
    const checked = validateRecord(ACTIVITY, input, { mode: "create", prefix: at });
    Object.assign(errors, checked.errors);
    const { start_date: start, end_date: end } = checked.values;
    if (typeof start === "string" && typeof end === "string" && end < start) errors[`${at}end_date`] = { key: "too_small", params: { min: start } };
    const predecessors: PlanItem["predecessors"] = [];
    if (raw.predecessors !== undefined && raw.predecessors !== null && !Array.isArray(raw.predecessors)) errors[`${at}predecessors`] = { key: "bad_json" };
    (Array.isArray(raw.predecessors) ? raw.predecessors : []).forEach((p: unknown, j: number) => {
      const pAt = `${at}predecessors.${j}.`;
      const pRef = isObject(p) ? refOf(p.id) : undefined;
      if (pRef === undefined) return void (errors[`${pAt}id`] = { key: "required" });
      const type = isObject(p) && p.type !== undefined ? p.type : "e2s";
      if (typeof type !== "string" || !LINK_KINDS.includes(type)) return void (errors[`${pAt}type`] = { key: "bad_enum", params: { options: LINK_KINDS.join(", ") } });
      const lag = isObject(p) ? p.lag : undefined;
      if (lag !== undefined && lag !== null && !(typeof lag === "number" && Number.isInteger(lag))) return void (errors[`${pAt}lag`] = { key: "not_integer" });
      predecessors.push(typeof lag === "number" && lag !== 0 ? { ref: pRef, type, lag } : { ref: pRef, type });
    });
    items.push({
      ref: ref ?? `#${i}`,
      parent: raw.parent === undefined || raw.parent === null || raw.parent === 0 ? null : (refOf(raw.parent) ?? `#bad${i}`),
      values: checked.values,
      predecessors,
    });
  });
  // References inside the plan: parents and links name activities of this plan, parents without a cycle.
  const parentOf = new Map(items.map((it) => [it.ref, it.parent]));
  items.forEach((it, i) => {
    if (it.parent !== null) {
      if (!refs.has(it.parent) || it.parent === it.ref) errors[`activities.${i}.parent`] = { key: "bad_plan_ref" };
      else {
        let p: Ref | null | undefined = it.parent;
        for (let steps = 0; p !== null && p !== undefined; steps++) {
          if (p === it.ref || steps > items.length) {
            errors[`activities.${i}.parent`] = { key: "bad_plan_ref" };
            break;
          }
          p = parentOf.get(p);
        }
      }
    }
    it.predecessors.forEach((p, j) => {
      if (!refs.has(p.ref) || p.ref === it.ref) errors[`activities.${i}.predecessors.${j}.id`] = { key: "bad_plan_ref" };
    });
  });
  if (Object.keys(errors).length) throw badRequest(errors);

  const next = await ctx.db.transaction().execute(async (trx) => {
    const store = ctx.store.withDb(trx);
    const now = new Date().toISOString();
    // Compare-and-set: only the save made on the current revision moves it on.
    const moved = await whereAll(trx.updateTable(VERSION.table).set({ revision: sql`coalesce(revision, 0) + 1`, updated_at: now }), [
      eq("id", versionId),
      ...store.scope(VERSION),
      sql<SqlBool>`coalesce(revision, 0) = ${revision}`,
    ]).executeTakeFirst();
    if (Number(moved.numUpdatedRows ?? 0) !== 1) throw conflict(undefined, "plan_stale");

    const gone = [...savedById.keys()].filter((id) => !refs.has(id));
    for (let i = 0; i < gone.length; i += CHUNK) {
      // Unhook whatever hangs under a deleted activity first (kept ones get their new parent below),
      // so only uses from elsewhere refuse the delete.
      const part = gone.slice(i, i + CHUNK);
      await trx.updateTable(ACTIVITY.table).set({ parent_id: null }).where("version_gantt_id", "=", versionId).where("parent_id", "in", part).execute();
    }
    if (gone.length) {
      try {
        await store.remove(ACTIVITY, [inList("id", gone)]);
      } catch (e) {
        // Named under `activities`, so a client tells it from the stale-plan 409 (which names no field).
        if (e instanceof HttpError && e.statusCode === 409) throw conflict({ activities: { key: e.key, params: e.params } }, e.key, e.params);
        throw e;
      }
    }

    const idOf = new Map<Ref, number>();
    for (const it of items) if (typeof it.ref === "number") idOf.set(it.ref, it.ref);
    for (const it of items) {
      if (typeof it.ref === "number") continue;
      const row = encodeRecord(ACTIVITY, it.values);
      Object.assign(row, { company_id: ctx.actor.companyId, created_at: now, updated_at: now });
      idOf.set(it.ref, await store.insertRow(ACTIVITY, row));
    }
    for (const it of items) {
      const id = idOf.get(it.ref)!;
      const predecessors = it.predecessors.map((p) => (p.lag ? { id: idOf.get(p.ref)!, type: p.type, lag: p.lag } : { id: idOf.get(p.ref)!, type: p.type }));
      const row: Record<string, Stored> = encodeRecord(ACTIVITY, { ...it.values, parent_id: it.parent === null ? null : idOf.get(it.parent)!, predecessors });
      const before = savedById.get(id) ?? {};
      const changed = typeof it.ref === "string" || Object.entries(row).some(([k, v]) => !sameStored(before[k], v));
      if (!changed) continue;
      row.updated_at = now;
      await trx.updateTable(ACTIVITY.table).set(row).where("id", "=", id).execute();
    }
    return (revision as number) + 1;
  });
  const rows = await ctx.store.rows(ACTIVITY, [eq("version_gantt_id", versionId)], {
    orders: [
      { column: "order", direction: "asc" },
      { column: "id", direction: "asc" },
    ],
  });
  return { revision: next, activities: await ctx.store.present(ACTIVITY, rows) };
});

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** A stored value against a newly encoded one (numbers may come back as strings or floats). */
const sameStored = (a: unknown, b: Stored): boolean =>
  a === null || a === undefined ? b === null : b === null ? false : typeof b === "number" ? Number(a) === b : String(a) === b;
