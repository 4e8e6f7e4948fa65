// The field-capture operations of the contract mock (docs/api.md "Field capture"), over the
// mock's rows with the server's own rules (server/field/: the capture fields, capture-time
// limits, the site's zone, lateness against the shift and its grace, the work area, the work
// duration, the waypoint checks): clock-in and clock-out, today, panic add and acknowledge,
// waypoint add-batch, device-key add, project time-zones. Idempotency keys are remembered per
// mock database. Failures are the server's HttpErrors. tests/server/mock-parity.test.ts runs the
// same bodies here and on the server.
import { resourceByName } from "../../declaration";
import type { AttendanceToday, FieldDay, PanicTrailEntry, PresenceBreakRecord } from "../../declaration/answers";
import { MAX_BREAKS_PER_PRESENCE } from "../../declaration/field-capture";
import { addDays, attributeClockIn, lateMinutesOf, MAX_PRESENCE_MINUTES } from "../../declaration/timesheet";
import { MAX_PRESENCE_HOURS, shiftsOfPeople } from "../../declaration/timesheet-answer";
import { idempotencyKeyOf, readCapture, throwIfErrors } from "../../server/field/capture-fields";
import { countAttendance } from "../../server/field/attendance";
import { pointOf, type Point } from "../../server/field/points";
import { judgeCaptureTime } from "../../server/field/capture-time";
import { CAPTURE_MAX_AGE_MS, MAX_POINTS, sentLate, workArea, workDuration } from "../../server/field/rules";
import { localParts, zoneOf } from "../../server/field/zones";
import { badRequest, conflict, HttpError, notFound, type FieldErrors } from "../../server/http/errors";
import { checkValue, isEmpty } from "../../server/validation/fields";
import type { MockDb, Row } from "./db";
import { peopleInScope, visibleRows, type RowActor, type RowScopes } from "./rowScope";
import { mockApprovedOn, mockRecordEditAttempt, mockStaffAround, mockTimesheetDaysOf, restateMockDays, timesheetTables } from "./timesheet";
import { validateBody } from "./validate";

const PRESENCE = resourceByName("presence");
const PANIC = resourceByName("panic-button");
const iso = (ms: number) => new Date(ms).toISOString();
const company = (db: MockDb) => (db.rows("company-management") as Row[]).find((c) => c.id === db.companyId);
const mine = (db: MockDb, name: string) => db.rows(name).filter((x) => x.company_id === undefined || x.company_id === db.companyId);

// ---- idempotency: (mock database, user, key) → the stored record ----------------------------

const KEYS = new WeakMap<MockDb, Map<string, { action: string; id: number }>>();
const keysOf = (db: MockDb) => {
  let m = KEYS.get(db);
  if (!m) KEYS.set(db, (m = new Map()));
  return m;
};
function replayed(db: MockDb, actor: RowActor, key: string | undefined, action: string): number | null {
  if (!key) return null;
  const stored = keysOf(db).get(`${actor.id}\u0000${key}`);
  if (!stored) return null;
  if (stored.action !== action) throw conflict({ idempotency_key: { key: "not_unique" } });
  return stored.id;
}
const remember = (db: MockDb, actor: RowActor, key: string | undefined, action: string, id: number) => {
  if (key) keysOf(db).set(`${actor.id}\u0000${key}`, { action, id });
};

// ---- the worker's projects, shift and zone --------------------------------------------------

