// Which tables changed since a moment, so in-memory caches (tokens, permissions, counts) can
// tell whether what they hold is still true. Every write through Kysely is seen by a plugin:
// insert/update/delete (and merge) mark the tables they name, after they ran; raw SQL that may
// write, schema changes and the end of every transaction (a reader on another PostgreSQL
// connection may have read the old rows before the commit) mark everything. On SQLite, a commit
// of another process on the same file (another server worker, a CLI) is seen before any cache
// answers: PRAGMA data_version moves, and the changed-tables table (server/db/sqlite-changes.ts,
// kept by triggers in the same transaction as the write) says which tables it wrote.
// Writes of other server instances on a shared PostgreSQL reach this log through `shared`
// (server/db/pg-changes.ts: NOTIFY, within milliseconds); writes made outside the servers are
// not seen: there caches also expire after a few seconds (server/cache.ts).
// What a write changed is said in tags: `T`, a table written as a whole (rows added or removed,
// or what changed cannot be told), which changes its rows (`T#rows`) too; `T.c`, a column set
// by an update, which changes its table `T` but not which rows there are. A count depends on
// the rows and the columns its conditions read (countTags), so an update of a project's progress
// drops every cached page and answer of projects but no count filtering on status or type.
import type {
  DatabaseConnection,
  Dialect,
  Driver,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
  UpdateQueryNode,
} from "kysely";

export class ChangeLog {
  private seq = 0;
  private everything = 0;
  private readonly byTable = new Map<string, number>();
  /**
   * Asked before a cache answers: what changed outside this process since the last ask (SQLite:
   * other connections' commits): null nothing, "all" anything, else the tables.
   */
  external: ((ownWrites: boolean) => readonly string[] | "all" | null) | null = null;
  /** This process wrote since the last ask (told to `external`: what it counts then is its own). */
  private ownWrites = false;
  /**
   * Every writer of the database is seen (SQLite: this connection through the plugin, other
   * processes through `external`). Not on PostgreSQL, where other server instances write.
   */
  complete = false;
  /**
   * Where this process's writes are told to the other server instances, which mark them in their
   * own logs (PostgreSQL: server/db/pg-changes.ts); null when nothing listens.
   */
  shared: SharedChanges | null = null;

  /** A moment to compare with later (take it before reading what you cache). */
  stamp(): number {
    this.pollExternal();
    return this.seq;
  }

  /** Has any of the tables (or everything) changed after `stamp`? */
  changedSince(stamp: number, tables: readonly string[]): boolean {
    this.pollExternal();
    if (this.everything > stamp) return true;
    for (const t of tables) if ((this.byTable.get(t) ?? 0) > stamp) return true;
    return false;
  }

  /**
   * Asked `external` already in this tick (the current callback and the promise jobs it led to).
   * Another process's commit reaches this one's code only through I/O, a later callback: a
   * request read in this tick was sent before it began, so one ask a tick sees every commit it
   * may depend on (read-your-writes across workers), and the tick's other cache lookups (a
   * search makes ~10) need not ask again. A commit made during the tick is seen at the next one;
   * what was read meanwhile was stamped before it, so its entries are dropped then.
   */
  private askedThisTick = false;
  private readonly tickEnded = (): void => {
    this.askedThisTick = false;
  };

  private pollExternal(): void {
    if (!this.external || this.askedThisTick) return;
    this.askedThisTick = true;
    // Runs once this tick's promise jobs are done (Node drains them before its next callback).
    process.nextTick(this.tickEnded);
    const ext = this.external(this.ownWrites);
    this.ownWrites = false;
    if (ext === "all") this.markSeen(null);
    else if (ext && ext.length) this.markSeen(ext);
  }

  /** A write of this process to these tables. */
  mark(tables: readonly string[]): void {
    this.markSeen(tables);
    this.ownWrites = true;
    this.shared?.wrote(tables);
  }

  /** A write of this process that may have touched anything (raw SQL, schema changes). */
  markAll(): void {
    this.markSeen(null);
    this.ownWrites = true;
    this.shared?.wrote(null);
  }

  /** A transaction of this process ended: a reader elsewhere may have read the old rows before its commit. */
  transactionEnded(): void {
    this.markSeen(null);
    this.ownWrites = true;
    this.shared?.committed();
  }

  /** A change told by another server instance (not told again): tags (see above); null: anything. */
  markSeen(tags: readonly string[] | null): void {
    const s = ++this.seq;
    if (tags === null) {
      this.everything = s;
      return;
    }
    for (const t of tags) {
      this.byTable.set(t, s);
      const dot = t.indexOf(".");
      // A column updated: its table changed, not its rows. A table written as a whole: its rows too.
      if (dot > 0) this.byTable.set(t.slice(0, dot), s);
      else if (!t.endsWith(ROWS)) this.byTable.set(t + ROWS, s);
    }
  }
}

const ROWS = "#rows";

/** The tag of which rows a table holds: changed by inserts, deletes and whole-table writes, not by updates. */
export const rowsTag = (table: string): string => table + ROWS;

/** The tag of a column: changed by an update setting it (or a whole-table write). */
export const columnTag = (table: string, column: string): string => `${table}.${column}`;

