// The field page's model (src/pages/field/model/): site times in WIB, WITA and WIT read from a
// browser in UTC, the day at a glance with what waits in the offline queue, the nearest project,
// queue entries (key, capture time, what a failure means), the hold, the position batches and
// the Traccar Client link.
import { AxiosError, AxiosHeaders } from "axios";
import { afterEach, describe, expect, it } from "vitest";
import { learnServerTime, resetServerClock, serverOffsetMs } from "../../src/http/serverClock";
import type { FieldDay } from "../../declaration/answers";
import { IDEMPOTENCY_KEY, MAX_POINTS } from "../../declaration/field-capture";
import { formatClock, formatDateTime } from "../../src/lib/zonedTime";
import { dayHeading, dayStateOf, nextBreakAction, nextClockAction, workedMinutes, zoneOfDay } from "../../src/pages/field/model/day";
import { HOLD_MS, pressed, progressOf, released, ticked, type HoldState } from "../../src/pages/field/model/hold";
import { BATCH_SIZE, MIN_POINT_GAP_MS, PointBatch } from "../../src/pages/field/model/pointBatch";
import { fixOf, MAX_ACCURACY_M, problemOfError, tooInaccurate, type Fix } from "../../src/pages/field/model/position";
import { failureOf, newAction, newKey, payloadOf, sendOrder, type QueuedAction } from "../../src/pages/field/model/queue";
import { areaOf, distanceText, nearestSite, sitesOf } from "../../src/pages/field/model/sites";
import { apiOrigin, osmandUrl, traccarLink } from "../../src/pages/field/model/traccar";
import { withProcessZone } from "./processZone";

// 07:58 at each site: 00:58 UTC in Jakarta (WIB, +7), 23:58 UTC the day before in Makassar (WITA, +8), 22:58 in Jayapura (WIT, +9).
const WIB_0758 = "2026-11-21T00:58:00.000Z";
const WITA_0758 = "2026-11-20T23:58:00.000Z";
const WIT_0758 = "2026-11-20T22:58:00.000Z";

describe("site times (the app's shared formatter, src/lib/zonedTime.ts, as the field page calls it)", () => {
  it("reads a clock-in at 07:58 as 07:58 in each of Indonesia's zones from a browser in UTC, with the zone's abbreviation", () => {
    withProcessZone("UTC", () => {
      expect(formatClock(WIB_0758, "Asia/Jakarta")).toBe("07:58 WIB");
      expect(formatClock(WITA_0758, "Asia/Makassar")).toBe("07:58 WITA");
      expect(formatClock(WIT_0758, "Asia/Jayapura")).toBe("07:58 WIT");
      expect(formatClock(WIT_0758, "Asia/Jayapura", "id")).toBe("07:58 WIT");
      // The same instant on another site's clock: the page shows the day's zone, not the browser's.
      expect(formatClock(WIB_0758, "Asia/Makassar")).toBe("08:58 WITA");
      // A device key's last use: the app's date form, the day of the site (still the 20th in UTC).
      expect(formatDateTime(WITA_0758, "Asia/Makassar")).toBe("21-11-2026 07:58:00 WITA");
    });
  });

  it("leaves the abbreviation out where the site's zone is the browser's", () => {
    withProcessZone("Asia/Jakarta", () => {
      expect(formatClock(WIB_0758, "Asia/Jakarta")).toBe("07:58");
      expect(formatClock(WIB_0758, "Asia/Makassar")).toBe("08:58 WITA");
    });
    withProcessZone("Asia/Makassar", () => expect(formatClock(WITA_0758, "Asia/Makassar")).toBe("07:58"));
  });

  it("names zones outside Indonesia as Intl does, answers '-' for no time, and heads the page with the site's day", () => {
    withProcessZone("UTC", () => {
      expect(formatClock(WIB_0758, "Asia/Tokyo", "en")).toBe("09:58 GMT+9");
      expect(formatClock(null, "Asia/Jakarta")).toBe("-");
      expect(formatClock("not a time", "Asia/Jakarta")).toBe("-");
      expect(dayHeading("2026-11-21", "en")).toBe("Saturday, 21 November 2026");
    });
  });
});

const SITES_DAY: FieldDay = {
  presence: null,
  presences: [],
  break: null,
  projects: [
    { id: 1, name: "Tower A", location: [106.8, -6.2], work_radius_m: 200, time_zone: "Asia/Jakarta", address: null },
    { id: 2, name: "Makassar site", location: [119.42, -5.14], work_radius_m: 300, time_zone: "Asia/Makassar", address: null },
    { id: 3, name: "No place yet", location: null, work_radius_m: null, time_zone: "Asia/Jakarta", address: null },
  ],
  shift: null,
  time_zone: "Asia/Jakarta",
  date: "2026-11-21",
  server_time: WIB_0758,
};

