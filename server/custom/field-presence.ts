// presence clock-in, clock-out (multipart: a selfie and the capture's fields) and today (the
// worker's own day), docs/api.md "Field capture". The server decides what the worker cannot:
// the day and the clock time in the site's zone (the project's, else the company's), on time or
// late against the shift covering that day plus its grace, inside or outside the project's work
// area, the work duration. A capture queued offline carries its capture time (accepted within
// the last 24 hours, at most 2 minutes ahead: server/field/capture-time.ts) and is marked sent
// late when it arrived more than 2 minutes after it; the receipt time is kept beside it. An idempotency key makes a retry answer the stored record and store nothing.
import type { FieldDay } from "../../declaration/answers";
import { cmp, eq, isNull, notNull } from "../db/conditions";
import { encodeRecord } from "../db/codec";
import { conflict, badRequest, type FieldErrors } from "../http/errors";
import {
  companyActor,
  companyZone,
  IMAGES,
  myProjects,
  prepareSelfie,
  PRESENCE,
  PROJECTS,
  projectZone,
  readCapture,
  selfieOf,
  SHIFTS,
  shiftOn,
  throwIfErrors,
  type PreparedSelfie,
} from "../field/capture";
import { publishPresence } from "../events/publish";
import { idempotencyKeyOf, storedFor, writeOnce, type Stored } from "../field/idempotency";
import { CAPTURE_MAX_AGE_MS, presenceStatus, sentLate, workArea, workDuration } from "../field/rules";
import { localParts } from "../field/zones";
import type { WireRecord } from "../records/store";
import type { OpContext } from "../routes/context";
import { registerCustom } from "../routes/custom-registry";
import { readUpload } from "../storage/uploads";
import { checkValue, isEmpty } from "../validation/fields";

const iso = (ms: number): string => new Date(ms).toISOString();
const CLOCK_IN = "presence/clock-in";
const CLOCK_OUT = "presence/clock-out";
/** One user's clock actions one at a time (PostgreSQL; SQLite writers queue anyway). */
const lockOf = (userId: number) => `clock:${userId}`;

/** The larger of a row's recorded skew and a new one (null: none recorded). */
const largerSkew = (stored: unknown, next: number | null): number | null => {
  const before = typeof stored === "number" ? stored : null;
  if (before === null || next === null) return before ?? next;
  return Math.abs(next) > Math.abs(before) ? next : before;
};

/** Writes the selfie's bytes, runs `write`, and removes them again when nothing was stored (a failure or a replay). */
async function withSelfie(ctx: OpContext, selfie: PreparedSelfie, write: () => Promise<Stored>): Promise<Stored> {
  const files = ctx.services.files;
  await files.moveIn("selfie", selfie.name, selfie.from);
  let result: Stored | undefined;
  try {
    result = await write();
    return result;
  } finally {
    if (!result || result.replayed) await files.remove("selfie", selfie.name).catch(() => undefined);
  }
}

/** The worker's open presence: clocked in within the last 24 hours and not out yet, the newest. */
async function openPresence(ctx: OpContext, now: number): Promise<WireRecord | null> {
  const rows = await ctx.store.rows(PRESENCE, [eq("user_id", ctx.actor.userId), notNull("clock_in"), isNull("clock_out"), cmp("clock_in", ">=", iso(now - CAPTURE_MAX_AGE_MS))], {
    orders: [{ column: "clock_in", direction: "desc" }],
    limit: 1,
  });
  return rows.length ? (await ctx.store.present(PRESENCE, rows))[0] : null;
}

/** The record an earlier request with this key stored (a retry answers it, whatever it sends now). */
async function replay(ctx: OpContext, key: string | undefined, action: string): Promise<WireRecord | null> {
  if (!key) return null;
  const id = await storedFor(ctx.db, ctx.actor, key, action);
  return id === null ? null : ctx.store.findOne(PRESENCE, [eq("id", id)]);
}

