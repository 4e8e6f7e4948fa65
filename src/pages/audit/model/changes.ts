// Before → after of an audit entry in words: each changed field by its label in the user's
// language and its values as the entry's own resource shows them (enum labels, dates, yes/no,
// a ref by the `<ref>_label` kept beside it). Fields the declaration no longer has read by name.
import { RESOURCE_BY_NAME, type ResolvedField, type ResolvedResource } from "../../../../declaration";
import { valueText } from "../../../crud/display/values";
import { fieldLabelKey } from "../../../crud/model";
import type { Formatting } from "../../../crud/useCrud";
import { MISSING } from "../../../lib/format";

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

const plain = (v: unknown): string => (v === null || v === undefined || v === "" ? MISSING : typeof v === "object" ? JSON.stringify(v) : String(v));

function textOf(r: ResolvedResource | undefined, f: ResolvedField | undefined, values: Values, name: string, fmt: Formatting): string {
  if (!r || !f) return plain(values[name]);
  return valueText(r, f, values, fmt);
}

/** The entry's changed fields in declaration order (then any others by name); `<ref>_label`s only name their ref. */
export function changesOf(entry: Values, fmt: Formatting): Change[] {
  const before = valuesOf(entry.before);
  const after = valuesOf(entry.after);
  const r = typeof entry.resource === "string" ? RESOURCE_BY_NAME.get(entry.resource) : undefined;
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const byName = new Map((r?.fields ?? []).map((f) => [f.name, f]));
  for (const k of [...keys]) if (k.endsWith("_label") && byName.get(k.slice(0, -"_label".length))?.type === "ref") keys.delete(k);
  const declared = (r?.fields ?? []).map((f) => f.name).filter((n) => keys.has(n));
  const others = [...keys].filter((k) => !byName.has(k)).sort();
  return [...declared, ...others].map((name) => {
    const f = byName.get(name);
    const translated = fmt.t(fieldLabelKey({ name }));
    return {
      field: name,
      label: translated && translated !== fieldLabelKey({ name }) ? translated : name,
      before: before && name in before ? textOf(r, f, before, name, fmt) : null,
      after: after && name in after ? textOf(r, f, after, name, fmt) : null,
    };
  });
}

/** A change's values: "before → after", or the one side a create or a delete has. */
export const changeValueText = (c: Change): string => (c.before !== null && c.after !== null ? `${c.before} → ${c.after}` : (c.after ?? c.before ?? MISSING));

/** One line for a CSV cell: "Name: Surveyor → Land surveyor; Active: Yes → No". */
export const changesText = (changes: readonly Change[]): string => changes.map((c) => `${c.label}: ${changeValueText(c)}`).join("; ");