/** Tells the other server instances of this process's writes (server/db/pg-changes.ts). */
export interface SharedChanges {
  /** Tables just written (null: anything), committed or inside a transaction. */
  wrote(tables: readonly string[] | null): void;
  /** A transaction committed or rolled back: what was written lately is final now. */
  committed(): void;
}

const LOGS = new WeakMap<object, ChangeLog>();

/** The change log of a database handle's Kysely instance; none for transactions (no caching there). */
export const changeLogOf = (db: object): ChangeLog | undefined => LOGS.get(db);

export function attachChangeLog(db: object, log: ChangeLog): void {
  LOGS.set(db, log);
}

// ---- seeing writes -------------------------------------------------------------------------

const MAY_WRITE = /\b(insert|update|delete|replace|merge|create|drop|alter|truncate|vacuum|reindex)\b/i;

/** Tables a write names (null = cannot tell: treat as everything), or [] for a read. */
export function writtenTables(node: RootOperationNode): string[] | null {
  switch (node.kind) {
    case "SelectQueryNode":
      return [];
    case "RawNode":
      return MAY_WRITE.test(node.sqlFragments.join(" ")) ? null : [];
    case "UpdateQueryNode": {
      const tables = new Set<string>();
      collectTables(node, tables);
      const columns = updatedColumns(node);
      if (!tables.size) return null;
      if (!columns) return [...tables];
      // The target's updated columns; another table it names (a subquery's) as a whole.
      return [...[...tables].filter((t) => t !== columns.table), ...columns.names.map((c) => columnTag(columns.table, c))];
    }
    case "InsertQueryNode":
    case "DeleteQueryNode":
    case "MergeQueryNode": {
      const tables = new Set<string>();
      collectTables(node, tables);
      return tables.size ? [...tables] : null;
    }
    default:
      return null; // schema changes and anything new
  }
}

/** The table and the columns a plain update sets (no FROM, no joins); null when it cannot be told. */
function updatedColumns(node: UpdateQueryNode): { table: string; names: string[] } | null {
  if (node.from || node.joins?.length || !node.updates?.length || node.table?.kind !== "TableNode") return null;
  const table = (node.table as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  const names: string[] = [];
  for (const u of node.updates) {
    const column = u.column as unknown as { kind: string; column?: { name?: unknown } };
    if (column.kind !== "ColumnNode" || typeof column.column?.name !== "string") return null;
    names.push(column.column.name);
  }
  return { table, names };
}

function collectTables(node: unknown, out: Set<string>): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const x of node) collectTables(x, out);
    return;
  }
  const n = node as OperationNode & Record<string, unknown>;
  if (n.kind === "TableNode") {
    const table = (n as unknown as { table: { identifier: { name: string } } }).table;
    out.add(table.identifier.name);
    return;
  }
  // Inserted values hold no tables (and may be thousands of nodes); a column reference's
  // table is a qualifier (maybe an alias), not a table of its own.
  if (n.kind === "ValuesNode" || n.kind === "ValueNode" || n.kind === "ValueListNode" || n.kind === "ReferenceNode") return;
  for (const [k, v] of Object.entries(n)) if (k !== "kind" && v && typeof v === "object") collectTables(v, out);
}

/** Marks the tables of every write, before it runs and again after it ran. */
export class ChangeLogPlugin implements KyselyPlugin {
  private readonly pending = new WeakMap<QueryId, string[] | null>();

  constructor(private readonly log: ChangeLog) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node);
    if (tables === null || tables.length) {
      this.pending.set(args.queryId, tables);
      this.markTables(tables);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(args.queryId)) {
      // Again now that the write is done: a reader that started in between read old rows.
      this.markTables(this.pending.get(args.queryId)!);
      this.pending.delete(args.queryId);
    }
    return args.result;
  }

  private markTables(tables: string[] | null): void {
    if (tables === null) this.log.markAll();
    else this.log.mark(tables);
  }
}

/** The dialect with every transaction's end (commit or rollback) marking everything. */
export function observedDialect(inner: Dialect, log: ChangeLog): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => observedDriver(inner.createDriver(), () => log.transactionEnded()),
  };
}

function observedDriver(d: Driver, ended: () => void): Driver {
  const after = async (p: Promise<void>) => {
    try {
      await p;
    } finally {
      ended();
    }
  };
  return {
    init: () => d.init(),
    acquireConnection: () => d.acquireConnection(),
    beginTransaction: (c, s) => d.beginTransaction(c, s),
    commitTransaction: (c: DatabaseConnection) => after(d.commitTransaction(c)),
    rollbackTransaction: (c: DatabaseConnection) => after(d.rollbackTransaction(c)),
    ...(d.savepoint ? { savepoint: d.savepoint.bind(d) } : {}),
    ...(d.rollbackToSavepoint ? { rollbackToSavepoint: d.rollbackToSavepoint.bind(d) } : {}),
    ...(d.releaseSavepoint ? { releaseSavepoint: d.releaseSavepoint.bind(d) } : {}),
    releaseConnection: (c) => d.releaseConnection(c),
    destroy: () => d.destroy(),
  };
}
