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
import type {
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

export class ChangeLog {
  private seq = 0;
  private everything = 0;
  private readonly byTable = new Map<string, number>();
  /**
   * Asked before a cache answers: what changed outside this process since the last ask (SQLite:
   * other connections' commits): null nothing, "all" anything, else the tables.
   */
  external: (() => readonly string[] | "all" | null) | null = null;
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

  private pollExternal(): void {
    const ext = this.external?.();
    if (ext === "all") this.markSeen(null);
    else if (ext && ext.length) this.markSeen(ext);
  }

  /** A write of this process to these tables. */
  mark(tables: readonly string[]): void {
    this.markSeen(tables);
    this.shared?.wrote(tables);
  }

  /** A write of this process that may have touched anything (raw SQL, schema changes). */
  markAll(): void {
    this.markSeen(null);
    this.shared?.wrote(null);
  }

  /** A transaction of this process ended: a reader elsewhere may have read the old rows before its commit. */
  transactionEnded(): void {
    this.markSeen(null);
    this.shared?.committed();
  }

  /** A change told by another server instance (not told again). null: anything. */
  markSeen(tables: readonly string[] | null): void {
    const s = ++this.seq;
    if (tables === null) this.everything = s;
    else for (const t of tables) this.byTable.set(t, s);
  }
}

/** Tells the other server instances of this process's writes (server/db/pg-changes.ts). */
export interface SharedChanges {
  /** Tables just written (null: anything), committed or inside a transaction. */
  wrote(tables: readonly string[] | null): void;
  /** A transaction committed or rolled back: what was written lately is final now. */
  committed(): void;
}

const LOGS = new WeakMap<object, ChangeLog>();

/** The change log of a database handle's Kysely instance; none for transactions (no caching there). */
export const changeLogOf = (db: Kysely<unknown>): ChangeLog | undefined => LOGS.get(db);

export function attachChangeLog(db: Kysely<unknown>, log: ChangeLog): void {
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
    case "InsertQueryNode":
    case "UpdateQueryNode":
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