registerCustom("presence", "clockIn", async (ctx) => {
  const actor = companyActor(ctx.actor);
  const now = Date.now();
  const up = await readUpload(ctx);
  const f = up.fields;
  const key = idempotencyKeyOf(f.idempotency_key);
  const earlier = await replay(ctx, key, CLOCK_IN);
  if (earlier) return earlier;
  const errors: FieldErrors = {};
  const capture = readCapture(f, actor.userId, now, "clock", errors, true);
  const selfie = selfieOf(up, errors);
  let project: WireRecord | undefined;
  if (f.project_id === undefined || isEmpty(f.project_id)) errors.project_id = { key: "required" };
  else {
    const c = checkValue(
      PRESENCE.fields.find((x) => x.name === "project_id")!,
      f.project_id,
      true,
    );
    if (!c.ok) errors.project_id = c.error;
    else if (!(project = (await myProjects(ctx.store, actor)).find((p) => p.id === c.value))) errors.project_id = { key: "not_member" };
  }
  throwIfErrors(errors);
  const site = project!;
  const zone = projectZone(site, await companyZone(ctx.db, actor.companyId));
  const local = localParts(capture.captured, zone);
  const shift = await shiftOn(ctx.store, actor.userId, local.date);
  const at: [number, number] = [capture.lon!, capture.lat!];
  const picture = await prepareSelfie(selfie!, ctx.op.files, ctx.store, actor, ctx.db, "in");
  const row = await ctx.store.prepareCreate(
    PRESENCE,
    {
      user_id: actor.userId,
      project_id: site.id,
      shift_id: shift?.id ?? null,
      presence_date: local.date,
      clock_in: iso(capture.captured),
      clock_in_geo: at,
      work_area_in: workArea(at, site),
      image_selfie: picture.name,
      presence_status: presenceStatus(
        local.minute,
        shift ? { start_time: String(shift.start_time), end_time: String(shift.end_time), grace_minutes: Number(shift.grace_minutes ?? 0) } : null,
      ),
      accuracy_in: capture.accuracy,
      note: capture.note,
    },
    { extra: { sent_late: sentLate(capture.captured, now), clock_in_received_at: iso(now), clock_skew_seconds: capture.time.skewSeconds } },
  );
  const stored = await withSelfie(ctx, picture, () =>
    writeOnce(
      ctx.db,
      actor,
      key,
      CLOCK_IN,
      async (trx) => {
        const store = ctx.store.withDb(trx);
        const sameDay = await store.rows(PRESENCE, [eq("user_id", actor.userId), eq("presence_date", local.date)], { orders: [{ column: "id", direction: "asc" }] });
        if (sameDay.some((p) => p.clock_in !== null)) throw conflict(undefined, "already_clocked_in", { date: local.date });
        await store.insertRow(IMAGES, picture.row);
        // A row of that day without a clock-in (an absence recorded ahead) becomes the clock-in.
        const placeholder = sameDay[0];
        if (!placeholder) return store.insertRow(PRESENCE, row);
        const { created_at: _created, company_id: _company, ...changes } = row;
        await trx.updateTable(PRESENCE.table!).set(changes).where("id", "=", placeholder.id).execute();
        return Number(placeholder.id);
      },
      { lockKey: lockOf(actor.userId) },
    ),
  );
  const presence = await ctx.store.getById(PRESENCE, stored.id);
  if (!stored.replayed) publishPresence(ctx.services.events, actor.companyId, "clock_in", presence);
  return presence;
});

