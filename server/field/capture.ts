// What the capture operations (clock-in, clock-out, panic) share: the acting user of a company,
// the fields of a capture (position, accuracy, capture time, note), the selfie of a multipart
// body checked by its content, and the user's projects, shift and zone.
import { fileTypeFromBuffer } from "file-type";
import { resourceByName } from "../../declaration";
import type { Actor } from "../access/actor";
import { COMPANIES } from "../access/identity";
import { eq, inList } from "../db/conditions";
import type { Db } from "../db/connection";
import { badRequest, forbidden, type FieldErrors } from "../http/errors";
import type { RecordStore, WireRecord } from "../records/store";
import { IMAGE_TYPES } from "../custom/files-images";
import { checkQuota, displayName, nameWithExtension, newStoredName, unsupported, type Upload } from "../storage/uploads";
import { checkValue, isEmpty } from "../validation/fields";
import { captureTime, MAX_ACCURACY_M } from "./rules";
import { zoneOf } from "./zones";

export const PRESENCE = resourceByName("presence");
export const PANIC = resourceByName("panic-button");
export const PROJECTS = resourceByName("project");
export const MEMBERS = resourceByName("user-to-proyek");
export const SHIFTS = resourceByName("shift");
export const USER_SHIFTS = resourceByName("user-to-shift");
export const IMAGES = resourceByName("image");
const WAYPOINT = resourceByName("waypoint");
const LON = WAYPOINT.fields.find((f) => f.name === "lon")!;
const LAT = WAYPOINT.fields.find((f) => f.name === "lat")!;
const NUMBER = { ...WAYPOINT.fields.find((f) => f.name === "accuracy")!, name: "accuracy" };

/** The actor, who must belong to a company (the platform owner captures nothing): 403 otherwise. */
export function companyActor(actor: Actor): Actor & { companyId: number } {
  if (actor.companyId === null) throw forbidden();
  return actor as Actor & { companyId: number };
}

/** A capture's fields as sent (JSON, or multipart text fields: loose). */
export interface CaptureInput {
  lon: number | null;
  lat: number | null;
  accuracy: number | null;
  /** Epoch ms: the capture time, or now. */
  captured: number;
  note: string | null;
}

/**
 * Reads and checks the fields every capture has. `position`: "required" (clock-in/out: with an
 * accuracy within MAX_ACCURACY_M), or "optional" (a panic is never refused for a missing fix).
 * Errors go into `errors`; a body naming another person (`user_id`) is refused: one captures for oneself.
 */
export function readCapture(body: Record<string, unknown>, actor: Actor, now: number, position: "required" | "optional", errors: FieldErrors, loose: boolean): CaptureInput {
  const numberOf = (name: string, f = NUMBER): number | null => {
    const v = body[name];
    if (v === undefined || isEmpty(v)) {
      if (position === "required") errors[name] = { key: "required" };
      return null;
    }
    const c = checkValue({ ...f, name }, v, loose);
    if (!c.ok) {
      errors[name] = c.error;
      return null;
    }
    return c.value as number;
  };
  const lon = numberOf("lon", LON);
  const lat = numberOf("lat", LAT);
  if (position === "optional" && (lon === null) !== (lat === null) && !errors.lon && !errors.lat) errors[lon === null ? "lon" : "lat"] = { key: "required" };
  const accuracy = numberOf("accuracy");
  if (position === "required" && accuracy !== null && accuracy > MAX_ACCURACY_M) errors.accuracy = { key: "too_inaccurate", params: { max: MAX_ACCURACY_M } };
  const at = captureTime(body.captured_at, now);
  if (!at.ok) errors.captured_at = at.error;
  let note: string | null = null;
  if (body.note !== undefined && !isEmpty(body.note)) {
    const c = checkValue(
      PRESENCE.fields.find((f) => f.name === "note")!,
      body.note,
      loose,
    );
    if (c.ok) note = c.value as string;
    else errors.note = c.error;
  }
  const person = body.user_id;
  if (person !== undefined && !isEmpty(person) && Number(person) !== actor.userId) errors.user_id = { key: "only_self" };
  return { lon, lat, accuracy, captured: at.ok ? at.ms : now, note };
}

export const throwIfErrors = (errors: FieldErrors): void => {
  if (Object.keys(errors).length) throw badRequest(errors);
};

export interface Selfie {
  content: Buffer;
  /** The client's file name (display only). */
  filename: string;
}

export interface PreparedSelfie {
  content: Buffer;
  /** The stored name. */
  name: string;
  /** The image row to insert (encoded). */
  row: Record<string, string | number | null>;
}

/** The one `selfie` part of a multipart body (required); other file parts are refused. */
export function selfieOf(up: Upload, errors: FieldErrors): Selfie | null {
  const parts = up.files.filter((f) => f.field === "selfie");
  for (const other of up.files.filter((f) => f.field !== "selfie")) errors[other.field] = { key: "bad_request" };
  if (parts.length !== 1 || parts[0].content.length === 0) {
    errors.selfie = parts.length > 1 ? { key: "too_big", params: { max: 1 } } : { key: "required" };
    return null;
  }
  return { content: parts[0].content, filename: parts[0].filename };
}

/** After the fields passed: the selfie's type by its content (415) and the company's quota (413); its image row made ready. */
export async function prepareSelfie(selfie: Selfie, store: RecordStore, actor: Actor & { companyId: number }, db: Db, kind: "in" | "out"): Promise<PreparedSelfie> {
  const type = await fileTypeFromBuffer(selfie.content);
  const image = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!image) throw unsupported(["selfie"]);
  await checkQuota(db, actor.companyId, selfie.content.length);
  const name = newStoredName(image.ext);
  const original = nameWithExtension(displayName(selfie.filename, `selfie_${kind}.${image.ext}`), image);
  const row = await store.prepareCreate(
    IMAGES,
    { folder: "selfie", owner_id: actor.userId },
    { extra: { file_name: name, original_name: original, mime: image.mime, size: selfie.content.length } },
  );
  return { content: selfie.content, name, row };
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
