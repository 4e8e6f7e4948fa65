// Migration 008: version_gantt.revision (resources.config.ts `version-gantt`): the count of plan
// saves (version-gantt save-plan/{id}, server/custom/gantt-plan.ts); a save names the revision it
// read and is refused when another came first. Versions from before start at 0.
import type { Db } from "../connection";
import { addColumn } from "../ddl";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "version_gantt", { name: "revision", kind: "integer" });
  await db.updateTable("version_gantt").set({ revision: 0 }).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("version_gantt").dropColumn("revision").execute();
}
