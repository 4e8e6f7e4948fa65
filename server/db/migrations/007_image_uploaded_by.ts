// Migration 007: image.uploaded_by (resources.config.ts `image`, its ownerField): the uploader may
// delete an image; others need the right to edit the records of its folder
// (server/custom/files-images.ts). Rows from before stay null: only the second rule applies.
import type { Db } from "../connection";
import { addColumn } from "../ddl";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "image", { name: "uploaded_by", kind: "integer" });
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("image").dropColumn("uploaded_by").execute();
}
