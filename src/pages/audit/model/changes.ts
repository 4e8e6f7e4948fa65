// Before → after of an audit entry in words: each changed field by its label in the user's
// language and its values as the entry's own resource shows them (enum labels, dates, yes/no,
// a ref by the `<ref>_label` kept beside it). The values a custom operation keeps beside a
// record's fields (view as, an import) read by their own labels; a field the declaration no longer
// has reads by name. A rights entry reads as the rights matrix words it (./rights.ts).
import { RESOURCE_BY_NAME, type ResolvedField, type ResolvedResource } from "../../../../declaration";
import { valueText } from "../../../crud/display/values";
import { fieldLabelKey } from "../../../crud/model";
import type { Formatting } from "../../../crud/useCrud";
import { MISSING } from "../../../lib/format";
import { rightsChangesOf } from "./rights";

type Values = Record<string, unknown>;

export interface Change {
  field: string;
  label: string;
  /** null: the field had no value on that side (a create's before, a delete's after). */
  before: string | null;
  after: string | null;
}

/** A stored JSON column as an object (the wire answers objects; a text is parsed). */
export function valuesOf(v: unknown): Values | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "string") {
    try {
      const parsed: unknown = JSON.parse(v);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Values) : { value: parsed };
    } catch {
      return { value: v };
    }
  }
  return typeof v === "object" && !Array.isArray(v) ? (v as Values) : { value: v };
}

/**
 * The labels of what custom operations keep that is no field of the entry's resource: view as
 * (server/custom/view-as.ts) the person and the role viewed as, a staff import
 * (server/custom/staff-onboarding.ts) how many people and who.
 */
const KEPT_LABELS: Record<string, string> = {
  viewing_as: "audit.kept.viewing_as",
  role: "rights.role",
  count: "audit.kept.count",
  people: "audit.kept.people",
  // A person's second factor turned on, off or reset (server/auth/two-factor-routes.ts, custom/staff-two-factor.ts).
  two_factor: "audit.kept.two_factor",
};

const plain = (v: unknown): string =>
  v === null || v === undefined || v === "" ? MISSING : Array.isArray(v) ? (v.length ? v.map(plain).join(", ") : MISSING) : typeof v === "object" ? JSON.stringify(v) : String(v);

const translatedOr = (fmt: Formatting, key: string, otherwise: string): string => {
  const text = fmt.t(key);
  return text && text !== key ? text : otherwise;
};

function textOf(r: ResolvedResource | undefined, f: ResolvedField | undefined, values: Values, name: string, fmt: Formatting): string {
  if (!r || !f) return typeof values[name] === "boolean" ? fmt.t(values[name] ? "common.yes" : "common.no") : plain(values[name]);
  return valueText(r, f, values, fmt);
}

/** The entry's changed fields in declaration order (then any others as kept); `<ref>_label`s only name their ref. */
export function changesOf(entry: Values, fmt: Formatting): Change[] {
  const before = valuesOf(entry.before);
  const after = valuesOf(entry.after);
  if (entry.kind === "rights") return rightsChangesOf(before, after, fmt);
  const r = typeof entry.resource === "string" ? RESOURCE_BY_NAME.get(entry.resource) : undefined;
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const byName = new Map((r?.fields ?? []).map((f) => [f.name, f]));
  for (const k of [...keys]) if (k.endsWith("_label") && byName.get(k.slice(0, -"_label".length))?.type === "ref") keys.delete(k);
  const declared = (r?.fields ?? []).map((f) => f.name).filter((n) => keys.has(n));
  const others = [...keys].filter((k) => !byName.has(k));
  return [...declared, ...others].map((name) => {
    const f = byName.get(name);
    const kept = KEPT_LABELS[name];
    return {
      field: name,
      label: f || !kept ? translatedOr(fmt, fieldLabelKey({ name }), name) : translatedOr(fmt, kept, name),
      before: before && name in before ? textOf(r, f, before, name, fmt) : null,
      after: after && name in after ? textOf(r, f, after, name, fmt) : null,
    };
  });
}

/** A change's values: "before → after", or the one side a create or a delete has. */
export const changeValueText = (c: Change): string => (c.before !== null && c.after !== null ? `${c.before} → ${c.after}` : (c.after ?? c.before ?? MISSING));

/** One line for a CSV cell: "Name: Surveyor → Land surveyor; Active: Yes → No". */
export const changesText = (changes: readonly Change[]): string => changes.map((c) => `${c.label}: ${changeValueText(c)}`).join("; ");
