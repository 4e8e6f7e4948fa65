// The contract mock's staff onboarding (server/custom/staff-onboarding.ts): invite stores the
// person without a password; import-preview checks each row as add would (refs by name, duplicates
// within the file) and stores nothing; import stores all rows or none.
import { RESOURCE_BY_NAME } from "../../declaration";
import { badRequest, HttpError, type FieldErrors } from "../../server/http/errors";
import { t, type Lang } from "../../server/i18n/messages";
import type { MockDb, Row } from "./db";
import { validateBody } from "./validate";

const HR = RESOURCE_BY_NAME.get("human-resource")!;

const withoutPassword = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([k]) => k !== "password"));

export function mockInvite(db: MockDb, body: unknown): Row {
  const values = validateBody(HR, withoutPassword((body ?? {}) as Row), db, { mode: "create" });
  return db.insert(HR.name, { is_active: true, ...values });
}

function checkRows(db: MockDb, items: unknown): Array<{ row: number; values: Row; errors: FieldErrors }> {
  if (!Array.isArray(items) || items.length === 0) throw badRequest({ items: { key: "items_required", params: { max: 1000 } } });
  const seen = new Map<string, number>();
  return items.map((item: Row, i) => {
    const values = withoutPassword(item ?? {});
    const errors: FieldErrors = {};
    for (const f of HR.fields.filter((x) => x.type === "ref" && x.ref)) {
      const v = values[f.name];
      if (typeof v !== "string" || v.trim() === "") continue;
      if (/^\d+$/.test(v.trim())) values[f.name] = Number(v.trim());
      else {
        const target = RESOURCE_BY_NAME.get(f.ref!)!;
        const hit = db.rows(target.name).find((r) => String(r[target.labelField] ?? "").toLowerCase() === v.trim().toLowerCase());
        if (hit) values[f.name] = hit.id;
        else errors[f.name] = { key: "bad_ref" };
      }
    }
    for (const f of HR.fields.filter((x) => x.unique)) {
      const v = values[f.name];
      if (typeof v !== "string" || !v.trim()) continue;
      const k = `${f.name}:${v.trim().toLowerCase()}`;
      if (seen.has(k)) errors[f.name] ??= { key: "duplicate_in_file", params: { row: seen.get(k)! + 1 } };
      else seen.set(k, i);
    }
    try {
      validateBody(HR, values, db, { mode: "create" });
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      for (const [k, m] of Object.entries(e.errors)) errors[k] ??= m;
    }
    return { row: i, values, errors };
  });
}

export function mockImportPreview(db: MockDb, body: unknown, lang: Lang) {
  const rows = checkRows(db, (body as Row | undefined)?.items).map((c) => ({
    ...c,
    errors: Object.fromEntries(Object.entries(c.errors).map(([k, m]) => [k, t(lang, m.key, m.params)])),
  }));
  const invalid = rows.filter((r) => Object.keys(r.errors).length).length;
  return { rows, valid: rows.length - invalid, invalid };
}

export function mockImport(db: MockDb, body: unknown) {
  const checks = checkRows(db, (body as Row | undefined)?.items);
  const errors: FieldErrors = {};
  for (const c of checks) for (const [k, m] of Object.entries(c.errors)) errors[`items.${c.row}.${k}`] = m;
  if (Object.keys(errors).length) throw badRequest(errors);
  const people = checks.map((c) => db.insert(HR.name, { is_active: true, ...validateBody(HR, c.values, db, { mode: "create" }) }));
  return { created: people.length, people: people.map((p) => ({ id: Number(p.id), name: String(p.name), email: String(p.email) })) };
}
