// Pure parts of the map page: the 'all' rule, attendance formatting (times on the clock of the
// point's site, in a UTC process), the history builder, track figures on hand-checked tracks,
// request bodies, and the map rows of the error catalogue.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../src/i18n/en.json";
import id from "../../src/i18n/id.json";
import { attendanceSearchBody, historySearchBody } from "../../src/pages/map/api/requests";
import {
  ageInUnits,
  countByPresence,
  isLastKnown,
  isStale,
  positionAgeMs,
  presenceGroup,
  STALE_AFTER_MS,
  toAttendancePoint,
  toAttendancePoints,
} from "../../src/pages/map/model/attendancePoints";
import { ageText } from "../../src/pages/map/parts/ageText";
import { acceptHistory, historyOutcome, parseHistory, routeLine, routePoints } from "../../src/pages/map/model/history";
import { failedSearch, wrapSearch } from "../../src/pages/map/model/searchResult";
import { normalizeSelectedProjectIds } from "../../src/pages/map/model/selectedProjects";
import { detectStops, distanceMeters, movingAndStopped, NO_DATA_GAP_MS, playbackClock, totalDistanceMeters } from "../../src/pages/map/model/track";
import { inProcessZone } from "./processZone";

inProcessZone("UTC");
/** A company in WIB with one site in WITA (project 7). */
const ZONES = { company: "Asia/Jakarta", projects: { "7": "Asia/Makassar" } };
const toPoint = (raw: Parameters<typeof toAttendancePoint>[0]) => toAttendancePoint(raw, ZONES);

describe("the 'all' rule", () => {
  it("keeps only the entries after an 'all' entry", () => {
    expect(normalizeSelectedProjectIds(["all", 3, 5])).toEqual([3, 5]);
    expect(normalizeSelectedProjectIds([1, "all", 7])).toEqual([7]);
    expect(normalizeSelectedProjectIds(["all"])).toEqual([]);
  });
  it("keeps the list as given without one, empty when none", () => {
    expect(normalizeSelectedProjectIds([2, 4])).toEqual([2, 4]);
    expect(normalizeSelectedProjectIds(undefined)).toEqual([]);
    expect(normalizeSelectedProjectIds(null)).toEqual([]);
  });
});

describe("attendance points", () => {
  it("applies the spec's defaults to a bare record", () => {
    expect(toPoint({ user_id: 9, wp_lon: "106.8", wp_lat: "-6.2" })).toEqual({
      user_id: 9,
      name: "-",
      clock_in: "-",
      clock_in_loc: "-",
      clock_out: "-",
      clock_out_loc: "-",
      image_selfie: "",
      projects: null,
      presence_status: null,
      project_id: null,
      zone: "Asia/Jakarta",
      wp_lon: 106.8,
      wp_lat: -6.2,
      position_time: null,
      position_source: null,
      clock_in_at: null,
    });
  });
  it("formats clock times DD-MM-YYYY HH:mm:ss on the company's clock, with its abbreviation in a UTC browser, and keeps the rest", () => {
    const at = "2026-11-20T01:05:09Z";
    const p = toPoint({
      user_id: 1,
      name: "Budi",
      clock_in: at,
      clock_in_loc: "Site A",
      clock_out: null,
      image_selfie: "a.jpg",
      projects: ["P1"],
      presence_status: "late",
      wp_lon: 1,
      wp_lat: 2,
    });
    expect(p.clock_in).toBe("20-11-2026 08:05:09 WIB");
    expect(p.clock_out).toBe("-");
    expect(p).toMatchObject({ name: "Budi", clock_in_loc: "Site A", image_selfie: "a.jpg", projects: "P1", presence_status: "late" });
    expect(toPoint({ user_id: 1, projects: [{ name: "P1" }, "P2"], wp_lon: 1, wp_lat: 2 }).projects).toBe("P1, P2");
  });
  it("shows a point of a site in another zone on that site's clock", () => {
    const p = toPoint({ user_id: 1, project_id: 7, clock_in: "2026-11-20T00:05:09Z", clock_out: "2026-11-20T09:00:00Z", wp_lon: 1, wp_lat: 2 });
    expect(p).toMatchObject({ project_id: 7, zone: "Asia/Makassar", clock_in: "20-11-2026 08:05:09 WITA", clock_out: "20-11-2026 17:00:00 WITA" });
    // A project in the company's zone is not listed: the company's clock.
    expect(toPoint({ user_id: 1, project_id: 3, clock_in: "2026-11-20T00:05:09Z", wp_lon: 1, wp_lat: 2 })).toMatchObject({
      zone: "Asia/Jakarta",
      clock_in: "20-11-2026 07:05:09 WIB",
    });
  });
  it("drops records without a position", () => {
    expect(
      toAttendancePoints(
        [
          { user_id: 1, wp_lon: null, wp_lat: null },
          { user_id: 2, wp_lon: 1, wp_lat: 1 },
        ],
        ZONES,
      ).map((p) => p.user_id),
    ).toEqual([2]);
  });
  it("groups by presence for the legend and counts", () => {
    const base = { clock_in: "01-01-2026 08:00:00", clock_out: "-" };
    expect(presenceGroup({ ...base, presence_status: "present" })).toBe("clockedIn");
    expect(presenceGroup({ ...base, clock_out: "01-01-2026 17:00:00", presence_status: "present" })).toBe("clockedOut");
    expect(presenceGroup({ ...base, presence_status: "late" })).toBe("late");
    expect(presenceGroup({ clock_in: "-", clock_out: "-", presence_status: null })).toBe("absent");
    expect(presenceGroup({ ...base, presence_status: "sick" })).toBe("absent");
    const pts = [
      { user_id: 1, presence_status: "late", clock_in: "2026-01-01T08:00:00", wp_lon: 1, wp_lat: 1 },
      { user_id: 2, wp_lon: 1, wp_lat: 1 },
    ].map(toPoint);
    expect(countByPresence(pts)).toEqual({ clockedIn: 0, clockedOut: 0, absent: 1, late: 1 });
  });
});

