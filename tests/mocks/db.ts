// In-memory rows per declared resource, for the msw contract mock. Tests seed it, run the app
// against it and inspect what the app wrote.
import { RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";

export type Row = Record<string, unknown> & { id?: number };

export interface MockDb {
  /** Rows of a resource (the live array: tests may read it, better use `rows`). */
  rows(resource: string): Row[];
  /** Adds rows (ids, company and timestamps filled when missing) and returns them. */
  seed(resource: string, rows: Row[]): Row[];
  find(resource: string, id: unknown): Row | undefined;
  insert(resource: string, row: Row): Row;
  remove(resource: string, pred: (r: Row) => boolean): number;
  /** Counts the writes of a resource's rows (insert and remove do; a handler changing rows in place calls touch). */
  version(resource: string): number;
  touch(resource: string): void;
  /** The company of the signed-in user (mock session). */
  companyId: number;
  clear(): void;
}

const declOf = (name: string): ResolvedResource => {
  const r = RESOURCE_BY_NAME.get(name);
  if (!r) throw new Error(`mock db: unknown resource "${name}"`);
  return r;
};

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

export function createDb(companyId = 1): MockDb {
  const tables = new Map<string, Row[]>();
  const nextId = new Map<string, number>();
  const versions = new Map<string, number>();
  const table = (name: string): Row[] => {
    declOf(name);
    let t = tables.get(name);
    if (!t) tables.set(name, (t = []));
    return t;
  };
  const db: MockDb = {
    companyId,
    rows: table,
    find: (name, id) => table(name).find((r) => String(r.id) === String(id)),
    insert(name, row) {
      const r = declOf(name);
      const t = table(name);
      const has = (f: string) => r.fields.some((x) => x.name === f);
      const id = row.id ?? nextId.get(name) ?? Math.max(0, ...t.map((x) => Number(x.id) || 0)) + 1;
      nextId.set(name, Number(id) + 1);
      const full: Row = { ...row };
      if (has("id")) full.id = Number(id);
      if (has("company_id") && r.scope === "company" && full.company_id === undefined) full.company_id = db.companyId;
      if (has("created_at") && full.created_at === undefined) full.created_at = now();
      if (has("updated_at") && full.updated_at === undefined) full.updated_at = full.created_at ?? now();
      // Every declared field is present, null when unknown, as the server answers.
      for (const f of r.fields) if (!(f.name in full) && f.type !== "password" && !f.virtual) full[f.name] = null;
      t.push(full);
      db.touch(name);
      return full;
    },
    seed: (name, rows) => rows.map((row) => db.insert(name, row)),
    remove(name, pred) {
      const t = table(name);
      const keep = t.filter((r) => !pred(r));
      const n = t.length - keep.length;
      t.splice(0, t.length, ...keep);
      if (n) db.touch(name);
      return n;
    },
    version: (name) => versions.get(name) ?? 0,
    touch: (name) => void versions.set(name, (versions.get(name) ?? 0) + 1),
    clear() {
      tables.clear();
      nextId.clear();
      versions.clear();
    },
  };
  return db;
}
