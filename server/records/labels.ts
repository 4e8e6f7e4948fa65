// `F_label` for every ref field F of a page of records: one batched query per ref field for
// the labels not cached yet, within the tenancy of the target (a label of another company's
// record is never shown).
import { RESOURCE_BY_NAME, refLabelOf, type ResolvedField, type ResolvedResource } from "../../declaration";
import type { Actor } from "../access/actor";
import { scopeConds } from "../access/scope";
import { inList, whereAll } from "../db/conditions";
import type { Db } from "../db/connection";
import { dynamicDb } from "../db/dynamic";
import { decodeValue } from "../db/codec";
import { cachedByIds, LABEL_CACHE } from "../cache";

const CHUNK = 500;
const byName = RESOURCE_BY_NAME as Map<string, ResolvedResource>;

/**
 * id → label of the target records of a ref field. A label that is itself a ref is resolved
 * once more. Cached by target record (server/cache.ts): dropped when the target's table (or
 * the inner label's) is written; what a tenant may see depends only on its company and owner flag.
 */
export async function labelsOf(db: Db, actor: Actor, f: ResolvedField, ids: number[], depth = 0): Promise<Map<number, string | null>> {
  const target = byName.get(f.ref ?? "");
  if (!target?.table || ids.length === 0) return new Map();
  const labelName = refLabelOf(f, byName);
  const labelField = target.fields.find((x) => x.name === labelName);
  if (!labelField || labelField.type === "password") return new Map();
  const tables = [target.table];
  const inner = labelField.type === "ref" ? byName.get(labelField.ref ?? "")?.table : undefined;
  if (inner) tables.push(inner);
  const prefix = `${target.name}|${labelName}|${depth}|${actor.isOwner ? "owner" : actor.companyId}|`;
  return cachedByIds(db, "label", LABEL_CACHE, prefix, ids, tables, null, (missing) => loadLabels(db, actor, target, labelField, missing, depth));
}

async function loadLabels(db: Db, actor: Actor, target: ResolvedResource, labelField: ResolvedField, ids: number[], depth: number): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  const labelName = labelField.name;
  const rows: Array<{ id: number; label: unknown }> = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = await whereAll(
      dynamicDb(db)
        .selectFrom(target.table!)
        .select(["id", `${labelName} as label`]),
      [inList("id", ids.slice(i, i + CHUNK)), ...scopeConds(target, actor)],
    ).execute();
    rows.push(...(part as Array<{ id: number; label: unknown }>));
  }
  if (labelField.type === "ref" && depth < 1) {
    const inner = await labelsOf(db, actor, labelField, distinctIds(rows.map((r) => r.label)), depth + 1);
    for (const r of rows) out.set(Number(r.id), r.label === null ? null : (inner.get(Number(r.label)) ?? null));
    return out;
  }
  for (const r of rows) {
    const v = decodeValue(labelField, r.label);
    out.set(Number(r.id), v === null ? null : typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  return out;
}

const distinctIds = (vs: unknown[]): number[] => [...new Set(vs.filter((v) => v !== null && v !== undefined).map(Number))];

/** The ref fields of a resource and the answer key of their labels, worked out once. */
const REF_FIELDS = new WeakMap<ResolvedResource, Array<{ field: ResolvedField; key: string }>>();
function refFieldsOf(r: ResolvedResource): Array<{ field: ResolvedField; key: string }> {
  let refs = REF_FIELDS.get(r);
  if (!refs) REF_FIELDS.set(r, (refs = r.fields.filter((f) => f.type === "ref" && !f.virtual).map((field) => ({ field, key: `${field.name}_label` }))));
  return refs;
}

/** Tables the labels of a resource's records are read from (targets, and the targets of ref labels). */
const LABEL_TABLES = new WeakMap<ResolvedResource, string[]>();
export function labelTablesOf(r: ResolvedResource): string[] {
  const known = LABEL_TABLES.get(r);
  if (known) return known;
  const tables = new Set<string>();
  for (const { field } of refFieldsOf(r)) {
    const target = byName.get(field.ref ?? "");
    if (!target?.table) continue;
    tables.add(target.table);
    const labelField = target.fields.find((x) => x.name === refLabelOf(field, byName));
    const inner = labelField?.type === "ref" ? byName.get(labelField.ref ?? "")?.table : undefined;
    if (inner) tables.add(inner);
  }
  LABEL_TABLES.set(r, [...tables]);
  return [...tables];
}

/** The `F_label` keys attachLabels sets, in its order (records can be made with the slots). */
export const labelKeysOf = (r: ResolvedResource): string[] => refFieldsOf(r).map((x) => x.key);

export async function attachLabels(db: Db, actor: Actor, r: ResolvedResource, records: Array<Record<string, unknown>>): Promise<void> {
  if (records.length === 0) return;
  for (const { field, key } of refFieldsOf(r)) {
    const ids = new Set<number>();
    for (const rec of records) {
      const v = rec[field.name];
      if (v !== null && v !== undefined) ids.add(Number(v));
    }
    const labels = await labelsOf(db, actor, field, [...ids]);
    for (const rec of records) {
      const id = rec[field.name];
      rec[key] = id === null || id === undefined ? null : (labels.get(Number(id)) ?? null);
    }
  }
}
