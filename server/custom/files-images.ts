// The image store (`image` in resources.config.ts): upload, multiple-upload, serve, delete.
// Files live in services.files under the image's folder ("selfie", "profile", "k3", ... — the
// same folders the demo seed writes), named by the server; the row holds the company, folder,
// owner_id, stored name, the client's name for display, the detected type and the size.
//
// - Type by content only: JPEG, PNG, WebP or GIF as file-type reads the bytes; anything else
//   is 415, whatever the name or the Content-Type says. The stored extension is the detected one.
// - owner_id is the id of the record the picture belongs to (a user for selfie/profile, a K3
//   report, ...) or 0 while that record does not exist yet (the web app uploads before saving
//   a new record). It is not checked against a table: one folder serves several owners
//   (project-expenditure receipts land in "project"); tenancy comes from company_id.
// - Serving, searching, deleting: only the actor's company's images, and of a private record's
//   files (a selfie, a permit's attachment, a K3 photo) only those of records the actor may see
//   (server/access/file-scope.ts, through the record store); 404 otherwise, as for a missing one.
// - Deleting: the uploader (uploaded_by), or whoever may edit records of a resource whose images
//   go to that folder (declaration/image-folders.ts); others get 403 and the file stays.
import { fileTypeFromFile } from "file-type";
import { resourceByName } from "../../declaration";
import { fileNamesOf, FOLDER_RESOURCES, MAX_IMAGE_DELETE } from "../../declaration/image-store";
import { inList } from "../db/conditions";
import type { Stored } from "../db/codec";
import { isAllowed } from "../access/operation-access";
import { badRequest, forbidden, notFound } from "../http/errors";
import type { OpContext } from "../routes/context";
import { registerCustom } from "../routes/custom-registry";
import {
  checkQuota,
  contentDisposition,
  displayName,
  fileParts,
  isStoredName,
  nameWithExtension,
  newStoredName,
  notModified,
  readUpload,
  sendStored,
  slotAccepts,
  unsupported,
  type Kind,
  type UploadedFile,
} from "../storage/uploads";

const IMAGE = resourceByName("image");

/**
 * Folders holding only platform records' images (a company's logo): the image row carries the
 * company, the record is the platform's, so the platform owner (of no company) reads them all.
 */
const PLATFORM_FOLDERS = new Set([...FOLDER_RESOURCES].filter(([, rs]) => rs.every((r) => r.scope === "platform")).map(([folder]) => folder));

/** An image of a platform folder in any company (the platform owner's read). */
async function platformImage(ctx: OpContext, folder: string, name: string) {
  return ctx.db.selectFrom(IMAGE.table).selectAll().where("folder", "=", folder).where("file_name", "=", name).executeTakeFirst();
}

/** May the actor delete these images? Their uploader may; so may an editor of the folder's records. */
async function mayDelete(ctx: OpContext, rows: Record<string, unknown>[]): Promise<boolean> {
  if (ctx.actor.isOwner || rows.every((r) => Number(r.uploaded_by) === ctx.actor.userId)) return true;
  for (const r of FOLDER_RESOURCES.get(String(rows[0]?.folder)) ?? []) if (await isAllowed(ctx.db, ctx.actor, r, "update")) return true;
  return false;
}

/** Detected type → what is stored. */
export const IMAGE_TYPES: Readonly<Record<string, Kind>> = {
  "image/jpeg": { ext: "jpg", mime: "image/jpeg", names: ["jpg", "jpeg", "jpe", "jfif"] },
  "image/png": { ext: "png", mime: "image/png" },
  "image/webp": { ext: "webp", mime: "image/webp" },
  "image/gif": { ext: "gif", mime: "image/gif" },
};

interface Prepared {
  name: string;
  folder: string;
  /** The upload's temporary file (moved into the store). */
  from: string;
  row: Record<string, Stored>;
}

/** Validates the form fields and every file (by content) before anything is stored. */
async function prepare(ctx: OpContext, fields: Record<string, string>, parts: UploadedFile[]): Promise<Prepared[]> {
  const body = { folder: fields.folder, owner_id: fields.owner_id };
  // Fields first (400 with errors per field), so a wrong folder is told before the file type.
  await ctx.store.prepareCreate(IMAGE, body, { loose: true });
  const types = await Promise.all(parts.map((p) => fileTypeFromFile(p.path)));
  const taken = (i: number) => {
    const kind = types[i] ? IMAGE_TYPES[types[i].mime] : undefined;
    return !!kind && slotAccepts(ctx.op.files, "file", kind);
  };
  const refused = parts.flatMap((_, i) => (taken(i) ? [] : [parts.length > 1 ? `file.${i}` : "file"]));
  if (refused.length) throw unsupported(refused);
  await checkQuota(
    ctx.db,
    ctx.actor.companyId,
    parts.reduce((n, p) => n + p.size, 0),
  );
  const out: Prepared[] = [];
  for (const [i, p] of parts.entries()) {
    const kind = IMAGE_TYPES[types[i]!.mime];
    const name = newStoredName(kind.ext);
    const original = nameWithExtension(displayName(p.filename, `image.${kind.ext}`), kind);
    const extra = { file_name: name, original_name: original, mime: kind.mime, size: p.size };
    const row = await ctx.store.prepareCreate(IMAGE, body, { loose: true, extra });
    out.push({ name, folder: String(row.folder), from: p.path, row });
  }
  return out;
}

