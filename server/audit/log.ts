// The audit log (resources.config.ts `audit-log`): who changed what, when, from where, before →
// after. The record store writes an entry for every generic create, update and delete of a
// resource declared `audited` (server/records/store.ts); a custom operation that changes such rows
// (rights saved at once, a person disabled, a payment) calls `audit` itself. Entries are only ever
// added: triggers refuse updates and deletes (migration 011).
import { resourceByName, type ResourceName, type ResolvedResource } from "../../declaration";
import type { AUDIT_KINDS } from "../../declaration/resources/shared";
import type { Actor } from "../access/actor";
import type { Db } from "../db/connection";

export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditEntry {
  kind: AuditKind;
  resource: ResourceName;
  recordId: number | null;
  /** What users call the record (its label field's value), kept as it was. */
  label?: string | null;
  /** The record's values before and after the change (only the changed ones for an update). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The company the change belongs to: default the actor's (the platform owner's own changes: none). */
  companyId?: number | null;
}

const AUDIT = resourceByName("audit-log");
/** Longest label kept (the column's declared length). */
const LABEL_CHARS = 255;

/**
 * A record's values as the log keeps them: answered fields only, never a password, a secret or
 * a file's bytes; the `<ref>_label` beside a ref is kept (who "role_id 4" was, in words).
 */
export function loggedValues(r: ResolvedResource, record: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  const out: Record<string, unknown> = {};
  for (const f of r.fields) {
    if (f.type === "password" || f.virtual || f.name === "updated_at" || f.name === "created_at") continue;
    if (!(f.name in record)) continue;
    out[f.name] = record[f.name];
    const label = `${f.name}_label`;
    if (f.type === "ref" && label in record) out[label] = record[label];
  }
  return out;
}

/** Only what changed: the before and after of each field whose value differs. */
export function changedValues(before: Record<string, unknown> | null, after: Record<string, unknown> | null): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const x = before?.[k];
    const y = after?.[k];
    if (JSON.stringify(x ?? null) === JSON.stringify(y ?? null)) continue;
    b[k] = x ?? null;
    a[k] = y ?? null;
  }
  return { before: b, after: a };
}

const labelOf = (r: ResolvedResource, record: Record<string, unknown> | null | undefined): string | null => {
  const v = record?.[r.labelField];
  return v === null || v === undefined ? null : String(v).slice(0, LABEL_CHARS);
};

/** Adds one entry. `db` may be a transaction: the entry then stands or falls with the change. */
export async function audit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto(AUDIT.table)
    .values({
      created_at: now,
      updated_at: now,
      actor_id: actor.userId > 0 ? actor.userId : null,
      actor_name: actor.name ?? null,
      ip: actor.ip ? actor.ip.slice(0, 64) : null,
      kind: entry.kind,
      resource: entry.resource,
      record_id: entry.recordId,
      record_label: entry.label === undefined || entry.label === null ? null : entry.label.slice(0, LABEL_CHARS),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      company_id: entry.companyId === undefined ? actor.companyId : entry.companyId,
    })
    .execute();
}

/** The store's hook: an entry for a generic write of an audited resource (nothing for the others). */
export async function auditWrite(
  db: Db,
  actor: Actor,
  r: ResolvedResource,
  kind: "create" | "update" | "delete",
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  if (!r.audited || (r.audited === "deletes" && kind !== "delete")) return;
  const b = loggedValues(r, before);
  const a = loggedValues(r, after);
  const diff = kind === "update" ? changedValues(b, a) : null;
  if (diff && Object.keys(diff.after).length === 0) return; // nothing changed
  const record = after ?? before;
  const companyId = r.scope === "company" ? actor.companyId : r.tenantField ? Number(record?.[r.tenantField] ?? actor.companyId) || null : actor.companyId;
  await audit(db, actor, {
    kind,
    resource: r.name,
    recordId: record?.id === undefined || record?.id === null ? null : Number(record.id),
    label: labelOf(r, record),
    before: diff ? diff.before : b,
    after: diff ? diff.after : a,
    companyId,
  });
}
