// panic-button add (the worker's own alarm, JSON) and acknowledge/{id} (docs/api.md "Field
// capture"). An alarm is never refused for a missing or poor GPS fix: the position is optional
// (both coordinates or none) and any accuracy is taken; nor for its capture time: one the server's
// clock cannot take (ahead, older than a day, absent) gives way to the receipt time, with the skew
// recorded (server/field/capture-time.ts). The person is the actor, the status "open",
// alert_time the capture time; the address the site's, when the alarm is there. Acknowledging needs the edit right on the panic menu and
// the row in the actor's row scope; only an open alarm is acknowledged (409 naming who did).
import { eq } from "../db/conditions";
import { encodeRecord } from "../db/codec";
import { badRequest, HttpError, notFound, type FieldErrors } from "../http/errors";
import { companyActor, PANIC, PROJECTS, readCapture, throwIfErrors } from "../field/capture";
import { idempotencyKeyOf, storedFor, writeOnce } from "../field/idempotency";
import { sentLate, workArea } from "../field/rules";
import { addTrail, trailOf } from "../events/panic-trail";
import { publishPanic } from "../events/publish";
import type { RecordStore } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import { checkValue, isEmpty } from "../validation/fields";

/** Most characters of an alarm's message. */
export const PANIC_MESSAGE_MAX = 500;
const ADD = "panic-button/add";
const iso = (ms: number): string => new Date(ms).toISOString();
const fieldOf = (name: string) => PANIC.fields.find((f) => f.name === name)!;

const bodyOf = (raw: unknown): Record<string, unknown> => {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw badRequest({ body: { key: "bad_request" } });
  return raw as Record<string, unknown>;
};

/**
 * The address of the alarm's site, when it names the place: the project's address, if it has one
 * and the alarm has no position or one inside the project's work area (else the coordinates say
 * where). Another company's project is left to the store (bad_ref).
 */
async function siteAddress(store: RecordStore, projectId: number, at: [number, number] | null): Promise<string | null> {
  const project = await store.findOne(PROJECTS, [eq("id", projectId)]);
  const address = typeof project?.address === "string" ? project.address.trim() : "";
  if (!project || !address) return null;
  return at === null || workArea(at, project) !== "outside" ? address : null;
}

registerCustom("panic-button", "add", async (ctx) => {
  const actor = companyActor(ctx.actor);
  const now = Date.now();
  const body = bodyOf(ctx.body);
  const key = idempotencyKeyOf(body.idempotency_key);
  if (key) {
    const id = await storedFor(ctx.db, actor, key, ADD);
    if (id !== null) return ctx.store.getById(PANIC, id);
  }
  const errors: FieldErrors = {};
  const capture = readCapture(body, actor.userId, now, "alarm", errors, false);
  let message: string | null = null;
  if (body.message !== undefined && !isEmpty(body.message)) {
    const c = checkValue({ ...fieldOf("message"), maxLength: PANIC_MESSAGE_MAX }, body.message);
    if (c.ok) message = c.value as string;
    else errors.message = c.error;
  }
  let projectId: number | null = null;
  if (body.project_id !== undefined && !isEmpty(body.project_id)) {
    const c = checkValue(fieldOf("project_id"), body.project_id);
    if (c.ok) projectId = c.value as number;
    else errors.project_id = c.error;
  }
  throwIfErrors(errors);
  const at: [number, number] | null = capture.lon === null ? null : [capture.lon, capture.lat!];
  // Refs (another company's project: bad_ref) and the row scope are the store's.
  const row = await ctx.store.prepareCreate(
    PANIC,
    {
      user_id: actor.userId,
      project_id: projectId,
      alert_time: iso(capture.captured),
      location: at,
      address: projectId === null ? null : await siteAddress(ctx.store, projectId, at),
      message,
      status: "open",
      accuracy: capture.accuracy,
      note: capture.note,
    },
    {
      extra: {
        sent_late: sentLate(capture.captured, now),
        received_at: iso(capture.time.received),
        captured_at: capture.time.sent === null ? null : iso(capture.time.sent),
        clock_skew_seconds: capture.time.skewSeconds,
      },
    },
  );
  const stored = await writeOnce(ctx.db, actor, key, ADD, async (trx) => {
    const id = await ctx.store.withDb(trx).insertRow(PANIC, row);
    await addTrail(trx, { companyId: actor.companyId, panicId: id, kind: "raised", actorId: actor.userId, at: row.alert_time as string });
    return id;
  });
  const panic = await ctx.store.getById(PANIC, stored.id);
  if (!stored.replayed) publishPanic(ctx.services.events, actor.companyId, "raised", panic);
  return panic;
});

registerCustom("panic-button", "acknowledge", async (ctx) => {
  const id = Number(ctx.params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  const body = bodyOf(ctx.body);
  let note: string | undefined;
  if (body.note !== undefined && !isEmpty(body.note)) {
    const c = checkValue(fieldOf("note"), body.note);
    if (!c.ok) throw badRequest({ note: c.error });
    note = c.value as string;
  }
  // Within the actor's tenancy and row scope, else 404 as another company's.
  const current = await ctx.store.findOne(PANIC, [eq("id", id)]);
  if (!current) throw notFound();
  const now = new Date().toISOString();
  const values: Record<string, unknown> = { status: "acknowledged", handled_by: ctx.actor.userId, handled_at: now };
  if (note !== undefined) values.note = current.note ? `${String(current.note)}\n${note}` : note;
  const vis = await ctx.store.visibility(PANIC);
  let q = ctx.db
    .updateTable(PANIC.table)
    .set({ ...encodeRecord(PANIC, values), updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "open");
  for (const c of vis.conds) q = q.where(c);
  const res = await q.executeTakeFirst();
  const after = await ctx.store.getById(PANIC, id);
  if (Number(res.numUpdatedRows ?? 0) !== 1) {
    throw new HttpError(409, "already_acknowledged", { name: String(after.handled_by_label ?? "-") }, undefined, {
      status: after.status,
      handled_by: after.handled_by,
      handled_by_name: after.handled_by_label,
      handled_at: after.handled_at,
    });
  }
  const companyId = Number(after.company_id ?? ctx.actor.companyId);
  await addTrail(ctx.db, { companyId, panicId: id, kind: "acknowledged", actorId: ctx.actor.userId, note: note ?? null, at: now });
  publishPanic(ctx.services.events, companyId, "acknowledged", after);
  return after;
});

registerCustom("panic-button", "trail", async (ctx) => {
  const id = Number(ctx.params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  // Within the actor's tenancy and row scope, else 404 as another company's.
  const panic = await ctx.store.findOne(PANIC, [eq("id", id)]);
  if (!panic) throw notFound();
  return trailOf(ctx.db, Number(panic.company_id), id);
});
