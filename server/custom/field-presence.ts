// presence clock-in, clock-out (multipart: a selfie and the capture's fields), break-start and
// break-end (JSON) and today (the worker's own day), docs/api.md "Field capture". The server decides
// what the worker cannot: the shift-day a clock-in belongs to (the shift window on the site's
// clock, declaration/timesheet.ts rule 1: a night shift's after-midnight clock-in on the evening
// it started), on time or late against that shift plus its grace (only the day's first clock-in),
// inside or outside the project's work area, the work durations. A worker clocks in as often as
// they like (one site after another), but not while a presence of that shift-day is open, and not
// inside a presence already stored. A capture queued offline carries its capture time (accepted
// within the last 24 hours, at most 2 minutes ahead: server/field/capture-time.ts) and is marked
// sent late when it arrived more than 2 minutes after it; the receipt time is kept beside it (and
// the phone's clock skew). An idempotency key makes a retry answer the stored record and store
// nothing. A capture landing in an approved period is stored and recorded as an edit tried there.
import type { FieldDay, PresenceBreakRecord } from "../../declaration/answers";
import { addDays, attributeClockIn, lateMinutesOf, MAX_PRESENCE_MINUTES } from "../../declaration/timesheet";
import { MAX_PRESENCE_HOURS } from "../../declaration/timesheet-answer";
import { cmp, eq, notNull } from "../db/conditions";
import { encodeRecord } from "../db/codec";
import type { Db } from "../db/connection";
import { badRequest, conflict, type FieldErrors } from "../http/errors";
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
  throwIfErrors,
  type PreparedSelfie,
} from "../field/capture";
import { publishPresence } from "../events/publish";
import { idempotencyKeyOf, storedFor, writeOnce, type Stored } from "../field/idempotency";
import { MAX_BREAKS_PER_PRESENCE } from "../../declaration/field-capture";
import { approvedOn, BREAKS, clockLockOf, lockPerson, recordEditAttempt, restateDays, shiftsOfPerson } from "../field/presence-day";
import { judgeCaptureTime, type CaptureTime } from "../field/capture-time";
import { CAPTURE_MAX_AGE_MS, sentLate, workArea, workDuration } from "../field/rules";
import { localParts } from "../field/zones";
import type { Row, WireRecord } from "../records/store";
import type { OpContext } from "../routes/context";
import { registerCustom } from "../routes/custom-registry";
import { readUpload } from "../storage/uploads";
import { checkValue, isEmpty } from "../validation/fields";

const iso = (ms: number): string => new Date(ms).toISOString();
const CLOCK_IN = "presence/clock-in";
const CLOCK_OUT = "presence/clock-out";
const BREAK_START = "presence/break-start";
const BREAK_END = "presence/break-end";
const MAX_PRESENCE_MS = MAX_PRESENCE_MINUTES * 60_000;
/** An instant as DD-MM-YYYY HH:mm on a zone's clock (for a message). */
const when = (ms: number, zone: string) => {
  const l = localParts(ms, zone);
  return `${l.date.split("-").reverse().join("-")} ${String(Math.floor(l.minute / 60)).padStart(2, "0")}:${String(l.minute % 60).padStart(2, "0")}`;
};

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

/**
 * The worker's open presence: their latest clock-in of the last 24 hours, when it has no
 * clock-out (a presence left open before a later one began stays for the timesheet's review).
 */
async function openPresence(ctx: OpContext, now: number, db: Db = ctx.db): Promise<WireRecord | null> {
  const store = ctx.store.withDb(db);
  const rows = await store.rows(PRESENCE, [eq("user_id", ctx.actor.userId), notNull("clock_in"), cmp("clock_in", ">=", iso(now - CAPTURE_MAX_AGE_MS))], {
    orders: [
      { column: "clock_in", direction: "desc" },
      { column: "id", direction: "desc" },
    ],
    limit: 1,
  });
  if (!rows.length || rows[0].clock_out !== null) return null;
  return (await store.present(PRESENCE, rows))[0];
}

/** The record an earlier request with this key stored (a retry answers it, whatever it sends now). */
async function replay(ctx: OpContext, key: string | undefined, action: string): Promise<WireRecord | null> {
  if (!key) return null;
  const id = await storedFor(ctx.db, ctx.actor, key, action);
  return id === null ? null : ctx.store.findOne(PRESENCE, [eq("id", id)]);
}