export function myProjects(db: MockDb, actor: RowActor): Row[] {
  const ids = new Set(
    mine(db, "user-to-proyek")
      .filter((m) => Number(m.user_id) === actor.id && m.is_active !== false && m.is_active !== 0)
      .map((m) => Number(m.project_id)),
  );
  return mine(db, "project")
    .filter((p) => ids.has(Number(p.id)))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

const companyZone = (db: MockDb) => zoneOf(company(db)?.time_zone);
const projectZone = (db: MockDb, project: Row | undefined) => zoneOf(project?.time_zone, companyZone(db));

/** The person's shift on any date (server/field/presence-day.ts shiftsOfPerson). */
const shiftsOf = (db: MockDb, userId: number) => shiftsOfPeople(mine(db, "user-to-shift"), mine(db, "shift"))(userId);

/** The worker's open presence: their latest clock-in of the last 24 hours, when it has no clock-out. */
function openPresence(db: MockDb, actor: RowActor, now: number): Row | null {
  const latest = mine(db, "presence")
    .filter((p) => Number(p.user_id) === actor.id && p.clock_in != null && Date.parse(String(p.clock_in)) >= now - CAPTURE_MAX_AGE_MS)
    .sort((a, b) => Date.parse(String(b.clock_in)) - Date.parse(String(a.clock_in)) || Number(b.id) - Number(a.id))[0];
  return latest && latest.clock_out == null ? latest : null;
}

const when = (ms: number, zone: string) => {
  const l = localParts(ms, zone);
  return `${l.date.split("-").reverse().join("-")} ${String(Math.floor(l.minute / 60)).padStart(2, "0")}:${String(l.minute % 60).padStart(2, "0")}`;
};

/** A capture stored inside an approved period: recorded for the timesheet's review. */
function noteIfApproved(db: MockDb, userId: number, presenceId: number, date: string): void {
  if (mockApprovedOn(db, userId, date)) mockRecordEditAttempt(db, { userId, presenceId, date, kind: "capture", by: userId });
}

// ---- presence -------------------------------------------------------------------------------

/** POST presence/clock-in: `fields` are the multipart text fields, `selfie` the stored name of its file part (null: none sent). */
export function mockClockIn(db: MockDb, actor: RowActor, fields: Row, selfie: string | null, now = Date.now()): Row {
  const key = idempotencyKeyOf(fields.idempotency_key);
  const earlier = replayed(db, actor, key, "presence/clock-in");
  if (earlier !== null) return db.find("presence", earlier)!;
  const errors: FieldErrors = {};
  const capture = readCapture(fields, actor.id, now, "clock", errors, true);
  if (!selfie) errors.selfie = { key: "required" };
  let project: Row | undefined;
  if (fields.project_id === undefined || isEmpty(fields.project_id)) errors.project_id = { key: "required" };
  else {
    const c = checkValue(
      PRESENCE.fields.find((f) => f.name === "project_id")!,
      fields.project_id,
      true,
    );
    if (!c.ok) errors.project_id = c.error;
    else if (!(project = myProjects(db, actor).find((p) => p.id === c.value))) errors.project_id = { key: "not_member" };
  }
  throwIfErrors(errors);
  const zone = projectZone(db, project);
  const at = capture.captured;
  const { date, shift } = attributeClockIn(at, zone, shiftsOf(db, actor.id));
  const near = mine(db, "presence").filter((p) => Number(p.user_id) === actor.id && String(p.presence_date) >= addDays(date, -2) && String(p.presence_date) <= addDays(date, 1));
  const clocked = near.filter((p) => p.clock_in != null);
  const ms = (v: unknown) => Date.parse(String(v));
  if (clocked.some((p) => p.presence_date === date && p.clock_out == null && ms(p.clock_in) >= at - MAX_PRESENCE_MINUTES * 60_000)) {
    throw conflict(undefined, "already_clocked_in", { date });
  }
  const inside = clocked.find((p) => p.clock_out != null && ms(p.clock_in) <= at && at < ms(p.clock_out));
  if (inside) throw conflict(undefined, "overlaps_presence", { from: when(ms(inside.clock_in), zone), to: when(ms(inside.clock_out), zone) });
  const where: [number, number] = [capture.lon!, capture.lat!];
  const values = {
    user_id: actor.id,
    project_id: project!.id,
    shift_id: shift?.id ?? null,
    presence_date: date,
    clock_in: iso(at),
    clock_in_geo: where,
    work_area_in: workArea(where, project!),
    image_selfie: selfie,
    presence_status: lateMinutesOf(at, date, shift, zone) > 0 ? "late" : "present",
    accuracy_in: capture.accuracy,
    note: capture.note,
    sent_late: sentLate(at, now),
    clock_in_received_at: iso(now),
    clock_skew_seconds: capture.time.skewSeconds,
  };
  const placeholder = near.find((p) => p.presence_date === date && p.clock_in == null);
  const row = placeholder ? Object.assign(placeholder, values, { updated_at: iso(now) }) : db.insert("presence", values);
  restateMockDays(db, actor.id, [date]);
  noteIfApproved(db, actor.id, Number(row.id), date);
  remember(db, actor, key, "presence/clock-in", Number(row.id));
  return row;
}

/** The larger of a row's recorded skew and a new one (the server's rule). */
const largerSkew = (stored: unknown, next: number | null): number | null => {
  const before = typeof stored === "number" ? stored : null;
  if (before === null || next === null) return before ?? next;
  return Math.abs(next) > Math.abs(before) ? next : before;
};

/** POST presence/clock-out. */
export function mockClockOut(db: MockDb, actor: RowActor, fields: Row, selfie: string | null, now = Date.now()): Row {
  const key = idempotencyKeyOf(fields.idempotency_key);
  const earlier = replayed(db, actor, key, "presence/clock-out");
  if (earlier !== null) return db.find("presence", earlier)!;
  const errors: FieldErrors = {};
  const capture = readCapture(fields, actor.id, now, "clock", errors, true);
  if (!selfie) errors.selfie = { key: "required" };
  throwIfErrors(errors);
  const open = openPresence(db, actor, now);
  if (!open) throw conflict(undefined, "not_clocked_in");
  const openedAt = Date.parse(String(open.clock_in));
  if (capture.captured < openedAt) throw badRequest({ captured_at: { key: "before_clock_in", params: { time: String(open.clock_in) } } });
  if (capture.captured - openedAt > MAX_PRESENCE_MINUTES * 60_000) throw badRequest({ captured_at: { key: "presence_too_long", params: { max: MAX_PRESENCE_HOURS } } });
  const project = mine(db, "project").find((p) => p.id === open.project_id);
  const shift = mine(db, "shift").find((s) => s.id === open.shift_id);
  const where: [number, number] = [capture.lon!, capture.lat!];
  Object.assign(open, {
    clock_out: iso(capture.captured),
    clock_out_geo: where,
    work_area_out: project ? workArea(where, project) : null,
    image_selfie_out: selfie,
    accuracy_out: capture.accuracy,
    work_duration: workDuration(openedAt, capture.captured, shift ? Number(shift.break_minutes ?? 0) : 0),
    sent_late: open.sent_late === true || sentLate(capture.captured, now),
    clock_out_received_at: iso(now),
    clock_skew_seconds: largerSkew(open.clock_skew_seconds, capture.time.skewSeconds),
    ...(capture.note ? { note: open.note ? `${String(open.note)}\n${capture.note}` : capture.note } : {}),
    updated_at: iso(now),
  });
  for (const b of timesheetTables(db).breaks)
    if (Number(b.presence_id) === Number(open.id) && b.break_end == null) Object.assign(b, { break_end: iso(capture.captured), updated_at: iso(now) });
  restateMockDays(db, actor.id, [String(open.presence_date)]);
  noteIfApproved(db, actor.id, Number(open.id), String(open.presence_date));
  remember(db, actor, key, "presence/clock-out", Number(open.id));
  return open;
}

const breakRecord = (b: Row): PresenceBreakRecord => ({
  id: Number(b.id),
  presence_id: Number(b.presence_id),
  start: String(b.break_start),
  end: (b.break_end as string | null) ?? null,
  clock_skew_seconds: typeof b.clock_skew_seconds === "number" ? b.clock_skew_seconds : null,
});
const runningBreak = (db: MockDb, presenceId: number) =>
  timesheetTables(db)
    .breaks.filter((b) => Number(b.presence_id) === presenceId && b.break_end == null)
    .at(-1);

/** POST presence/break-start and break-end (JSON: captured_at, idempotency_key). */
export function mockBreak(db: MockDb, actor: RowActor, kind: "breakStart" | "breakEnd", body: unknown, now = Date.now()): PresenceBreakRecord {
  if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body))) throw badRequest({ body: { key: "bad_request" } });
  const b = (body ?? {}) as Row;
  const action = kind === "breakStart" ? "presence/break-start" : "presence/break-end";
  const key = idempotencyKeyOf(b.idempotency_key);
  const t = timesheetTables(db);
  const earlier = replayed(db, actor, key, action);
  if (earlier !== null) return breakRecord(t.breaks.find((x) => Number(x.id) === earlier)!);
  const judged = judgeCaptureTime(b.captured_at, now, "clock");
  if (!judged.ok) throw badRequest({ captured_at: judged.error });
  const time = { ms: judged.time.at, skew: judged.time.skewSeconds };
  const open = openPresence(db, actor, now);
  const running = open ? runningBreak(db, Number(open.id)) : undefined;
  let row: Row;
  if (kind === "breakStart") {
    if (!open) throw conflict(undefined, "not_clocked_in");
    if (time.ms < Date.parse(String(open.clock_in))) throw badRequest({ captured_at: { key: "before_clock_in", params: { time: String(open.clock_in) } } });
    if (running) throw conflict(undefined, "already_on_break");
    if (t.breaks.filter((x) => Number(x.presence_id) === Number(open.id)).length >= MAX_BREAKS_PER_PRESENCE)
      throw conflict(undefined, "too_many_breaks", { max: MAX_BREAKS_PER_PRESENCE });
    row = {
      id: t.breaks.length + 1,
      company_id: db.companyId,
      user_id: actor.id,
      presence_id: Number(open.id),
      break_start: iso(time.ms),
      break_end: null,
      break_start_received_at: iso(now),
      clock_skew_seconds: time.skew,
      created_at: iso(now),
      updated_at: iso(now),
    };
    t.breaks.push(row);
  } else {
    if (!open || !running) throw conflict(undefined, "not_on_break");
    if (time.ms < Date.parse(String(running.break_start))) throw badRequest({ captured_at: { key: "before_break_start", params: { time: String(running.break_start) } } });
    row = Object.assign(running, {
      break_end: iso(time.ms),
      break_end_received_at: iso(now),
      clock_skew_seconds: largerSkew(running.clock_skew_seconds, time.skew),
      updated_at: iso(now),
    });
    restateMockDays(db, actor.id, [String(open.presence_date)]);
  }
  // As the server: a skew is flagged on the presence too.
  if (open && time.skew !== null) open.clock_skew_seconds = largerSkew(open.clock_skew_seconds, time.skew);
  remember(db, actor, key, action, Number(row.id));
  return breakRecord(row);
}

