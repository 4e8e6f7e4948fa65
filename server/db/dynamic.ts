// The one escape from the typed database (server/db/database.ts): generic code that works on a
// table named at run time (a resource's `table` chosen by a route or a search body) sees a table
// as a record of unknown columns. Only server/records/ and the generic routes (server/routes/)
// use it; code that names its tables uses the typed `Db`.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./database";

/** Any table, any column: what a table named at run time holds as far as TypeScript knows. */
export type DynamicDatabase = Record<string, Record<string, unknown>>;
export type DynamicDb = Kysely<DynamicDatabase>;

/** The same database (or transaction), its tables and columns named by strings chosen at run time. */
export const dynamicDb = (db: Kysely<Database> | Transaction<Database>): DynamicDb => db as unknown as DynamicDb;