/** A capture stored inside an approved period: recorded for the timesheet's review. */
async function noteIfApproved(trx: Db, companyId: number, userId: number, presenceId: number, date: string): Promise<void> {
  if (await approvedOn(trx, companyId, userId, date)) await recordEditAttempt(trx, { companyId, userId, presenceId, date, kind: "capture", by: userId });
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
  const at = capture.captured;
  // The shift-day: the shift whose window holds the clock-in on the site's clock, else the calendar day.
  const { date, shift } = attributeClockIn(at, zone, await shiftsOfPerson(ctx.db, actor.companyId, actor.userId));
  const where: [number, number] = [capture.lon!, capture.lat!];
  const picture = await prepareSelfie(selfie!, ctx.op.files, ctx.store, actor, ctx.db, "in");
  const row = await ctx.store.prepareCreate(
    PRESENCE,
    {
      user_id: actor.userId,
      project_id: site.id,
      shift_id: shift?.id ?? null,
      presence_date: date,
      clock_in: iso(at),
      clock_in_geo: where,
      work_area_in: workArea(where, site),
      image_selfie: picture.name,
      presence_status: lateMinutesOf(at, date, shift, zone) > 0 ? "late" : "present",
      accuracy_in: capture.accuracy,
      note: capture.note,
    },
    { extra: { sent_late: sentLate(at, now), clock_in_received_at: iso(now), clock_skew_seconds: capture.time.skewSeconds } },
  );
  const stored = await withSelfie(ctx, picture, () =>
    writeOnce(
      ctx.db,
      actor,
      key,
      CLOCK_IN,
      async (trx) => {
        // A correction or approval of this person at the same time waits, or is waited for.
        await lockPerson(trx, actor.userId);
        const store = ctx.store.withDb(trx);
        const near = await store.rows(PRESENCE, [eq("user_id", actor.userId), cmp("presence_date", ">=", addDays(date, -2)), cmp("presence_date", "<=", addDays(date, 1))], {
          orders: [{ column: "id", direction: "asc" }],
        });
        const clocked = near.filter((p) => p.clock_in !== null);
        const ms = (v: unknown) => Date.parse(String(v));
        // Still clocked in for this shift-day: clock out first.
        if (clocked.some((p) => p.presence_date === date && p.clock_out === null && ms(p.clock_in) >= at - MAX_PRESENCE_MS)) {
          throw conflict(undefined, "already_clocked_in", { date });
        }
        // Inside a presence already stored (a capture queued offline arriving after a later one).
        const inside = clocked.find((p) => p.clock_out !== null && ms(p.clock_in) <= at && at < ms(p.clock_out));
        if (inside) throw conflict(undefined, "overlaps_presence", { from: when(ms(inside.clock_in), zone), to: when(ms(inside.clock_out), zone) });
        await store.insertRow(IMAGES, picture.row);
        // A row of that day without a clock-in (an absence recorded ahead) becomes the clock-in.
        const placeholder = near.find((p) => p.presence_date === date && p.clock_in === null);
        let id: number;
        if (!placeholder) id = await store.insertRow(PRESENCE, row);
        else {
          const { created_at: _created, company_id: _company, ...changes } = row;
          id = Number(placeholder.id);
          await trx.updateTable(PRESENCE.table).set(changes).where("id", "=", id).execute();
        }
        // Late only for the day's first clock-in: the day's figures as the timesheet counts them.
        await restateDays(trx, actor.companyId, actor.userId, [date], now);
        await noteIfApproved(trx, actor.companyId, actor.userId, id, date);
        return id;
      },
      { lockKey: clockLockOf(actor.userId) },
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
  if (capture.captured - openedAt > MAX_PRESENCE_MS) throw badRequest({ captured_at: { key: "presence_too_long", params: { max: MAX_PRESENCE_HOURS } } });
  const project = open.project_id ? await ctx.store.findOne(PROJECTS, [eq("id", Number(open.project_id))]) : null;
  const shift = open.shift_id ? await ctx.store.findOne(SHIFTS, [eq("id", Number(open.shift_id))]) : null;
  const where: [number, number] = [capture.lon!, capture.lat!];
  const picture = await prepareSelfie(selfie!, ctx.op.files, ctx.store, actor, ctx.db, "out");
  const date = String(open.presence_date);
  const values: Record<string, unknown> = {
    clock_out: iso(capture.captured),
    clock_out_geo: where,
    work_area_out: project ? workArea(where, project) : null,
    image_selfie_out: picture.name,
    accuracy_out: capture.accuracy,
    // The day's own figure follows (restateDays): several presences share the day's break.
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
        await lockPerson(trx, actor.userId);
        await ctx.store.withDb(trx).insertRow(IMAGES, picture.row);
        // Only while still open: of two clock-outs at once, one closes it, the other is told so.
        const res = await trx
          .updateTable(PRESENCE.table)
          .set({ ...encodeRecord(PRESENCE, values), updated_at: iso(now) })
          .where("id", "=", Number(open.id))
          .where("clock_out", "is", null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows ?? 0) !== 1) throw conflict(undefined, "not_clocked_in");
        // A break still running ends with the presence.
        await trx
          .updateTable(BREAKS)
          .set({ break_end: iso(capture.captured), updated_at: iso(now) })
          .where("company_id", "=", actor.companyId)
          .where("presence_id", "=", Number(open.id))
          .where("break_end", "is", null)
          .execute();
        await restateDays(trx, actor.companyId, actor.userId, [date], now);
        await noteIfApproved(trx, actor.companyId, actor.userId, Number(open.id), date);
        return Number(open.id);
      },
      { lockKey: clockLockOf(actor.userId) },
    ),
  );
  const presence = await ctx.store.getById(PRESENCE, stored.id);
  if (!stored.replayed) publishPresence(ctx.services.events, actor.companyId, "clock_out", presence);
  return presence;
});

