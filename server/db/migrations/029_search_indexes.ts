// Migration 029: the search indexes of the declaration after companies gained the
// "two-factor sign-in required of its administrators" filter (snapshot
// server/db/snapshots/029_search_indexes.ts); syncSearchIndexes makes the new ones and drops
// those no longer declared. Down: back to 028's.
import { dialectOf, type Db } from "../connection";
import { syncSearchIndexes } from "../ddl";
import { SEARCH_INDEXES as BEFORE } from "../snapshots/028_search_indexes";
import { SEARCH_INDEXES } from "../snapshots/029_search_indexes";

export async function up(db: Db): Promise<void> {
  await syncSearchIndexes(db, SEARCH_INDEXES[dialectOf(db)]);
}

export async function down(db: Db): Promise<void> {
  await syncSearchIndexes(db, BEFORE[dialectOf(db)]);
}
