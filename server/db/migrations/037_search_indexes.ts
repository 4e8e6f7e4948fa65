// Migration 037: the search indexes of the declaration after the holiday and pay-rate resources
// (snapshot server/db/snapshots/037_search_indexes.ts); syncSearchIndexes makes the new ones and
// drops those no longer declared. Down: back to 029's.
import { dialectOf, type Db } from "../connection";
import { syncSearchIndexes } from "../ddl";
import { SEARCH_INDEXES as BEFORE } from "../snapshots/029_search_indexes";
import { SEARCH_INDEXES } from "../snapshots/037_search_indexes";

export async function up(db: Db): Promise<void> {
  await syncSearchIndexes(db, SEARCH_INDEXES[dialectOf(db)]);
}

export async function down(db: Db): Promise<void> {
  await syncSearchIndexes(db, BEFORE[dialectOf(db)]);
}