describe("the age of a point's place", () => {
  const now = Date.parse("2026-11-25T02:00:00Z");
  const place = (hoursAgo: number, source: "clock_in" | "waypoint") =>
    toPoint({ user_id: 1, wp_lon: 1, wp_lat: 1, wp_time: new Date(now - hoursAgo * 3_600_000).toISOString(), wp_source: source });
  it("keeps when and from what the place is known", () => {
    expect(toPoint({ user_id: 1, wp_lon: 1, wp_lat: 1, wp_time: "2026-11-23T09:59:30.000Z", wp_source: "waypoint" })).toMatchObject({
      position_time: "2026-11-23T09:59:30.000Z",
      position_source: "waypoint",
    });
    expect(toPoint({ user_id: 1, wp_lon: 1, wp_lat: 1, wp_time: "not a time", wp_source: "gps" })).toMatchObject({ position_time: null, position_source: null });
  });
  it("greys a place older than 12 hours, whatever its source", () => {
    expect(STALE_AFTER_MS).toBe(12 * 3_600_000);
    expect(isStale(place(12, "clock_in"), now)).toBe(false);
    expect(isStale(place(12.01, "clock_in"), now)).toBe(true);
    expect(isStale(place(40, "waypoint"), now)).toBe(true);
    expect(isStale({ position_time: null, position_source: null }, now)).toBe(false);
  });
  it("a last-known place is a GPS point instead of a clock-in place, or any stale one", () => {
    expect(isLastKnown(place(0.5, "waypoint"), now)).toBe(true);
    expect(isLastKnown(place(3, "clock_in"), now)).toBe(false);
    expect(isLastKnown(place(30, "clock_in"), now)).toBe(true);
    expect(positionAgeMs(place(2, "waypoint"), now)).toBe(2 * 3_600_000);
  });
  it("tells the age in its largest whole unit", () => {
    expect(ageInUnits(59 * 60_000)).toEqual({ value: 59, unit: "minute" });
    expect(ageInUnits(23.9 * 3_600_000)).toEqual({ value: 23, unit: "hour" });
    expect(ageInUnits(49 * 3_600_000)).toEqual({ value: 2, unit: "day" });
  });
  it("says the age in English and Indonesian through i18next's relative time (Intl)", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en }, id: { translation: id } } });
    const twoDays = 49 * 3_600_000;
    expect(ageText(twoDays, i18n.t)).toBe(new Intl.RelativeTimeFormat("en", { style: "narrow" }).format(-2, "day"));
    expect(ageText(twoDays, i18n.t)).toMatch(/^2\s?d ago$/);
    await i18n.changeLanguage("id");
    expect(ageText(twoDays, i18n.t)).toBe(new Intl.RelativeTimeFormat("id", { style: "narrow" }).format(-2, "day"));
    expect(ageText(5 * 3_600_000, i18n.t)).toBe(new Intl.RelativeTimeFormat("id", { style: "narrow" }).format(-5, "hour"));
  });
});

