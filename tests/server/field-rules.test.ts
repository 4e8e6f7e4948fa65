// The pure rules of field capture (server/field/rules.ts, osmand.ts, zones.ts): lateness against
// a shift (also one running past midnight), capture-time limits, the work area, the work
// duration, the OsmAnd timestamp forms and units, local days in WIB, WITA and WIT.
import { describe, expect, it } from "vitest";
import { parseJson, parseQuery, timestampOf } from "../../server/field/osmand";
import { checkCaptureMs, distanceM, minutesAfterStart, presenceStatus, sentLate, workArea, workDuration } from "../../server/field/rules";
import { localParts } from "../../server/field/zones";

const day = { start_time: "08:00", end_time: "17:00", grace_minutes: 15 };
const night = { start_time: "21:00", end_time: "05:00", grace_minutes: 15 };
const at = (hh: number, mm: number) => hh * 60 + mm;

describe("lateness", () => {
  it.each([
    [day, at(7, 50), "present"],
    [day, at(8, 15), "present"],
    [day, at(8, 16), "late"],
    [day, at(13, 0), "late"],
    [night, at(20, 45), "present"],
    [night, at(21, 15), "present"],
    [night, at(21, 16), "late"],
    [night, at(0, 30), "late"],
    [night, at(4, 0), "late"],
  ] as const)("%o at minute %i: %s", (shift, minute, status) => {
    expect(presenceStatus(minute, shift)).toBe(status);
  });

  it("counts a night shift's clock-in after midnight from the evening's start; no shift: present", () => {
    expect(minutesAfterStart(at(0, 30), night)).toBe(210);
    expect(minutesAfterStart(at(20, 0), night)).toBe(-60);
    expect(presenceStatus(at(23, 0), null)).toBe("present");
    expect(presenceStatus(at(8, 1), { ...day, grace_minutes: 0 })).toBe("late");
  });
});

describe("capture time, work area, duration", () => {
  const now = Date.parse("2026-11-21T03:00:00Z");
  it("takes the last 24 hours and 2 minutes ahead", () => {
    expect(checkCaptureMs(now - 24 * 3600_000, now).ok).toBe(true);
    expect(checkCaptureMs(now - 24 * 3600_000 - 1, now)).toEqual({ ok: false, error: { key: "capture_too_old", params: { max: 24 } } });
    expect(checkCaptureMs(now + 120_000, now).ok).toBe(true);
    expect(checkCaptureMs(now + 120_001, now)).toEqual({ ok: false, error: { key: "capture_in_future", params: { max: 2 } } });
    expect(sentLate(now - 120_000, now)).toBe(false);
    expect(sentLate(now - 120_001, now)).toBe(true);
  });

  it("is inside within the radius, outside beyond it, null without a location", () => {
    const site = { location: [106.8, -6.2], work_radius_m: 200 };
    expect(distanceM([106.8, -6.2], [106.8, -6.2 + 0.001])).toBeCloseTo(111.2, 0);
    expect(workArea([106.8, -6.2 + 0.0017], site)).toBe("inside");
    expect(workArea([106.8, -6.2 + 0.0019], site)).toBe("outside");
    expect(workArea([106.8, -6.2], { location: null, work_radius_m: 200 })).toBeNull();
    expect(workArea([106.8, -6.2 + 0.0019], { location: [106.8, -6.2], work_radius_m: null })).toBe("outside");
  });

  it("deducts the shift's break from more than 4 hours of work", () => {
    const h = 3600_000;
    expect(workDuration(0, 4 * h, 60)).toBe(240);
    expect(workDuration(0, 9 * h, 60)).toBe(480);
    expect(workDuration(0, 9 * h, null)).toBe(540);
    expect(workDuration(0, 30_000, 60)).toBe(1);
  });
});

describe("local days in Indonesia's zones", () => {
  it("puts one instant on its wall clock in WIB, WITA and WIT", () => {
    const instant = Date.parse("2026-11-21T16:30:00Z");
    expect(localParts(instant, "Asia/Jakarta")).toEqual({ date: "2026-11-21", minute: at(23, 30) });
    expect(localParts(instant, "Asia/Makassar")).toEqual({ date: "2026-11-22", minute: at(0, 30) });
    expect(localParts(instant, "Asia/Jayapura")).toEqual({ date: "2026-11-22", minute: at(1, 30) });
  });
});

describe("the OsmAnd protocol (as Traccar's OsmAndProtocolDecoder reads it)", () => {
  const now = Date.parse("2026-11-21T03:00:00Z");
  it("reads a timestamp in seconds below 2^31 - 1, else milliseconds, ISO, or a local time in the company's zone", () => {
    expect(timestampOf("1795575600", "Asia/Jakarta")).toBe(1795575600_000);
    expect(timestampOf("1795575600000", "Asia/Jakarta")).toBe(1795575600_000);
    expect(timestampOf("2026-11-21T10:00:00+07:00", "Asia/Jakarta")).toBe(Date.parse("2026-11-21T03:00:00Z"));
    expect(timestampOf("2026-11-21 10:00:00", "Asia/Jakarta")).toBe(Date.parse("2026-11-21T03:00:00Z"));
    expect(timestampOf("2026-11-21 11:00:00", "Asia/Makassar")).toBe(Date.parse("2026-11-21T03:00:00Z"));
    expect(timestampOf("yesterday", "Asia/Jakarta")).toBeNull();
  });

  it("converts the query form's knots to m/s and keeps JSON's m/s; battery level 0..1 to percent", () => {
    const q = parseQuery({ id: "k", lat: "-6.2", lon: "106.8", speed: "10", batt: "55.4", accuracy: "7" }, now, "Asia/Jakarta");
    expect(q).toEqual({ ok: true, points: [{ wptime: now, lon: 106.8, lat: -6.2, accuracy: 7, speed: 5.14, battery: 55 }] });
    const j = parseJson(
      { device_id: "k", location: { timestamp: "2026-11-21T02:59:00Z", coords: { latitude: -6.2, longitude: 106.8, speed: 1.5, accuracy: -1 }, battery: { level: 0.79 } } },
      now,
    );
    expect(j).toEqual({ ok: true, points: [{ wptime: now - 60_000, lon: 106.8, lat: -6.2, accuracy: null, speed: 1.5, battery: 79 }] });
  });
});
