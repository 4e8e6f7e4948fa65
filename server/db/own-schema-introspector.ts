// PostgreSQL introspection of the connection's own schema only (current_schema(): the search_path
// the pool sets). Kysely's PostgresIntrospector reads every schema of the database and calls
// has_schema_privilege and pg_get_serial_sequence on each by name, so a schema another user of the
// database drops meanwhile (another deployment sharing it, another test file) fails the read with
// "schema ... does not exist" (3F000). The migrator introspects before it migrates: a start, or
// a test file's setup, failed that way while another finished. Its query, kept to one schema.
import { sql, type DatabaseIntrospector, type ColumnMetadata, type Dialect, type Kysely, type SchemaMetadata, type TableMetadata } from "kysely";

/** The migrator's own tables (Kysely's defaults, which it does not export from its entry point). */
const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"] as const;

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.db);
    return rows.flatMap((r) => (r.name ? [{ name: r.name }] : []));
  }

  async getTables(options: { withInternalKyselyTables?: boolean } = {}): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables ? sql`` : sql`and c.relname not in (${MIGRATION_TABLES[0]}, ${MIGRATION_TABLES[1]})`;
    const { rows } = await sql<ColumnRow>`
      select a.attname as "column", a.attnotnull as not_null, a.atthasdef as has_default, c.relname as "table",
        c.relkind as table_type, ns.nspname as "schema", typ.typname as "type", dtns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as column_description,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing
      from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where c.relkind in ('r', 'v', 'p', 'f') and ns.nspname = current_schema()
        and a.attnum >= 0 and not a.attisdropped ${internal}
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const c of rows) {
      let t = tables.get(c.table);
      if (!t) tables.set(c.table, (t = { name: c.table, schema: c.schema, isView: c.table_type === "v", isForeign: c.table_type === "f", columns: [] }));
      t.columns.push({
        name: c.column,
        dataType: c.type,
        dataTypeSchema: c.type_schema,
        isNullable: !c.not_null,
        isAutoIncrementing: c.auto_incrementing !== null,
        hasDefaultValue: c.has_default,
        comment: c.column_description ?? undefined,
      });
    }
    return [...tables.values()];
  }
}

/** The dialect with its introspection kept to the connection's own schema. */
export const withOwnSchemaIntrospection = (inner: Dialect): Dialect => ({
  createAdapter: () => inner.createAdapter(),
  createQueryCompiler: () => inner.createQueryCompiler(),
  createDriver: () => inner.createDriver(),
  createIntrospector: (db) => new OwnSchemaIntrospector(db as Kysely<unknown>),
});