describe("history builder", () => {
  const rows = [
    { lon: "106.80", lat: "-6.20", wptime: "2026-11-20T08:00:00Z" },
    { lon: "106.81", lat: "-6.21", wptime: "2026-11-20T08:01:00Z" },
    { lon: "106.82", lat: "-6.22", wptime: "2026-11-20T08:02:00Z" },
  ];
  it("parses numeric strings and names Start, Working and End with their wptime", () => {
    const pts = parseHistory(rows);
    expect(pts[0]).toEqual({ lon: 106.8, lat: -6.2, wptime: "2026-11-20T08:00:00Z" });
    expect(routePoints(pts).map((p) => [p.role, p.wptime])).toEqual([
      ["Start", "2026-11-20T08:00:00Z"],
      ["Working", "2026-11-20T08:01:00Z"],
      ["End", "2026-11-20T08:02:00Z"],
    ]);
    expect(routeLine(pts)).toEqual([
      [106.8, -6.2],
      [106.81, -6.21],
      [106.82, -6.22],
    ]);
  });
  it("accepts history only when successful and holding a point", () => {
    expect(acceptHistory({ status: true, data: rows })).toHaveLength(3);
    expect(acceptHistory({ status: true, data: [] })).toBeNull();
    expect(acceptHistory({ status: false, data: rows })).toBeNull();
    expect(acceptHistory(null)).toBeNull();
  });
  it("draws a route only from points; anything else (an empty success too) is the 'couldn't find' warning", () => {
    expect(historyOutcome({ status: true, data: rows }).kind).toBe("route");
    expect(historyOutcome({ status: true, data: [] })).toEqual({ kind: "notFound" });
    expect(historyOutcome({ status: true, data: [{ lon: "x", lat: "y", wptime: "" }] })).toEqual({ kind: "notFound" });
    expect(historyOutcome({ status: false, data: null })).toEqual({ kind: "notFound" });
    expect(historyOutcome({})).toEqual({ kind: "notFound" });
  });
});