describe("projects to clock in at", () => {
  const sites = sitesOf(SITES_DAY);

  it("preselects the nearest project with a place, whatever the order", () => {
    expect(nearestSite(sites, [119.421, -5.141])?.name).toBe("Makassar site");
    expect(nearestSite(sites, [106.801, -6.2])?.name).toBe("Tower A");
    expect(nearestSite([...sites].reverse(), [106.801, -6.2])?.name).toBe("Tower A");
  });

  it("preselects nothing without a position, unless there is one project only", () => {
    expect(nearestSite(sites, null)).toBeNull();
    expect(nearestSite([sites[0]], null)?.name).toBe("Tower A");
  });

  it("tells inside from outside the work area (its radius, 200 m when none is set)", () => {
    expect(areaOf(sites[0], [106.8, -6.2015])).toBe("inside"); // ~167 m
    expect(areaOf(sites[0], [106.8, -6.2025])).toBe("outside"); // ~278 m
    expect(sites[2].radiusM).toBe(200);
    expect(areaOf(sites[2], [106.8, -6.2])).toBeNull();
    expect(distanceText(167.4, "en")).toBe("167 m");
    expect(distanceText(1234, "id")).toBe("1,2 km");
  });
});

const action = (kind: QueuedAction["kind"], capturedAt: string, fields: QueuedAction["fields"] = {}): QueuedAction => ({
  id: capturedAt,
  userId: 1,
  kind,
  key: "k".repeat(32),
  capturedAt,
  fields,
  attempts: 0,
});

describe("the day at a glance", () => {
  const clockedIn: FieldDay = {
    ...SITES_DAY,
    presence: { id: 9, clock_in: WIB_0758, clock_out: null, project_id: 1, project_id_label: "Tower A", work_area_in: "inside" },
  };

  it("says not clocked in, then clocked in since the presence's time at its project, then clocked out with the server's duration, and offers to clock in again", () => {
    expect(dayStateOf(SITES_DAY).kind).toBe("out-of-day");
    const inState = dayStateOf(clockedIn);
    expect(inState).toMatchObject({ kind: "clockedIn", since: WIB_0758, projectName: "Tower A", area: "inside", waiting: false });
    expect(nextClockAction(inState)).toBe("clockOut");
    const out = dayStateOf({ ...clockedIn, presence: { ...clockedIn.presence, clock_out: "2026-11-21T09:30:00.000Z", work_area_out: "outside", work_duration: 452 } });
    expect(out).toMatchObject({ kind: "clockedOut", area: "outside", minutes: 452 });
    expect(nextClockAction(out)).toBe("clockIn");
    expect(nextBreakAction(out)).toBeNull();
    expect(workedMinutes(out, Date.now())).toBe(452);
  });

  it("adds the day's earlier presences to the time worked, and a clock-in after a clock-out (another site) clocks in again", () => {
    const morning = { id: 8, clock_in: "2026-11-21T00:58:00.000Z", clock_out: "2026-11-21T05:00:00.000Z", project_id: 1, project_id_label: "Tower A", work_duration: 242 };
    const afternoon = { id: 9, clock_in: "2026-11-21T06:00:00.000Z", clock_out: null, project_id: 2, project_id_label: "Makassar site", work_area_in: "inside" };
    const day: FieldDay = { ...SITES_DAY, presence: afternoon, presences: [morning, afternoon] };
    const state = dayStateOf(day);
    expect(state).toMatchObject({ kind: "clockedIn", projectName: "Makassar site", earlier: 242, onBreak: null });
    expect(workedMinutes(state, Date.parse("2026-11-21T07:00:00.000Z"))).toBe(242 + 60);
    const outThenIn = dayStateOf({ ...SITES_DAY, presence: morning, presences: [morning] }, [action("clockIn", "2026-11-21T06:00:00.000Z", { project_id: 2 })]);
    expect(outThenIn).toMatchObject({ kind: "clockedIn", since: "2026-11-21T06:00:00.000Z", projectName: "Makassar site", waiting: true, earlier: 242 });
  });

  it("is on a break between a break's start and end, the server's or one waiting in the queue", () => {
    const onBreak = dayStateOf({ ...clockedIn, break: { id: 1, presence_id: 9, start: "2026-11-21T05:00:00.000Z", end: null, clock_skew_seconds: null } });
    expect(onBreak).toMatchObject({ kind: "clockedIn", onBreak: { since: "2026-11-21T05:00:00.000Z", waiting: false } });
    expect(nextBreakAction(onBreak)).toBe("breakEnd");
    expect(nextBreakAction(dayStateOf(clockedIn))).toBe("breakStart");
    const queued = dayStateOf(clockedIn, [action("breakStart", "2026-11-21T05:00:00.000Z")]);
    expect(queued).toMatchObject({ onBreak: { since: "2026-11-21T05:00:00.000Z", waiting: true } });
    expect(dayStateOf(clockedIn, [action("breakStart", "2026-11-21T05:00:00.000Z"), action("breakEnd", "2026-11-21T05:30:00.000Z")])).toMatchObject({ onBreak: null });
  });

  it("counts what waits in the queue: a queued clock-in means clocked in, a queued clock-out clocked out", () => {
    const queuedIn = dayStateOf(SITES_DAY, [action("clockIn", WITA_0758, { project_id: 2 })]);
    expect(queuedIn).toMatchObject({ kind: "clockedIn", since: WITA_0758, projectName: "Makassar site", waiting: true });
    expect(zoneOfDay(queuedIn, SITES_DAY)).toBe("Asia/Makassar");
    const queuedOut = dayStateOf(clockedIn, [action("clockOut", "2026-11-21T09:00:00.000Z"), action("panic", "2026-11-21T08:00:00.000Z")]);
    expect(queuedOut).toMatchObject({ kind: "clockedOut", until: "2026-11-21T09:00:00.000Z", waiting: true });
    expect(workedMinutes(queuedOut, Date.now())).toBe(8 * 60 + 2);
  });

  it("counts the time worked so far while clocked in", () => {
    expect(workedMinutes(dayStateOf(clockedIn), Date.parse(WIB_0758) + 134 * 60_000 + 30_000)).toBe(134);
  });
});