/**
 * GET presence/attendance-today (server/custom/dashboard-attendance.ts): the people the actor may
 * see on presence, active or with a presence around today, counted from the timesheet's days of
 * the company's yesterday to tomorrow (server/field/attendance.ts), approved sick permits covering
 * the company's today making a leave day a sick day.
 */
export function mockAttendanceToday(db: MockDb, actor: RowActor, scopes: RowScopes = {}, now = Date.now()): AttendanceToday {
  const companyDay = localParts(now, companyZone(db)).date;
  const from = addDays(companyDay, -1);
  const to = addDays(companyDay, 1);
  const visible = peopleInScope(PRESENCE, db, actor, scopes);
  const ids = mockStaffAround(db, from, to)
    .map((u) => Number(u.id))
    .filter((id) => visible === null || visible.includes(id));
  const days = mockTimesheetDaysOf(db, ids, from, to, now);
  const sick = new Set(
    mine(db, "permit")
      .filter((p) => p.status === "approved" && p.permit_type === "sick" && String(p.absent_date) <= companyDay && String(p.end_date ?? p.absent_date) >= companyDay)
      .map((p) => Number(p.user_id)),
  );
  return countAttendance(
    ids.map((userId) => ({ userId, days: days.get(userId) ?? [] })),
    now,
    sick,
  );
}