// ---- breaks ----------------------------------------------------------------------------------------

const breakRecord = (b: Row): PresenceBreakRecord => ({
  id: Number(b.id),
  presence_id: Number(b.presence_id),
  start: String(b.break_start),
  end: (b.break_end as string | null) ?? null,
  clock_skew_seconds: b.clock_skew_seconds === null || b.clock_skew_seconds === undefined ? null : Number(b.clock_skew_seconds),
});

/** The break running in a presence (the latest without an end), if any. */
async function runningBreak(db: Db, companyId: number, presenceId: number): Promise<Row | undefined> {
  return await db
    .selectFrom(BREAKS)
    .selectAll()
    .where("company_id", "=", companyId)
    .where("presence_id", "=", presenceId)
    .where("break_end", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** A break body's idempotency key (JSON; only captured_at and idempotency_key are read). */
function breakKey(ctx: OpContext): string | undefined {
  const raw = ctx.body;
  if (raw !== undefined && raw !== null && (typeof raw !== "object" || Array.isArray(raw))) throw badRequest({ body: { key: "bad_request" } });
  return idempotencyKeyOf(((raw ?? {}) as Record<string, unknown>).idempotency_key);
}

async function replayBreak(ctx: OpContext, key: string | undefined, action: string): Promise<PresenceBreakRecord | null> {
  if (!key) return null;
  const id = await storedFor(ctx.db, ctx.actor, key, action);
  if (id === null) return null;
  const row = await ctx.db.selectFrom(BREAKS).selectAll().where("id", "=", id).executeTakeFirst();
  return row ? breakRecord(row) : null;
}

/** The capture time of a break body (judged as a clock action's), or 400 naming captured_at. */
function breakTime(ctx: OpContext, now: number): CaptureTime {
  const raw = ((ctx.body ?? {}) as Record<string, unknown>).captured_at;
  const judged = judgeCaptureTime(raw, now, "clock");
  if (!judged.ok) throw badRequest({ captured_at: judged.error });
  return judged.time;
}

type BreakSide = "start" | "end";
type CompanyActor = ReturnType<typeof companyActor>;

/** A break begun in the open presence: its row's id (409 without an open presence, on a break already, or past the day's breaks). */
async function startBreak(trx: Db, actor: CompanyActor, open: Row | null, time: CaptureTime, now: number): Promise<number> {
  if (!open) throw conflict(undefined, "not_clocked_in");
  if (time.at < Date.parse(String(open.clock_in))) throw badRequest({ captured_at: { key: "before_clock_in", params: { time: String(open.clock_in) } } });
  if (await runningBreak(trx, actor.companyId, Number(open.id))) throw conflict(undefined, "already_on_break");
  const taken = await trx
    .selectFrom(BREAKS)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("company_id", "=", actor.companyId)
    .where("presence_id", "=", Number(open.id))
    .executeTakeFirstOrThrow();
  if (Number(taken.n) >= MAX_BREAKS_PER_PRESENCE) throw conflict(undefined, "too_many_breaks", { max: MAX_BREAKS_PER_PRESENCE });
  const row = await trx
    .insertInto(BREAKS)
    .values({
      company_id: actor.companyId,
      user_id: actor.userId,
      presence_id: Number(open.id),
      break_start: iso(time.at),
      break_end: null,
      break_start_received_at: iso(now),
      clock_skew_seconds: time.skewSeconds,
      created_at: iso(now),
      updated_at: iso(now),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The running break of the open presence ended: its row's id (409 when none runs). */
async function endBreak(trx: Db, actor: CompanyActor, open: Row | null, time: CaptureTime, now: number): Promise<number> {
  const running = open ? await runningBreak(trx, actor.companyId, Number(open.id)) : undefined;
  if (!open || !running) throw conflict(undefined, "not_on_break");
  if (time.at < Date.parse(String(running.break_start))) throw badRequest({ captured_at: { key: "before_break_start", params: { time: String(running.break_start) } } });
  await trx
    .updateTable(BREAKS)
    .set({ break_end: iso(time.at), break_end_received_at: iso(now), clock_skew_seconds: largerSkew(running.clock_skew_seconds, time.skewSeconds), updated_at: iso(now) })
    .where("id", "=", Number(running.id))
    .execute();
  await restateDays(trx, actor.companyId, actor.userId, [String(open.presence_date)], now);
  return Number(running.id);
}

/**
 * presence break-start / break-end: one punch, as a clock action is taken: a retry with the same
 * idempotency key answers the stored break; the phone's capture time judged on the server's clock
 * (refused beyond its limits; up to 2 minutes ahead it takes the receipt time); the punch written
 * under the person's lock; its receipt time kept and a skew recorded on the break and its presence.
 */
async function punchBreak(ctx: OpContext, side: BreakSide): Promise<PresenceBreakRecord> {
  const actor = companyActor(ctx.actor);
  const now = Date.now();
  const action = side === "start" ? BREAK_START : BREAK_END;
  const key = breakKey(ctx);
  const earlier = await replayBreak(ctx, key, action);
  if (earlier) return earlier;
  const time = breakTime(ctx, now);
  const stored = await writeOnce(
    ctx.db,
    actor,
    key,
    action,
    async (trx) => {
      await lockPerson(trx, actor.userId);
      const open = await openPresence(ctx, now, trx);
      const id = side === "start" ? await startBreak(trx, actor, open, time, now) : await endBreak(trx, actor, open, time, now);
      if (open && time.skewSeconds !== null)
        await trx
          .updateTable(PRESENCE.table)
          .set({ clock_skew_seconds: largerSkew(open.clock_skew_seconds, time.skewSeconds), updated_at: iso(now) })
          .where("id", "=", Number(open.id))
          .execute();
      return id;
    },
    { lockKey: clockLockOf(actor.userId) },
  );
  const row = await ctx.db.selectFrom(BREAKS).selectAll().where("id", "=", stored.id).executeTakeFirstOrThrow();
  return breakRecord(row);
}

registerCustom("presence", "breakStart", (ctx) => punchBreak(ctx, "start"));
registerCustom("presence", "breakEnd", (ctx) => punchBreak(ctx, "end"));

// ---- today ------------------------------------------------------------------------------------------

registerCustom("presence", "today", async (ctx) => {
  const actor = companyActor(ctx.actor);
  const now = Date.now();
  const company = await companyZone(ctx.db, actor.companyId);
  const projects = await myProjects(ctx.store, actor);
  const open = await openPresence(ctx, now);
  const openProject = open?.project_id ? (projects.find((p) => p.id === open.project_id) ?? (await ctx.store.findOne(PROJECTS, [eq("id", Number(open.project_id))]))) : null;
  const shiftOn = await shiftsOfPerson(ctx.db, actor.companyId, actor.userId);
  // The zone that decides the day: the open presence's site, else the company's; the day: the
  // open presence's shift-day, else the shift-day of now (a night's presences until its window ends).
  const zone = open ? projectZone(openProject, company) : company;
  const date = open ? String(open.presence_date) : attributeClockIn(now, zone, shiftOn).date;
  const rows = await ctx.store.rows(PRESENCE, [eq("user_id", actor.userId), eq("presence_date", date)], {
    orders: [
      { column: "clock_in", direction: "asc" },
      { column: "id", direction: "asc" },
    ],
  });
  const presences = await ctx.store.present(PRESENCE, rows);
  const clocked = presences.filter((p) => p.clock_in !== null);
  const running = open ? await runningBreak(ctx.db, actor.companyId, Number(open.id)) : undefined;
  const shift = shiftOn(date);
  const day: FieldDay = {
    presence: open ?? clocked.at(-1) ?? presences.at(-1) ?? null,
    presences: clocked,
    break: running ? breakRecord(running) : null,
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
          name: String(shift.name ?? ""),
          start_time: shift.start_time,
          end_time: shift.end_time,
          grace_minutes: shift.grace_minutes ?? null,
        }
      : null,
    time_zone: zone,
    date,
    server_time: iso(now),
  };
  return day;
});