describe("queue entries", () => {
  it("makes a fresh idempotency key of the contract's form for every action, and keeps it in the payload of every attempt", () => {
    const keys = new Set(Array.from({ length: 50 }, newKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(IDEMPOTENCY_KEY);
    const a = newAction("clockIn", 4, { project_id: 2, lon: 106.8, lat: -6.2, accuracy: 12, note: undefined }, new Blob(["x"]), Date.parse(WIB_0758));
    expect(a.capturedAt).toBe(WIB_0758);
    const first = payloadOf(a);
    const retry = payloadOf({ ...a, attempts: 3, lastFailure: "offline" });
    expect(first).toEqual(retry);
    expect(first).toMatchObject({ project_id: 2, lon: 106.8, lat: -6.2, accuracy: 12, captured_at: WIB_0758, idempotency_key: a.key });
    expect(first).not.toHaveProperty("note");
    expect(first.selfie).toBeInstanceOf(Blob);
  });

  it("sends alarms first, then clock actions in the order they were made", () => {
    const list = [action("clockOut", "2026-11-21T09:00:00.000Z"), action("panic", "2026-11-21T10:00:00.000Z"), action("clockIn", "2026-11-21T01:00:00.000Z")];
    expect(sendOrder(list).map((a) => a.kind)).toEqual(["panic", "clockIn", "clockOut"]);
  });

  it("keeps an action that got no answer or a server fault, and drops one the server refused, by the answer's key", () => {
    const axiosError = (status: number | null, data?: unknown) =>
      new AxiosError(
        "x",
        status ? "ERR_BAD_RESPONSE" : "ERR_NETWORK",
        undefined,
        undefined,
        status ? { status, data, statusText: "", headers: {}, config: { headers: new AxiosHeaders() } } : undefined,
      );
    expect(failureOf(axiosError(null))).toBe("offline");
    expect(failureOf({ message: "Network Error", statusCode: 0 })).toBe("offline");
    expect(failureOf(axiosError(500, { key: "server_error" }))).toBe("server");
    expect(failureOf(axiosError(502))).toBe("server");
    expect(failureOf({ statusCode: 503, key: "unavailable" })).toBe("server");
    // Over the request limit: kept and sent again after the wait, not dropped as refused.
    expect(failureOf(axiosError(429, { status: false, key: "rate_limited", message: "Too many requests. Please try again in 30 s." }))).toBe("server");
    expect(failureOf({ statusCode: 429, key: "rate_limited" })).toBe("server");
    expect(failureOf({ statusCode: 409, key: "already_clocked_in" })).toBe("refused");
    expect(failureOf({ statusCode: 400, key: "validation_failed", errors: { captured_at: "Must be within the last 24 hours." } })).toBe("refused");
  });
});

describe("positions", () => {
  const pos = (accuracy: number, timestamp = 1_700_000_000_000) =>
    ({ coords: { longitude: 106.82715329, latitude: -6.1753924, accuracy, speed: null }, timestamp }) as unknown as GeolocationPosition;

  it("takes the browser's position with its accuracy in whole metres, and refuses more than 100 m for clocking", () => {
    const fix = fixOf(pos(12.2));
    expect(fix).toEqual({ lon: 106.8271533, lat: -6.1753924, accuracy: 13, at: 1_700_000_000_000, speed: null });
    expect(MAX_ACCURACY_M).toBe(100);
    expect(tooInaccurate(fixOf(pos(100)))).toBe(false);
    expect(tooInaccurate(fixOf(pos(100.4)))).toBe(true);
  });

  it("names the browser's refusals", () => {
    expect(problemOfError({ code: 1 })).toBe("denied");
    expect(problemOfError({ code: 2 })).toBe("unavailable");
    expect(problemOfError({ code: 3 })).toBe("timeout");
  });

  it("batches positions: full at 50, one per 5 s at most, a failed batch back in front, never more than a request holds", () => {
    const fix = (at: number): Fix => ({ lon: 106.8, lat: -6.2, accuracy: 8, at, speed: null });
    const b = new PointBatch();
    for (let i = 0; i < BATCH_SIZE - 1; i++) expect(b.add(fix(i * MIN_POINT_GAP_MS))).toBe(false);
    expect(b.add(fix((BATCH_SIZE - 1) * MIN_POINT_GAP_MS - 1))).toBe(false); // too soon after the last
    expect(b.size).toBe(BATCH_SIZE - 1);
    expect(b.add(fix((BATCH_SIZE - 1) * MIN_POINT_GAP_MS))).toBe(true);
    const taken = b.take();
    expect(taken).toHaveLength(BATCH_SIZE);
    expect(taken[0]).toEqual({ wptime: new Date(0).toISOString(), lon: 106.8, lat: -6.2, accuracy: 8 });
    b.add(fix(10_000_000));
    b.putBack(taken);
    expect(b.take().map((p) => p.wptime)).toEqual([...taken.map((p) => p.wptime), new Date(10_000_000).toISOString()]);
    for (let i = 0; i < MAX_POINTS + 10; i++) b.add(fix(20_000_000 + i * MIN_POINT_GAP_MS));
    expect(b.size).toBe(MAX_POINTS);
  });
});

describe("the panic button's hold", () => {
  it("is done only after 2 s held without a break; a release before sends nothing", () => {
    let s: HoldState = pressed({ kind: "idle" }, 1000);
    expect(ticked(s, 1000 + HOLD_MS - 1).kind).toBe("holding");
    expect(progressOf(s, 1000 + HOLD_MS / 2)).toBe(0.5);
    s = released(s);
    expect(ticked(s, 1000 + HOLD_MS * 2)).toEqual({ kind: "idle" });
    s = pressed(s, 5000);
    expect(ticked(s, 5000 + HOLD_MS)).toEqual({ kind: "done" });
  });
});

describe("Traccar Client", () => {
  it("gets this server's /osmand and the key, as text and as a link its QR scanner applies", () => {
    expect(apiOrigin("/api", "https://fw.example.com/#/field")).toBe("https://fw.example.com");
    expect(apiOrigin("https://api.example.com/api", "https://fw.example.com/#/field")).toBe("https://api.example.com");
    expect(osmandUrl("https://fw.example.com")).toBe("https://fw.example.com/osmand");
    const link = new URL(traccarLink("https://fw.example.com", "k3q7xg2mz5wa4hrt6pnd2vcy"));
    expect(`${link.origin}${link.pathname}`).toBe("https://fw.example.com/osmand");
    expect(Object.fromEntries(link.searchParams)).toEqual({ id: "k3q7xg2mz5wa4hrt6pnd2vcy", accuracy: "high", interval: "30", distance: "0", angle: "0", buffer: "true" });
  });
});

describe("the server's clock (src/http/serverClock.ts) stamps what the worker does", () => {
  afterEach(resetServerClock);

  it("learns the offset from an answer's Date header: a phone 5 minutes fast stamps the server's time", () => {
    const phone = Date.parse("2026-11-20T10:05:00.000Z");
    learnServerTime("Fri, 20 Nov 2026 10:00:00 GMT", phone);
    expect(serverOffsetMs()).toBe(-5 * 60_000 + 500);
    const a = newAction("panic", 7, {}, undefined, phone + serverOffsetMs());
    expect(a.capturedAt).toBe("2026-11-20T10:00:00.500Z");
  });

  it("newAction takes the corrected time by default, and an unreadable header changes nothing", () => {
    learnServerTime("Fri, 20 Nov 2026 10:00:00 GMT", Date.now());
    learnServerTime("not a date");
    learnServerTime(undefined);
    const expected = Date.parse("2026-11-20T10:00:00.500Z");
    expect(Math.abs(Date.parse(newAction("clockIn", 7, {}).capturedAt) - expected)).toBeLessThan(60_000);
  });
});