describe("track figures", () => {
  // One degree of latitude is 111.195 km on the mean-radius sphere.
  it("measures distance by great circle", () => {
    expect(distanceMeters({ lon: 0, lat: 0 }, { lon: 0, lat: 1 })).toBeCloseTo(111_195, -1);
    expect(distanceMeters({ lon: 106.8, lat: -6.2 }, { lon: 106.8, lat: -6.2 })).toBe(0);
    const pts = [
      { lon: 0, lat: 0, wptime: "" },
      { lon: 0, lat: 0.01, wptime: "" },
      { lon: 0, lat: 0.02, wptime: "" },
    ];
    expect(totalDistanceMeters(pts)).toBeCloseTo(2_223.9, 0);
  });
  const at = (min: number) => new Date(Date.UTC(2026, 10, 20, 8, min)).toISOString();
  // 08:00 moving, a 10-minute halt at 0.01°N (08:02-08:12, with 10 m jitter), moving on, a 4-minute halt (not a stop).
  const track = [
    { lon: 0, lat: 0, wptime: at(0) },
    { lon: 0, lat: 0.01, wptime: at(2) },
    { lon: 0.00009, lat: 0.01, wptime: at(7) },
    { lon: 0, lat: 0.01, wptime: at(12) },
    { lon: 0, lat: 0.02, wptime: at(14) },
    { lon: 0, lat: 0.02, wptime: at(18) },
    { lon: 0, lat: 0.03, wptime: at(20) },
  ];
  it("lists stops longer than 5 minutes with start and duration", () => {
    const stops = detectStops(track);
    expect(stops).toEqual([{ lon: 0, lat: 0.01, start: at(2), end: at(12), durationMs: 10 * 60_000, index: 1 }]);
  });
  it("does not list a stop of exactly 5 minutes", () => {
    expect(
      detectStops([
        { lon: 0, lat: 0, wptime: at(0) },
        { lon: 0, lat: 0, wptime: at(5) },
      ]),
    ).toEqual([]);
  });
  it("splits the span into moving and stopped time", () => {
    expect(movingAndStopped(track, detectStops(track))).toEqual({ movingMs: 10 * 60_000, stoppedMs: 10 * 60_000, noDataMs: 0 });
  });

  // Two days: the worker walks to the gate (0.02°N) and stays there 16:50-17:00, goes home (no
  // points), is back at the gate 08:00-08:04 the next morning and walks on.
  const day = (d: number, h: number, min: number) => new Date(Date.UTC(2026, 10, 20 + d, h, min)).toISOString();
  const twoDays = [
    { lon: 0, lat: 0, wptime: day(0, 16, 40) },
    { lon: 0, lat: 0.02, wptime: day(0, 16, 50) },
    { lon: 0, lat: 0.02, wptime: day(0, 16, 55) },
    { lon: 0, lat: 0.02, wptime: day(0, 17, 0) },
    { lon: 0, lat: 0.02, wptime: day(1, 8, 0) },
    { lon: 0, lat: 0.02, wptime: day(1, 8, 4) },
    { lon: 0, lat: 0.03, wptime: day(1, 8, 10) },
  ];
  it("does not count a night (a gap without data) as a stop, nor as moving or stopped time", () => {
    const stops = detectStops(twoDays);
    // 16:50-17:00 at the gate is a stop; the night and the 4 minutes of the morning are not.
    expect(stops.map((s) => [s.start, s.durationMs])).toEqual([[day(0, 16, 50), 10 * 60_000]]);
    const gap = Date.parse(day(1, 8, 0)) - Date.parse(day(0, 17, 0));
    expect(gap).toBeGreaterThan(NO_DATA_GAP_MS);
    expect(movingAndStopped(twoDays, stops)).toEqual({ movingMs: (10 + 10) * 60_000, stoppedMs: 10 * 60_000, noDataMs: gap });
  });
  it("plays a route over several days without waiting out the nights", () => {
    const clock = playbackClock(twoDays);
    expect(clock[0]).toBe(Date.parse(day(0, 16, 40)));
    // 17:00 → next 08:00 takes no playback time; the rest keeps its own pace.
    expect(clock.map((t) => (t - clock[0]) / 60_000)).toEqual([0, 10, 15, 20, 20, 24, 30]);
  });
});

describe("request bodies", () => {
  it("attendance search sends the selected ids", () => {
    expect(attendanceSearchBody([3, 5])).toEqual({ project_id: [3, 5] });
  });
  it("history search sends exactly the spec's paging, columns and orders, and asks for the columnar answer", () => {
    expect(historySearchBody(12, "2026-11-20 00:00:00", "2026-11-20 23:59:59")).toEqual({
      paging: { start: 0, length: -1 },
      columns: [
        { data: "user_id", value: 12, operator: "=" },
        { data: "wptime", value: "2026-11-20 00:00:00", value1: "2026-11-20 23:59:59", operator: "range" },
      ],
      orders: { columns: ["wptime"], ascending: true },
      format: "columns",
    });
  });
});

describe("map search wrapper and error catalogue rows", () => {
  it("answers status true with a non-empty list", () => {
    expect(wrapSearch({ status: true, data: [{ a: 1 }] })).toEqual({ status: true, data: [{ a: 1 }] });
  });
  it("answers status false with null data for an empty list, no list or nothing (no message)", () => {
    expect(wrapSearch({ status: true, data: [] })).toEqual({ status: false, data: null });
    expect(wrapSearch({ status: true, data: { x: 1 } })).toEqual({ status: false, data: null });
    expect(wrapSearch(undefined)).toEqual({ status: false, data: null });
  });
  it("no response → the connection alert with the error type, status false", () => {
    expect(failedSearch({ statusCode: 0, message: "Network Error" })).toEqual({ result: { status: false, data: null }, alert: { kind: "noResponse", errorType: "Network Error" } });
  });
  it("a thrown error → its message when present, status false", () => {
    expect(failedSearch({ statusCode: 500, message: "boom" })).toEqual({ result: { status: false, data: null }, alert: { kind: "message", message: "boom" } });
    expect(failedSearch({ statusCode: 500 })).toEqual({ result: { status: false, data: null }, alert: null });
  });
});
