// Migration 020 (PostgreSQL only): waypoints partitioned by month (server/db/waypoint-partitions.ts).
// The plain table is renamed, a partitioned `waypoint` made with the same columns and defaults
// (LIKE), a partition made for every month the rows cover (UTC) plus the current month through
// MONTHS_AHEAD ahead and the DEFAULT partition, the rows copied, then the keys and indexes
// made on the parent (each partition gets its own): primary key (id, wptime), as PostgreSQL
// wants the partition key in every unique key, and 010's unique (user_id, wptime) covering
// lon/lat/company_id. Ids stay unique through the same sequence (serial), moved to the new
// table and set past the highest id; nothing refers to a waypoint by id alone (no foreign key,
// no upsert on id: positions are deduplicated on (user_id, wptime)). Kysely runs the
// migrations of one start in one transaction on PostgreSQL: a failure leaves the plain table.
// A fresh database goes through the same steps with no rows, so fresh and migrated schemas
// are the same. The declaration's table plan is unchanged: no new snapshot (server/db/snapshots).
// SQLite: nothing.
import { sql } from "kysely";
import { dialectOf, type Db } from "../connection";
import { WAYPOINT_TABLE, isPartitioned, makePartitions, monthsAhead, type Month } from "../waypoint-partitions";

const OLD = "waypoint_unpartitioned";
/** wptime values with a month PostgreSQL can name (years 1970-9999); others go to the default partition. */
const MAX_MS = 253402300800000;

async function serialSequence(db: Db): Promise<string> {
  const { rows } = await sql<{ s: string | null }>`select pg_get_serial_sequence(${WAYPOINT_TABLE}, 'id') as s`.execute(db);
  if (!rows[0]?.s) throw new Error("migration 020: waypoint.id has no sequence");
  return rows[0].s;
}

/** Drops the constraints and indexes of a table about to be copied and dropped (their names are needed again). */
async function dropKeysAndIndexes(db: Db, table: string): Promise<void> {
  const cons = await sql<{ name: string }>`select conname as name from pg_constraint where conrelid = to_regclass(${table}) and contype in ('p', 'u')`.execute(db);
  for (const c of cons.rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(c.name)}`.execute(db);
  const ixs = await sql<{ name: string }>`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = to_regclass(${table})`.execute(db);
  for (const ix of ixs.rows) await sql`drop index ${sql.id(ix.name)}`.execute(db);
}

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select attname as name from pg_attribute where attrelid = to_regclass(${table}) and attnum > 0 and not attisdropped order by attnum`.execute(db);
  return rows.map((r) => r.name);
}

/** Moves the sequence to the new `waypoint` and past its highest id (never backwards). */
async function moveSequence(db: Db, seq: string): Promise<void> {
  await sql`alter sequence ${sql.raw(seq)} owned by ${sql.table(WAYPOINT_TABLE)}.id`.execute(db);
  await sql`select setval(${seq}::regclass, m) from (select max(id) as m from ${sql.table(WAYPOINT_TABLE)}) t
    where m is not null and m > (select case when is_called then last_value else 0 end from ${sql.raw(seq)})`.execute(db);
}

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres" || (await isPartitioned(db))) return;
  const seq = await serialSequence(db);
  const nulls = await sql<{ n: number }>`select count(*)::int8 as n from ${sql.table(WAYPOINT_TABLE)} where wptime is null`.execute(db);
  if (Number(nulls.rows[0]?.n ?? 0) > 0) throw new Error(`migration 020: ${nulls.rows[0].n} waypoints have no wptime (required); delete or fix them first`);

  await sql`alter table ${sql.table(WAYPOINT_TABLE)} rename to ${sql.table(OLD)}`.execute(db);
  await dropKeysAndIndexes(db, OLD);
  await sql`alter sequence ${sql.raw(seq)} owned by none`.execute(db);
  await sql`create table ${sql.table(WAYPOINT_TABLE)} (like ${sql.table(OLD)} including defaults) partition by range (wptime)`.execute(db);

  const covered = await sql<{ m: string }>`select distinct to_char(date_trunc('month', to_timestamp(wptime / 1000.0) at time zone 'UTC'), 'YYYY-MM') as m
    from ${sql.table(OLD)} where wptime >= 0 and wptime < ${MAX_MS}`.execute(db);
  const months: Month[] = covered.rows.map((r) => ({ year: Number(r.m.slice(0, 4)), month: Number(r.m.slice(5, 7)) }));
  await makePartitions(db, [...months, ...monthsAhead(Date.now())]);

  const cols = sql.join((await columnsOf(db, OLD)).map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(WAYPOINT_TABLE)} (${cols}) select ${cols} from ${sql.table(OLD)}`.execute(db);
  await sql`alter table ${sql.table(WAYPOINT_TABLE)} add constraint waypoint_pkey primary key (id, wptime)`.execute(db);
  await sql`create unique index ux_waypoint_user_wptime on ${sql.table(WAYPOINT_TABLE)} (user_id, wptime) include (lon, lat, company_id)`.execute(db);
  await sql`create index ix_waypoint_company_id on ${sql.table(WAYPOINT_TABLE)} (company_id)`.execute(db);
  await moveSequence(db, seq);
  await sql`drop table ${sql.table(OLD)}`.execute(db);
}

/** Back to one plain table (attached partitions' rows; detached month tables are left alone). */
export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres" || !(await isPartitioned(db))) return;
  const seq = await serialSequence(db);
  await sql`alter table ${sql.table(WAYPOINT_TABLE)} rename to ${sql.table(OLD)}`.execute(db);
  await dropKeysAndIndexes(db, OLD);
  await sql`alter sequence ${sql.raw(seq)} owned by none`.execute(db);
  await sql`create table ${sql.table(WAYPOINT_TABLE)} (like ${sql.table(OLD)} including defaults)`.execute(db);
  const cols = sql.join((await columnsOf(db, OLD)).map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(WAYPOINT_TABLE)} (${cols}) select ${cols} from ${sql.table(OLD)}`.execute(db);
  await sql`alter table ${sql.table(WAYPOINT_TABLE)} add primary key (id)`.execute(db);
  await sql`create unique index ux_waypoint_user_wptime on ${sql.table(WAYPOINT_TABLE)} (user_id, wptime) include (lon, lat, company_id)`.execute(db);
  await sql`create index ix_waypoint_company_id on ${sql.table(WAYPOINT_TABLE)} (company_id)`.execute(db);
  await moveSequence(db, seq);
  await sql`drop table ${sql.table(OLD)}`.execute(db); // its partitions (the default among them) go with it
}