registerCustom("presence", "clockOut", async (ctx) => {
  const actor = companyActor(ctx.actor);
  const now = Date.now();
  const up = await readUpload(ctx);
  const f = up.fields;
  const key = idempotencyKeyOf(f.idempotency_key);
  const earlier = await replay(ctx, key, CLOCK_OUT);
  if (earlier) return earlier;
  const errors: FieldErrors = {};
  const capture = readCapture(f, actor.userId, now, "clock", errors, true);
  const selfie = selfieOf(up, errors);
  throwIfErrors(errors);
  const open = await openPresence(ctx, now);
  if (!open) throw conflict(undefined, "not_clocked_in");
  const openedAt = Date.parse(String(open.clock_in));
  if (capture.captured < openedAt) throw badRequest({ captured_at: { key: "before_clock_in", params: { time: String(open.clock_in) } } });
  const project = open.project_id ? await ctx.store.findOne(PROJECTS, [eq("id", Number(open.project_id))]) : null;
  const shift = open.shift_id ? await ctx.store.findOne(SHIFTS, [eq("id", Number(open.shift_id))]) : null;
  const at: [number, number] = [capture.lon!, capture.lat!];
  const picture = await prepareSelfie(selfie!, ctx.op.files, ctx.store, actor, ctx.db, "out");
  const values: Record<string, unknown> = {
    clock_out: iso(capture.captured),
    clock_out_geo: at,
    work_area_out: project ? workArea(at, project) : null,
    image_selfie_out: picture.name,
    accuracy_out: capture.accuracy,
    work_duration: workDuration(openedAt, capture.captured, shift ? Number(shift.break_minutes ?? 0) : 0),
    sent_late: open.sent_late === true || sentLate(capture.captured, now),
    clock_out_received_at: iso(now),
    clock_skew_seconds: largerSkew(open.clock_skew_seconds, capture.time.skewSeconds),
    ...(capture.note ? { note: open.note ? `${String(open.note)}\n${capture.note}` : capture.note } : {}),
  };
  const stored = await withSelfie(ctx, picture, () =>
    writeOnce(
      ctx.db,
      actor,
      key,
      CLOCK_OUT,
      async (trx) => {
        await ctx.store.withDb(trx).insertRow(IMAGES, picture.row);
        // Only while still open: of two clock-outs at once, one closes it, the other is told so.
        const res = await trx
          .updateTable(PRESENCE.table!)
          .set({ ...encodeRecord(PRESENCE, values), updated_at: iso(now) })
          .where("id", "=", Number(open.id))
          .where("clock_out", "is", null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows ?? 0) !== 1) throw conflict(undefined, "not_clocked_in");
        return Number(open.id);
      },
      { lockKey: lockOf(actor.userId) },
    ),
  );
  const presence = await ctx.store.getById(PRESENCE, stored.id);
  if (!stored.replayed) publishPresence(ctx.services.events, actor.companyId, "clock_out", presence);
  return presence;
});

registerCustom("presence", "today", async (ctx) => {
  const actor = companyActor(ctx.actor);
  const now = Date.now();
  const company = await companyZone(ctx.db, actor.companyId);
  const projects = await myProjects(ctx.store, actor);
  const open = await openPresence(ctx, now);
  const openProject = open?.project_id ? (projects.find((p) => p.id === open.project_id) ?? (await ctx.store.findOne(PROJECTS, [eq("id", Number(open.project_id))]))) : null;
  // The zone that decides "today": the open presence's site, else the company's.
  const zone = open ? projectZone(openProject, company) : company;
  const date = open ? String(open.presence_date) : localParts(now, zone).date;
  let presence = open;
  if (!presence) {
    const rows = await ctx.store.rows(PRESENCE, [eq("user_id", actor.userId), eq("presence_date", date)], { orders: [{ column: "id", direction: "desc" }], limit: 1 });
    presence = rows.length ? (await ctx.store.present(PRESENCE, rows))[0] : null;
  }
  const shift = await shiftOn(ctx.store, actor.userId, date);
  const day: FieldDay = {
    presence,
    projects: projects.map((p) => ({
      id: Number(p.id),
      name: String(p.name),
      location: (p.location as [number, number] | null) ?? null,
      work_radius_m: (p.work_radius_m as number | null) ?? null,
      time_zone: projectZone(p, company),
      address: typeof p.address === "string" && p.address.trim() ? p.address : null,
    })),
    shift: shift
      ? {
          id: Number(shift.id),
          name: String(shift.name),
          start_time: String(shift.start_time),
          end_time: String(shift.end_time),
          grace_minutes: (shift.grace_minutes as number | null) ?? null,
        }
      : null,
    time_zone: zone,
    date,
    server_time: iso(now),
  };
  return day;
});
