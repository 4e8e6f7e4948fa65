// Inserts seed rows (wire format, docs/api.md "Values on the wire") through the codec: explicit ids kept,
// defaults and timestamps filled, password fields of users set to one precomputed hash,
// multi-row inserts in batches, all in one transaction; PostgreSQL sequences reset after.
import { sql } from "kysely";
import { ALL_RESOURCES, RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";
import { dialectOf, type Db } from "../db/connection";
import { dynamicDb } from "../db/dynamic";
import { encodeValue, type Stored } from "../db/codec";
import type { DemoTable } from "./demo-contract";

export interface LoadOptions {
  /** Set on every row of a resource with a password field that carries none (users). */
  passwordHash?: string;
  /** "Now" for created_at/updated_at when rows carry none. */
  now?: Date;
}

/** Rows per INSERT: under SQLite's 32766 and PostgreSQL's 65535 bound parameters. */
const batchSize = (columns: number) => Math.max(1, Math.min(1000, Math.floor(30000 / Math.max(1, columns))));

function resourceOf(name: string): ResolvedResource & { table: string } {
  const r = RESOURCE_BY_NAME.get(name);
  if (!r) throw new Error(`seed: no resource "${name}"`);
  if (!r.table) throw new Error(`seed: resource "${name}" has no table`);
  return r as ResolvedResource & { table: string };
}

/** One wire row → stored row with every column of the resource (same keys for a batch). */
export function encodeSeedRow(r: ResolvedResource, row: Record<string, unknown>, o: LoadOptions = {}): Record<string, Stored> {
  for (const k of Object.keys(row)) {
    if (!r.fields.some((f) => f.name === k)) throw new Error(`seed: ${r.name} has no field "${k}"`);
  }
  const stamp = (o.now ?? new Date()).toISOString();
  const out: Record<string, Stored> = {};
  for (const f of r.fields) {
    if (f.virtual) continue; // no column
    if (f.name === "id") {
      if (row.id !== undefined && row.id !== null) out.id = Number(row.id);
      continue;
    }
    let v = row[f.name];
    if (v === undefined && f.type === "password" && o.passwordHash) {
      out[f.name] = o.passwordHash;
      continue;
    }
    if (v === undefined && (f.name === "created_at" || f.name === "updated_at")) v = (row.created_at as string | undefined) ?? stamp;
    if (v === undefined && f.default !== undefined) v = f.default;
    out[f.name] = f.type === "password" ? ((v as string | undefined) ?? null) : encodeValue(f, v);
  }
  return out;
}

/** Inserts rows of one resource in multi-row batches (rows with and without ids apart). */
export async function insertRows(db: Db, resource: string, rows: Iterable<Record<string, unknown>>, o: LoadOptions = {}): Promise<number> {
  const r = resourceOf(resource);
  let n = 0;
  let withId: Array<Record<string, Stored>> = [];
  let withoutId: Array<Record<string, Stored>> = [];
  const size = batchSize(r.fields.length);
  const flush = async (batch: Array<Record<string, Stored>>) => {
    if (batch.length) await dynamicDb(db).insertInto(r.table).values(batch).execute();
    n += batch.length;
  };
  for (const row of rows) {
    const enc = encodeSeedRow(r, row, o);
    const list = "id" in enc ? withId : withoutId;
    list.push(enc);
    if (withId.length >= size) {
      await flush(withId);
      withId = [];
    }
    if (withoutId.length >= size) {
      await flush(withoutId);
      withoutId = [];
    }
  }
  await flush(withId);
  await flush(withoutId);
  return n;
}

/** After explicit ids: PostgreSQL's serial sequences continue after the highest id. */
export async function resetSequences(db: Db, resources: readonly ResolvedResource[] = ALL_RESOURCES): Promise<void> {
  if (dialectOf(db) !== "postgres") return; // SQLite AUTOINCREMENT follows explicit ids by itself
  for (const r of resources) {
    if (!r.table) continue;
    await sql`select setval(pg_get_serial_sequence(${r.table}, 'id'), coalesce((select max(id) from ${sql.table(r.table)}), 1), (select max(id) from ${sql.table(r.table)}) is not null)`.execute(
      db,
    );
  }
}

/** The next free id per resource, read once (DemoInput.nextId is synchronous). */
export async function nextIdTable(db: Db): Promise<(resource: string) => number> {
  const max = new Map<string, number>();
  for (const r of ALL_RESOURCES) {
    if (!r.table) continue;
    const row = await dynamicDb(db)
      .selectFrom(r.table)
      .select((eb) => eb.fn.max("id").as("m"))
      .executeTakeFirst();
    max.set(r.name, Number(row?.m ?? 0));
  }
  return (resource: string) => {
    if (!max.has(resource)) throw new Error(`seed: no table for resource "${resource}"`);
    return max.get(resource)! + 1;
  };
}

/** Loads tables in order inside one transaction, then resets sequences. */
export async function loadTables(db: Db, tables: readonly DemoTable[], o: LoadOptions = {}): Promise<void> {
  const run = async (trx: Db) => {
    for (const t of tables) await insertRows(trx, t.resource, t.rows, o);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
  await resetSequences(
    db,
    tables.map((t) => resourceOf(t.resource)),
  );
}

/** Rows of a server table (not a resource: no encoding, no defaults), in batches of 500, one transaction. */
export async function loadServerTable(db: Db, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (!rows.length) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await dynamicDb(trx)
        .insertInto(table)
        .values(rows.slice(i, i + 500))
        .execute();
  });
}

/** Big generated tables (waypoints): each chunk is a transaction of multi-row inserts. */
export async function loadStream(db: Db, resource: string, chunks: Iterable<Array<Record<string, unknown>>>, o: LoadOptions = {}): Promise<number> {
  let n = 0;
  for (const chunk of chunks) n += await db.transaction().execute((trx) => insertRows(trx, resource, chunk, o));
  return n;
}
