// What other processes wrote to a SQLite file, table by table, for the caches of this process
// (server/db/changes.ts): every table but the untracked ones gets triggers that count its writes
// in `fw_changes` (tbl, seq), inside the writing transaction itself, so a commit and its count
// are seen together. Before a cache answers, this process asks `PRAGMA data_version` (moves only
// when another connection committed), once a tick (ChangeLog.pollExternal); when it moved, it reads fw_changes and
// marks the tables whose count moved, plus the untracked ones. So a write answered by one server
// worker is seen by every other worker's next request: no stale kept page, count, session or
// right after it (issue 28 item 0; the same for a disabled person's next request, issue 27).
// Inserts and deletes count under the table's name; an update counts under each column it sets
// (`T.c`, a trigger per column: `after update of c`), which the change log reads as a change of
// the table but not of its rows (server/db/changes.ts: counts that do not read the column stay).
// Waypoints are untracked (a trigger per position would cost the ingest): any other process's
// commit counts as a waypoint write.
import type BetterSqlite3 from "better-sqlite3";
import { columnTag } from "./changes";

/** Tables without triggers: taken as written by any commit of another process. */
export const UNTRACKED_TABLES = ["waypoint"] as const;
const SKIPPED = new Set<string>(["fw_changes", ...UNTRACKED_TABLES]);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** Creates the count table and each table's triggers (idempotent; run after the migrations). */
export function installChangeTriggers(sqlite: BetterSqlite3.Database): void {
  sqlite.exec("create table if not exists fw_changes (tbl text primary key, seq integer not null)");
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'").pluck().all() as string[];
  const bump = (tag: string) => `insert into fw_changes (tbl, seq) values (${literal(tag)}, 1) on conflict (tbl) do update set seq = seq + 1;`;
  const create = sqlite.transaction(() => {
    for (const t of tables.filter((x) => !SKIPPED.has(x))) {
      for (const [suffix, event] of [
        ["i", "insert"],
        ["d", "delete"],
      ]) {
        sqlite.exec(`create trigger if not exists ${quote(`fw_chg_${t}_${suffix}`)} after ${event} on ${quote(t)} begin ${bump(t)} end`);
      }
      const columns = sqlite
        .prepare(`select name from pragma_table_info(${literal(t)})`)
        .pluck()
        .all() as string[];
      for (const c of columns) {
        sqlite.exec(`create trigger if not exists ${quote(`fw_col_${t}_${c}`)} after update of ${quote(c)} on ${quote(t)} begin ${bump(columnTag(t, c))} end`);
      }
      // The table-wide update trigger of before: replaced by the columns' (made first, so another
      // process's update is never uncounted in between).
      sqlite.exec(`drop trigger if exists ${quote(`fw_chg_${t}_u`)}`);
    }
  });
  create();
}

/**
 * The ask of changes made by other connections (ChangeLog.external): null when none committed
 * since the last ask, else the tables they wrote (the untracked ones always), "all" before the
 * triggers exist. `ownWrites`: this connection wrote since the last ask; when no other one
 * committed meanwhile, what moved in fw_changes is its own and is taken as seen (else it would
 * be told as another process's at the next ask, and drop what its own write left true).
 */
export function externalChanges(sqlite: BetterSqlite3.Database): (ownWrites: boolean) => readonly string[] | "all" | null {
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  let seenVersion = dataVersion.get();
  let counts: BetterSqlite3.Statement | null = null;
  const seen = new Map<string, number>();
  const readCounts = (): Array<{ tbl: string; seq: number }> | null => {
    if (!counts) {
      const exists = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'fw_changes'").get();
      if (!exists) return null;
      counts = sqlite.prepare("select tbl, seq from fw_changes");
    }
    return counts.all() as Array<{ tbl: string; seq: number }>;
  };
  // What is already counted is not a change.
  for (const r of readCounts() ?? []) seen.set(r.tbl, r.seq);
  return (ownWrites) => {
    const v = dataVersion.get();
    if (v === seenVersion && !ownWrites) return null;
    const rows = readCounts();
    if (v === seenVersion) {
      // Only this connection wrote, unless another committed while the counts were read: then told below.
      if (dataVersion.get() === v) {
        for (const r of rows ?? []) seen.set(r.tbl, r.seq);
        return null;
      }
    }
    seenVersion = v;
    if (!rows) return "all";
    const changed: string[] = [...UNTRACKED_TABLES];
    for (const r of rows) {
      if (seen.get(r.tbl) === r.seq) continue;
      seen.set(r.tbl, r.seq);
      changed.push(r.tbl);
    }
    return changed;
  };
}