/** Writes the files, then inserts the rows in one transaction; on failure nothing stays. */
async function save(ctx: OpContext, items: Prepared[]): Promise<Record<string, unknown>[]> {
  const files = ctx.services.files;
  const written: Prepared[] = [];
  try {
    for (const it of items) {
      await files.moveIn(it.folder, it.name, it.from);
      written.push(it);
    }
    const ids = await ctx.db.transaction().execute(async (trx) => {
      const store = ctx.store.withDb(trx);
      const out: number[] = [];
      for (const it of items) out.push(await store.insertRow(IMAGE, it.row));
      return out;
    });
    const rows = await ctx.store.rows(IMAGE, [inList("id", ids)], { orders: [{ column: "id", direction: "asc" }] });
    return ctx.store.present(IMAGE, rows);
  } catch (e) {
    await Promise.all(written.map((it) => files.remove(it.folder, it.name).catch(() => undefined)));
    throw e;
  }
}

registerCustom("image", "upload", async (ctx) => {
  const up = await readUpload(ctx);
  const parts = fileParts(up);
  const [created] = await save(ctx, await prepare(ctx, up.fields, parts));
  return created;
});

registerCustom("image", "multiple-upload", async (ctx) => {
  const up = await readUpload(ctx);
  const parts = fileParts(up);
  return save(ctx, await prepare(ctx, up.fields, parts));
});

/** GET image/{folder}/{file_name}: the bytes, for the actor's company only. */
registerCustom("image", "{folder}/{file_name}", async (ctx) => {
  const { folder, file_name: name } = ctx.params;
  if (!isStoredName(name)) throw notFound();
  const row =
    ctx.actor.isOwner && PLATFORM_FOLDERS.has(folder)
      ? await platformImage(ctx, folder, name)
      : await ctx.store.findOne(IMAGE, ctx.store.matchParams(IMAGE, { folder, file_name: name }));
  if (!row) throw notFound();
  // Stored names are never reused, so the name is a strong validator of the content.
  const etag = `"${name}"`;
  const cacheControl = "private, max-age=86400";
  if (notModified(ctx.req, etag)) return ctx.reply.code(304).header("etag", etag).header("cache-control", cacheControl).send();
  const content = await ctx.services.files.read(String(row.folder), name);
  if (!content) throw notFound();
  return sendStored(ctx.reply, {
    content,
    mime: String(row.mime ?? "application/octet-stream"),
    disposition: contentDisposition("inline", String(row.original_name ?? name)),
    cacheControl,
    etag,
  });
});

/** Rows first (so a refused delete keeps the file), then the files. */
async function removeImages(ctx: OpContext, folder: string, ownerId: string, names: string[]): Promise<number> {
  if (names.length === 0 || !names.every(isStoredName)) throw notFound();
  const conds = [...ctx.store.matchParams(IMAGE, { folder, owner_id: ownerId }), inList("file_name", names)];
  const rows = await ctx.store.rows(IMAGE, conds);
  // All or nothing: one unknown name (or another company's) and nothing is deleted.
  if (rows.length !== names.length) throw notFound();
  if (!(await mayDelete(ctx, rows))) throw forbidden();
  const deleted = await ctx.store.remove(IMAGE, conds);
  for (const r of rows) await ctx.services.files.remove(String(r.folder), String(r.file_name));
  return deleted;
}

registerCustom("image", "delete/{folder}/{owner_id}/{file_name}", async (ctx) => {
  await removeImages(ctx, ctx.params.folder, ctx.params.owner_id, [ctx.params.file_name]);
  return null;
});

registerCustom("image", "multiple-delete/{folder}/{owner_id}/{file_names}", async (ctx) => {
  const names = fileNamesOf(ctx.params.file_names);
  if (names.length > MAX_IMAGE_DELETE) throw badRequest({ file_names: { key: "too_big", params: { max: MAX_IMAGE_DELETE } } });
  return { deleted: await removeImages(ctx, ctx.params.folder, ctx.params.owner_id, names) };
});
