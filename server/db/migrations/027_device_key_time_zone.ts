// Migration 027: device_key.time_zone (issue 28): the zone a device's local times
// ("yyyy-MM-dd HH:mm:ss" on /osmand) are read in, as Traccar's per-device `decoder.timezone`;
// empty (every existing key) means UTC, as Traccar's OsmAnd decoder reads them.
import type { Db } from "../connection";
import { addColumn } from "../ddl";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "device_key", { name: "time_zone", kind: "text" });
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("device_key").dropColumn("time_zone").execute();
}
