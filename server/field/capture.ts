// What the capture operations (clock-in, clock-out, panic) share: the acting user of a company,
// the fields of a capture (position, accuracy, capture time, note), the selfie of a multipart
// body checked by its content, and the user's projects, shift and zone.
import { fileTypeFromFile } from "file-type";
import { resourceByName } from "../../declaration";
import type { Actor } from "../access/actor";
import { COMPANIES } from "../access/identity";
import { eq, inList } from "../db/conditions";
import type { Db } from "../db/connection";
import { forbidden, type FieldErrors } from "../http/errors";
import type { RecordStore, WireRecord } from "../records/store";
import { IMAGE_TYPES } from "../custom/files-images";
import { checkQuota, displayName, nameWithExtension, newStoredName, slotAccepts, unsupported, type Upload } from "../storage/uploads";
import type { FileSlots } from "../../declaration";
import { zoneOf } from "./zones";

export { readCapture, throwIfErrors, type CaptureInput } from "./capture-fields";

export const PRESENCE = resourceByName("presence");
export const PANIC = resourceByName("panic-button");
export const PROJECTS = resourceByName("project");
export const MEMBERS = resourceByName("user-to-proyek");
export const SHIFTS = resourceByName("shift");
export const USER_SHIFTS = resourceByName("user-to-shift");
export const IMAGES = resourceByName("image");

/** The actor, who must belong to a company (the platform owner captures nothing): 403 otherwise. */
export function companyActor(actor: Actor): Actor & { companyId: number } {
  if (actor.companyId === null) throw forbidden();
  return actor as Actor & { companyId: number };
}

export interface Selfie {
  /** The upload's temporary file. */
  path: string;
  size: number;
  /** The client's file name (display only). */
  filename: string;
}

export interface PreparedSelfie {
  /** The upload's temporary file (moved into the store). */
  from: string;
  /** The stored name. */
  name: string;
  /** The image row to insert (encoded). */
  row: Record<string, string | number | null>;
}

/** The `selfie` part of a multipart body (required; the upload took no other file part, nor a second one). */
export function selfieOf(up: Upload, errors: FieldErrors): Selfie | null {
  const part = up.files.find((f) => f.field === "selfie");
  if (!part || part.size === 0) {
    errors.selfie = { key: "required" };
    return null;
  }
  return { path: part.path, size: part.size, filename: part.filename };
}

/**
 * After the fields passed: the selfie's type by its content (an image its slot accepts, else 415)
 * and the company's quota (413); its image row made ready.
 */
export async function prepareSelfie(
  selfie: Selfie,
  slots: FileSlots | undefined,
  store: RecordStore,
  actor: Actor & { companyId: number },
  db: Db,
  kind: "in" | "out",
): Promise<PreparedSelfie> {
  const type = await fileTypeFromFile(selfie.path);
  const image = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!image || !slotAccepts(slots, "selfie", image)) throw unsupported(["selfie"]);
  await checkQuota(db, actor.companyId, selfie.size);
  const name = newStoredName(image.ext);
  const original = nameWithExtension(displayName(selfie.filename, `selfie_${kind}.${image.ext}`), image);
  const row = await store.prepareCreate(
    IMAGES,
    { folder: "selfie", owner_id: actor.userId },
    { extra: { file_name: name, original_name: original, mime: image.mime, size: selfie.size } },
  );
  return { from: selfie.path, name, row };
}

/** The company's own zone. */
export async function companyZone(db: Db, companyId: number): Promise<string> {
  const row = await db.selectFrom(COMPANIES.table).select("time_zone").where("id", "=", companyId).executeTakeFirst();
  return zoneOf(row?.time_zone);
}

/** A project's zone: its own, else its company's. */
export const projectZone = (project: WireRecord | null | undefined, company: string): string => zoneOf(project?.time_zone, company);

/** The actor's projects: active memberships (is_active not false), the project records in the company. */
export async function myProjects(store: RecordStore, actor: Actor): Promise<WireRecord[]> {
  const members = await store.rows(MEMBERS, [eq("user_id", actor.userId)]);
  const ids = [...new Set(members.filter((m) => m.is_active === null || Number(m.is_active) !== 0).map((m) => Number(m.project_id)))];
  if (!ids.length) return [];
  return store.present(PROJECTS, await store.rows(PROJECTS, [inList("id", ids)], { orders: [{ column: "id", direction: "asc" }] }));
}

/** The shift the user works on a date: the user-to-shift covering it with the latest start (a rotation over the standing one). */
export async function shiftOn(store: RecordStore, userId: number, date: string): Promise<WireRecord | null> {
  const rows = await store.rows(USER_SHIFTS, [eq("user_id", userId)]);
  const covering = rows
    .filter((r) => String(r.start_date) <= date && (r.end_date === null || r.end_date === undefined || String(r.end_date) >= date))
    .sort((a, b) => String(b.start_date).localeCompare(String(a.start_date)) || Number(b.id) - Number(a.id));
  if (!covering.length) return null;
  return store.findOne(SHIFTS, [eq("id", Number(covering[0].shift_id))]);
}