/** GET presence/today. */
export function mockToday(db: MockDb, actor: RowActor, now = Date.now()): FieldDay {
  const projects = myProjects(db, actor);
  const open = openPresence(db, actor, now);
  const zone = open
    ? projectZone(
        db,
        mine(db, "project").find((p) => p.id === open.project_id),
      )
    : companyZone(db);
  const shiftOn = shiftsOf(db, actor.id);
  const date = open ? String(open.presence_date) : attributeClockIn(now, zone, shiftOn).date;
  const rows = mine(db, "presence")
    .filter((p) => Number(p.user_id) === actor.id && p.presence_date === date)
    .sort((a, b) => (a.clock_in == null ? 1 : 0) - (b.clock_in == null ? 1 : 0) || String(a.clock_in ?? "").localeCompare(String(b.clock_in ?? "")) || Number(a.id) - Number(b.id));
  const clocked = rows.filter((p) => p.clock_in != null);
  const running = open ? runningBreak(db, Number(open.id)) : undefined;
  const shift = shiftOn(date);
  const answer: FieldDay = {
    presence: open ?? clocked.at(-1) ?? rows.at(-1) ?? null,
    presences: clocked,
    break: running ? breakRecord(running) : null,
    projects: projects.map((p) => ({
      id: Number(p.id),
      name: String(p.name),
      location: (p.location as [number, number] | null) ?? null,
      work_radius_m: (p.work_radius_m as number | null) ?? null,
      time_zone: projectZone(db, p),
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
  return answer;
}

// ---- panic button ---------------------------------------------------------------------------

/** POST panic-button/add. */
export function mockPanicAdd(db: MockDb, actor: RowActor, body: unknown, now = Date.now()): Row {
  if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body))) throw badRequest({ body: { key: "bad_request" } });
  const b = (body ?? {}) as Row;
  const key = idempotencyKeyOf(b.idempotency_key);
  const earlier = replayed(db, actor, key, "panic-button/add");
  if (earlier !== null) return db.find("panic-button", earlier)!;
  const errors: FieldErrors = {};
  const capture = readCapture(b, actor.id, now, "alarm", errors, false);
  if (b.message !== undefined && !isEmpty(b.message)) {
    const c = checkValue({ ...PANIC.fields.find((f) => f.name === "message")!, maxLength: 500 }, b.message);
    if (!c.ok) errors.message = c.error;
  }
  if (b.project_id !== undefined && !isEmpty(b.project_id)) {
    const c = checkValue(
      PANIC.fields.find((f) => f.name === "project_id")!,
      b.project_id,
    );
    if (!c.ok) errors.project_id = c.error;
  }
  throwIfErrors(errors);
  const at: [number, number] | null = capture.lon === null ? null : [capture.lon, capture.lat!];
  const site = isEmpty(b.project_id ?? null) ? undefined : mine(db, "project").find((p) => Number(p.id) === Number(b.project_id));
  const address = typeof site?.address === "string" && site.address.trim() && (at === null || workArea(at, site) !== "outside") ? site.address : null;
  const values = validateBody(
    PANIC,
    {
      user_id: actor.id,
      project_id: isEmpty(b.project_id ?? null) ? null : b.project_id,
      alert_time: iso(capture.captured),
      location: at,
      address,
      message: isEmpty(b.message ?? null) ? null : b.message,
      status: "open",
      accuracy: capture.accuracy,
      note: capture.note,
    },
    db,
    { mode: "create" },
  );
  const row = db.insert("panic-button", {
    ...values,
    sent_late: sentLate(capture.captured, now),
    received_at: iso(capture.time.received),
    captured_at: capture.time.sent === null ? null : iso(capture.time.sent),
    clock_skew_seconds: capture.time.skewSeconds,
  });
  remember(db, actor, key, "panic-button/add", Number(row.id));
  mockTrailStep(db, Number(row.id), "raised", actor.id, null, String(values.alert_time));
  return row;
}

// ---- the panic trail (panic-button trail/{id}) ----------------------------------------------

const TRAILS = new WeakMap<MockDb, Array<PanicTrailEntry & { panic_id: number }>>();

/** Adds a step to an alarm's trail (the server records raised and acknowledged itself; tests add delivered, escalated, resolved). */
export function mockTrailStep(
  db: MockDb,
  panicId: number,
  kind: PanicTrailEntry["kind"],
  actorId: number | null,
  note: string | null = null,
  at = iso(Date.now()),
  delivery: Partial<Pick<PanicTrailEntry, "channel" | "attempt" | "next_attempt_at">> = {},
): void {
  let steps = TRAILS.get(db);
  if (!steps) TRAILS.set(db, (steps = []));
  const name = actorId === null ? null : ((db.find("human-resource", actorId)?.name as string | undefined) ?? null);
  // As the server records them: "delivered" is the app's channel; e-mail and webhook attempts name theirs.
  const channel = delivery.channel ?? (kind === "delivered" ? "app" : null);
  steps.push({
    id: steps.length + 1,
    panic_id: panicId,
    kind,
    actor_id: actorId,
    actor_name: name,
    at,
    note,
    channel,
    attempt: delivery.attempt ?? null,
    next_attempt_at: delivery.next_attempt_at ?? null,
  });
}

/** GET panic-button/trail/{id}: the alarm within the actor's row scope, else 404. */
export function mockTrail(db: MockDb, actor: RowActor, id: string, scopes: RowScopes = {}): PanicTrailEntry[] {
  const row = visibleRows(PANIC, mine(db, "panic-button"), db, actor, scopes).find((p) => String(p.id) === id);
  if (!row) throw notFound();
  return (TRAILS.get(db) ?? []).filter((s) => s.panic_id === Number(row.id)).map(({ panic_id: _p, ...step }) => step);
}

/** PUT panic-button/acknowledge/{id} (its right checked before: tests/mocks/access.ts). */
export function mockAcknowledge(db: MockDb, actor: RowActor, id: string, body: unknown, scopes: RowScopes = {}): Row {
  const row = visibleRows(PANIC, mine(db, "panic-button"), db, actor, scopes).find((p) => String(p.id) === id);
  if (!row) throw notFound();
  const note = body && typeof body === "object" ? (body as Row).note : undefined;
  if (row.status !== "open") {
    const name = db.find("human-resource", row.handled_by)?.name ?? null;
    throw new HttpError(409, "already_acknowledged", { name: String(name ?? "-") }, undefined, {
      status: row.status,
      handled_by: row.handled_by,
      handled_by_name: name,
      handled_at: row.handled_at,
    });
  }
  mockTrailStep(db, Number(row.id), "acknowledged", actor.id, typeof note === "string" && note.trim() ? note : null);
  return Object.assign(row, {
    status: "acknowledged",
    handled_by: actor.id,
    handled_at: iso(Date.now()),
    ...(typeof note === "string" && note.trim() ? { note: row.note ? `${String(row.note)}\n${note}` : note } : {}),
  });
}

// ---- positions and device keys --------------------------------------------------------------

/** POST waypoint/add-batch: { stored, skipped }. */
export function mockAddBatch(db: MockDb, actor: RowActor, body: unknown, now = Date.now()): { stored: number; skipped: number } {
  const b = body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : null;
  if (!b) throw badRequest({ body: { key: "bad_request" } });
  if (b.user_id !== undefined && !isEmpty(b.user_id) && Number(b.user_id) !== actor.id) throw badRequest({ user_id: { key: "only_self" } });
  const raw = b.points;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_POINTS) throw badRequest({ points: { key: "list_required", params: { max: MAX_POINTS } } });
  const errors: FieldErrors = {};
  const points: Point[] = [];
  raw.forEach((p, i) => {
    const x = p as Row;
    if (x && typeof x === "object" && !Array.isArray(x) && "user_id" in x && !isEmpty(x.user_id) && Number(x.user_id) !== actor.id)
      errors[`points.${i}.user_id`] = { key: "only_self" };
    const one = pointOf(p, now, `points.${i}.`);
    if ("errors" in one) Object.assign(errors, one.errors);
    else points.push(one.point);
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  const seen = new Set(
    db
      .rows("waypoint")
      .filter((w) => Number(w.user_id) === actor.id)
      .map((w) => Date.parse(String(w.wptime))),
  );
  let stored = 0;
  for (const p of points) {
    if (seen.has(p.wptime)) continue;
    seen.add(p.wptime);
    db.insert("waypoint", { user_id: actor.id, wptime: iso(p.wptime), lon: p.lon, lat: p.lat, accuracy: p.accuracy, speed: p.speed, battery: p.battery });
    stored++;
  }
  return { stored, skipped: points.length - stored };
}

const KEY_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** POST device-key/add: the record and its `key` (answered once). */
export function mockDeviceKeyAdd(db: MockDb, actor: RowActor, body: unknown): Row {
  const b = body === undefined || body === null ? {} : body;
  if (typeof b !== "object" || Array.isArray(b)) throw badRequest({ body: { key: "bad_request" } });
  const { name, time_zone } = b as Row;
  const sent = { ...(name === undefined ? {} : { name }), ...(time_zone === undefined ? {} : { time_zone }) };
  const values = validateBody(resourceByName("device-key"), sent, db, { mode: "create" });
  const key = Array.from({ length: 24 }, () => KEY_ALPHABET[Math.floor(Math.random() * 32)]).join("");
  const row = db.insert("device-key", { ...values, user_id: actor.id, key_prefix: key.slice(0, 4), last_used_at: null });
  return { ...row, key };
}

/** GET project/time-zones. */
export function mockTimeZones(db: MockDb): { company: string; projects: Record<string, string> } {
  const zone = companyZone(db);
  const projects: Record<string, string> = {};
  for (const p of mine(db, "project")) {
    const z = p.time_zone ? zoneOf(p.time_zone) : null;
    if (z && z !== zone) projects[String(p.id)] = z;
  }
  return { company: zone, projects };
}
