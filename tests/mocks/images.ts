// The image store's multiple upload and multiple delete as server/custom/files-images.ts answers
// them, over the mock's rows (it keeps no bytes and takes a file's type as the browser sends it):
// - multiple-upload: one row per file (each as a single upload stores it), all or none, in order;
// - multiple-delete/{folder}/{owner_id}/{file_names}: all or nothing (404 when one name is not the
//   actor's to see), by the uploader or an editor of the folder's records (403 otherwise).
import { resourceByName } from "../../declaration";
import { fileNamesOf, FOLDER_RESOURCES, MAX_IMAGE_DELETE } from "../../declaration/image-store";
import { badRequest, forbidden, notFound, type FieldErrors } from "../../server/http/errors";
import type { MockContext } from "./context";
import type { Row } from "./db";
import { answer, createRecord } from "./generic";

const IMAGE = resourceByName("image");

export function mockMultipleUpload(c: MockContext): Row[] {
  const errors: FieldErrors = {};
  if (!c.files.length) errors.file = { key: "required" };
  c.files.forEach((f, i) => {
    if (f.size === 0) errors[c.files.length > 1 ? `file.${i}` : "file"] = { key: "required" };
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  const body = { folder: c.payload.folder, owner_id: c.payload.owner_id };
  // Every file's row has the same fields: a 400 comes with the first, before anything is stored.
  return c.files.map((file) => answer(IMAGE, createRecord({ ...c, payload: body, stored: file }), c.db));
}

export function mockMultipleDelete(c: MockContext): { deleted: number } {
  const names = fileNamesOf(c.params.file_names);
  if (names.length > MAX_IMAGE_DELETE) throw badRequest({ file_names: { key: "too_big", params: { max: MAX_IMAGE_DELETE } } });
  const rows = c.rows().filter((x) => String(x.folder) === c.params.folder && String(x.owner_id) === c.params.owner_id && names.includes(String(x.file_name)));
  if (!names.length || rows.length !== names.length) throw notFound();
  const mayDelete =
    c.actor.role.role_type === "owner" ||
    rows.every((x) => Number(x.uploaded_by) === c.actor.id) ||
    (FOLDER_RESOURCES.get(c.params.folder) ?? []).some((r) => c.holds({ menu: r.access, action: "update" }));
  if (!mayDelete) throw forbidden();
  const gone = new Set(rows);
  return { deleted: c.db.remove(IMAGE.name, (x) => gone.has(x)) };
}
