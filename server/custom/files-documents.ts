// Project documents (`document-project`): upload, download, delete. Files live in
// services.files folder "documents" (as the demo seed writes them) under a server-made name
// kept in the record's `file`; `name` is the client's file name cleaned for display.
//
// Accepted types, decided by content (file-type) and, where the bytes cannot tell, by the
// name: see DOCUMENT_TYPES and TEXT_TYPES below. Macro-enabled Office files, executables,
// archives other than ZIP/KMZ, HTML/SVG/scripts are refused with 415.
import { fileTypeFromFile } from "file-type";
import { resourceByName } from "../../declaration";
import { eq } from "../db/conditions";
import { badRequest, notFound } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";
import {
  checkQuota,
  contentDisposition,
  displayName,
  extensionOf,
  fileParts,
  isPlainTextFile,
  isStoredName,
  nameWithExtension,
  newStoredName,
  readUpload,
  sendStored,
  slotAccepts,
  unsupported,
  type Kind,
} from "../storage/uploads";

const DOCUMENT = resourceByName("document-project");
const FOLDER = resourceByName("folder-document-proyek");

/** Where documents are stored (services.files folder), shared with the demo seed. */
export const DOCUMENTS_FOLDER = "documents";

/** Types file-type recognizes that we keep, by the extension it reports. */
const DOCUMENT_TYPES: Readonly<Record<string, Kind>> = {
  pdf: { ext: "pdf", mime: "application/pdf" },
  docx: { ext: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  xlsx: { ext: "xlsx", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  pptx: { ext: "pptx", mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation" },
  odt: { ext: "odt", mime: "application/vnd.oasis.opendocument.text" },
  ods: { ext: "ods", mime: "application/vnd.oasis.opendocument.spreadsheet" },
  odp: { ext: "odp", mime: "application/vnd.oasis.opendocument.presentation" },
  rtf: { ext: "rtf", mime: "application/rtf" },
  jpg: { ext: "jpg", mime: "image/jpeg", names: ["jpg", "jpeg", "jpe", "jfif"] },
  png: { ext: "png", mime: "image/png" },
  webp: { ext: "webp", mime: "image/webp" },
  gif: { ext: "gif", mime: "image/gif" },
  // Drawings from the site office (AutoCAD).
  dwg: { ext: "dwg", mime: "image/vnd.dwg" },
  zip: { ext: "zip", mime: "application/zip" },
};

/** Legacy Office files are OLE compound files ("cfb"): the name tells which one. */
const CFB_TYPES: Readonly<Record<string, Kind>> = {
  doc: { ext: "doc", mime: "application/msword" },
  xls: { ext: "xls", mime: "application/vnd.ms-excel" },
  ppt: { ext: "ppt", mime: "application/vnd.ms-powerpoint" },
};

/** Text without magic bytes, by the name's extension (no extension → txt). */
const TEXT_TYPES: Readonly<Record<string, Kind>> = {
  txt: { ext: "txt", mime: "text/plain", names: ["txt", "text", "log"] },
  log: { ext: "txt", mime: "text/plain", names: ["txt", "text", "log"] },
  csv: { ext: "csv", mime: "text/csv" },
  md: { ext: "md", mime: "text/markdown" },
  json: { ext: "json", mime: "application/json" },
  geojson: { ext: "geojson", mime: "application/geo+json" },
  kml: { ext: "kml", mime: "application/vnd.google-earth.kml+xml" },
};

const KMZ: Kind = { ext: "kmz", mime: "application/vnd.google-earth.kmz" };

/** The stored kind of an uploaded file (its temporary path), or null when it is not accepted. */
export async function documentKind(path: string, clientName: string): Promise<Kind | null> {
  const nameExt = extensionOf(clientName);
  const t = await fileTypeFromFile(path);
  if (t) {
    if (t.ext === "zip" && nameExt === "kmz") return KMZ;
    if (t.ext === "cfb") return CFB_TYPES[nameExt] ?? null;
    // KML usually starts with an XML declaration.
    if (t.ext === "xml") return nameExt === "kml" && (await isPlainTextFile(path)) ? TEXT_TYPES.kml : null;
    return DOCUMENT_TYPES[t.ext] ?? null;
  }
  if (!(await isPlainTextFile(path))) return null;
  if (nameExt === "") return TEXT_TYPES.txt;
  return TEXT_TYPES[nameExt] ?? null;
}

registerCustom("document-project", "upload", async (ctx) => {
  const up = await readUpload(ctx);
  const [part] = fileParts(up);
  const f = up.fields;
  const body = { project_id: f.project_id, folder_id: f.folder_id, description: f.description, file: "pending.bin" };
  // Fields first: 400 with errors per field (project of another company → project_id: bad_ref).
  await ctx.store.prepareCreate(DOCUMENT, body, { loose: true });
  const kind = await documentKind(part.path, displayName(part.filename, ""));
  if (!kind || !slotAccepts(ctx.op.files, "file", kind)) throw unsupported(["file"]);
  const stored = newStoredName(kind.ext);
  const name = nameWithExtension(displayName(part.filename, `document.${kind.ext}`), kind);
  const row = await ctx.store.prepareCreate(DOCUMENT, { ...body, file: stored }, { loose: true, extra: { name, mime: kind.mime, size: part.size } });
  if (row.folder_id !== null && row.folder_id !== undefined) {
    // The folder must hang under the same project.
    const folder = await ctx.store.rows(FOLDER, [eq("id", row.folder_id)]);
    if (!folder.length || Number(folder[0].project_id) !== Number(row.project_id)) throw badRequest({ folder_id: { key: "bad_ref" } });
  }
  await checkQuota(ctx.db, ctx.actor.companyId, part.size);
  await ctx.services.files.moveIn(DOCUMENTS_FOLDER, stored, part.path);
  try {
    const id = await ctx.store.insertRow(DOCUMENT, row);
    return await ctx.store.getById(DOCUMENT, id);
  } catch (e) {
    await ctx.services.files.remove(DOCUMENTS_FOLDER, stored).catch(() => undefined);
    throw e;
  }
});

registerCustom("document-project", "download/{project_id}/{id}", async (ctx) => {
  const doc = await ctx.store.findOne(DOCUMENT, ctx.store.matchParams(DOCUMENT, ctx.params));
  if (!doc || !isStoredName(doc.file)) throw notFound();
  const content = await ctx.services.files.read(DOCUMENTS_FOLDER, doc.file);
  if (!content) throw notFound();
  return sendStored(ctx.reply, {
    content,
    mime: String(doc.mime ?? "application/octet-stream"),
    disposition: contentDisposition("attachment", String(doc.name ?? doc.file)),
    // Contracts and drawings: the browser asks again each time (access may have changed).
    cacheControl: "private, no-cache",
  });
});

registerCustom("document-project", "delete/{project_id}/{id}", async (ctx) => {
  const conds = ctx.store.matchParams(DOCUMENT, ctx.params);
  const doc = await ctx.store.findOne(DOCUMENT, conds);
  if (!doc) throw notFound();
  // The row first: if it cannot go (in use), the file stays with it.
  await ctx.store.remove(DOCUMENT, conds);
  if (isStoredName(doc.file)) await ctx.services.files.remove(DOCUMENTS_FOLDER, doc.file);
  return null;
});
