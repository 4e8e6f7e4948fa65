// Times on a site's clock (src/lib/timeZones.ts, src/lib/zonedTime.ts) in a UTC process, as a
// browser in UTC would show them: WIB, WITA and WIT, the abbreviation only where the zone is not
// the browser's, days that end at the site's midnight, typed times read on the site's clock, the
// map's quick ranges as the site's days, and which field names a row's site.
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { toTimeZones } from "../../src/crud/useTimeZones";
import { fromDayjs, rangeFromWire, rangeToWire, toDayjs } from "../../src/crud/fields/convert";
import { timeZoneNames } from "../../src/crud/fields/timezone";
import { browserTimeZone, needsAbbreviation, projectFieldOf, zoneAbbreviation, zoneOfProject, zoneOfRow } from "../../src/lib/timeZones";
import { formatDateTime, instantOfWall, quickRanges, wallNow, wallOf } from "../../src/lib/zonedTime";
import { inProcessZone, withProcessZone } from "./processZone";

inProcessZone("UTC");

/** 07:58 WIB on 25 November 2026 (00:58 UTC). */
const CLOCK_IN = "2026-11-25T07:58:00+07:00";

describe("formatDateTime in a UTC browser", () => {
  it("is in the UTC process the test asks for", () => {
    expect(browserTimeZone()).toBe("UTC");
    expect(new Date(CLOCK_IN).getHours()).toBe(0);
  });

  it("shows a time on the clock of WIB, WITA and WIT, each with its abbreviation", () => {
    expect(formatDateTime(CLOCK_IN, "Asia/Jakarta")).toBe("25-11-2026 07:58:00 WIB");
    expect(formatDateTime(CLOCK_IN, "Asia/Makassar")).toBe("25-11-2026 08:58:00 WITA");
    expect(formatDateTime(CLOCK_IN, "Asia/Jayapura")).toBe("25-11-2026 09:58:00 WIT");
    // The wire's offset does not matter, the instant does.
    expect(formatDateTime("2026-11-25T00:58:00.000Z", "Asia/Jakarta")).toBe("25-11-2026 07:58:00 WIB");
    expect(formatDateTime(Date.parse(CLOCK_IN), "Asia/Jakarta")).toBe("25-11-2026 07:58:00 WIB");
  });

  it("keeps the abbreviations in Indonesian", () => {
    expect(formatDateTime(CLOCK_IN, "Asia/Jakarta", "id")).toBe("25-11-2026 07:58:00 WIB");
    expect(formatDateTime(CLOCK_IN, "Asia/Makassar", "id")).toBe("25-11-2026 08:58:00 WITA");
    expect(formatDateTime(CLOCK_IN, "Asia/Jayapura", "id")).toBe("25-11-2026 09:58:00 WIT");
  });

  it("crosses the date line of the site: 23:30 WIB is the next day in WITA and WIT", () => {
    const late = "2026-11-25T23:30:00+07:00";
    expect(formatDateTime(late, "Asia/Jakarta")).toBe("25-11-2026 23:30:00 WIB");
    expect(formatDateTime(late, "Asia/Makassar")).toBe("26-11-2026 00:30:00 WITA");
    expect(formatDateTime(late, "Asia/Jayapura")).toBe("26-11-2026 01:30:00 WIT");
    // A UTC browser's own clock would still say 16:30 on the 25th.
    expect(formatDateTime(late, "UTC")).toBe("25-11-2026 16:30:00");
  });

  it("answers '-' for a missing or unreadable time", () => {
    for (const v of [null, undefined, "", "  ", "not a time", {}]) expect(formatDateTime(v, "Asia/Jakarta")).toBe("-");
  });
});

describe("the abbreviation rule", () => {
  it("leaves the abbreviation out where the zone is the browser's", () => {
    withProcessZone("Asia/Jakarta", () => {
      expect(needsAbbreviation("Asia/Jakarta")).toBe(false);
      expect(formatDateTime(CLOCK_IN, "Asia/Jakarta")).toBe("25-11-2026 07:58:00");
      // Another site of the same company still says its zone.
      expect(formatDateTime(CLOCK_IN, "Asia/Makassar")).toBe("25-11-2026 08:58:00 WITA");
    });
    withProcessZone("Asia/Jayapura", () => expect(formatDateTime(CLOCK_IN, "Asia/Jayapura")).toBe("25-11-2026 09:58:00"));
    expect(formatDateTime(CLOCK_IN, "UTC")).toBe("25-11-2026 00:58:00");
  });

  it("names other zones as Intl does in the user's language", () => {
    withProcessZone("Asia/Jakarta", () => {
      expect(formatDateTime(CLOCK_IN, "UTC")).toBe("25-11-2026 00:58:00 UTC");
      expect(zoneAbbreviation("Asia/Singapore", new Date(CLOCK_IN), "en")).toBe("GMT+8");
    });
  });
});

describe("typed times are read on the site's clock", () => {
  it("turns a picked 07:58 into 07:58 of the site's zone, and back", () => {
    const picked = dayjs("2026-11-25T07:58:00"); // what the picker holds, in the UTC browser
    expect(fromDayjs(picked, "datetime", "Asia/Makassar")).toBe("2026-11-25T07:58:00+08:00");
    expect(fromDayjs(picked, "datetime", "Asia/Jakarta")).toBe("2026-11-25T07:58:00+07:00");
    expect(toDayjs("2026-11-25T07:58:00+08:00", "datetime", "Asia/Makassar")!.format("DD-MM-YYYY HH:mm")).toBe("25-11-2026 07:58");
    expect(toDayjs("2026-11-24T23:58:00Z", "datetime", "Asia/Makassar")!.format("DD-MM-YYYY HH:mm")).toBe("25-11-2026 07:58");
    // Dates and times of day have no zone.
    expect(fromDayjs(picked, "date", "Asia/Jayapura")).toBe("2026-11-25");
    expect(fromDayjs(picked, "time", "Asia/Jayapura")).toBe("07:58");
    expect(instantOfWall(wallOf(CLOCK_IN, "Asia/Jayapura")!, "Asia/Jayapura").toISOString()).toBe("2026-11-25T00:58:00.000Z");
  });

  it("filters a datetime by whole days of the site", () => {
    const day = dayjs("2026-11-25T00:00:00");
    expect(rangeToWire([day, day], "datetime", "Asia/Jayapura")).toEqual(["2026-11-25T00:00:00+09:00", "2026-11-25T23:59:59+09:00"]);
    expect(rangeToWire([day, day], "date", "Asia/Jayapura")).toEqual(["2026-11-25", "2026-11-25"]);
  });

  it('leaves either end of a range open (a link\'s "due before today"), and reads it back', () => {
    const day = dayjs("2026-11-25T00:00:00");
    expect(rangeToWire([null, day], "date", "Asia/Jayapura")).toEqual(["", "2026-11-25"]);
    expect(rangeToWire([day, null], "datetime", "Asia/Jayapura")).toEqual(["2026-11-25T00:00:00+09:00", ""]);
    expect(rangeToWire([null, null], "date", "Asia/Jayapura")).toBeUndefined();
    const [first, last] = rangeFromWire(["", "2026-11-24"], "date", "Asia/Jayapura")!;
    expect([first, last?.format("YYYY-MM-DD")]).toEqual([null, "2026-11-24"]);
    expect(rangeFromWire(["", ""], "date", "Asia/Jayapura")).toBeUndefined();
  });
});

describe("the map's quick ranges", () => {
  // 05:00 on Wednesday 25 November in WIT, still the 24th in a UTC browser.
  const now = Date.parse("2026-11-24T20:00:00Z");
  const instants = (range: [dayjs.Dayjs, dayjs.Dayjs], zone: string) => range.map((d) => instantOfWall(d, zone).toISOString());

  it("are the site's days, not the browser's", () => {
    const r = quickRanges("Asia/Jayapura", now);
    expect(instants(r.today, "Asia/Jayapura")).toEqual(["2026-11-24T15:00:00.000Z", "2026-11-25T14:59:59.999Z"]);
    expect(instants(r.yesterday, "Asia/Jayapura")).toEqual(["2026-11-23T15:00:00.000Z", "2026-11-24T14:59:59.999Z"]);
    // The week (English: from Sunday) up to the end of today.
    expect(instants(r.thisWeek, "Asia/Jayapura")).toEqual(["2026-11-21T15:00:00.000Z", "2026-11-25T14:59:59.999Z"]);
    expect(wallNow("Asia/Jayapura", now).format("DD-MM-YYYY HH:mm")).toBe("25-11-2026 05:00");
  });

  it("in WIB the same instant is still the 25th's early morning; in UTC the 24th", () => {
    expect(instants(quickRanges("Asia/Jakarta", now).today, "Asia/Jakarta")).toEqual(["2026-11-24T17:00:00.000Z", "2026-11-25T16:59:59.999Z"]);
    expect(instants(quickRanges("UTC", now).today, "UTC")).toEqual(["2026-11-24T00:00:00.000Z", "2026-11-24T23:59:59.999Z"]);
  });
});

describe("which zone a row's times are in", () => {
  const zones = { company: "Asia/Jakarta", projects: { "7": "Asia/Makassar" } };

  it("names the project by rowVisibility.project, the parent project, project_id, or the project itself", () => {
    expect(projectFieldOf(resourceByName("presence"))).toBe("project_id");
    expect(projectFieldOf(resourceByName("project-issues"))).toBe("project_id");
    expect(projectFieldOf(resourceByName("report-k3"))).toBe("project_id");
    expect(projectFieldOf(resourceByName("panic-button"))).toBe("project_id");
    expect(projectFieldOf(resourceByName("project"))).toBe("id");
    expect(projectFieldOf(resourceByName("divisi"))).toBeUndefined();
    expect(projectFieldOf(resourceByName("waypoint"))).toBeUndefined();
  });

  it("is the row's project's zone, else the company's", () => {
    expect(zoneOfRow(resourceByName("presence"), { project_id: 7 }, zones)).toBe("Asia/Makassar");
    expect(zoneOfRow(resourceByName("presence"), { project_id: 3 }, zones)).toBe("Asia/Jakarta");
    expect(zoneOfRow(resourceByName("presence"), { project_id: null }, zones)).toBe("Asia/Jakarta");
    expect(zoneOfRow(resourceByName("project"), { id: 7 }, zones)).toBe("Asia/Makassar");
    expect(zoneOfRow(resourceByName("control-monitoring"), { project_id: 7 }, zones)).toBe("Asia/Jakarta");
    expect(zoneOfProject(zones, "7")).toBe("Asia/Makassar");
  });

  it("reads project/time-zones' answer, and falls back to the login answer's zone, then Asia/Jakarta", () => {
    expect(toTimeZones({ company: "Asia/Jayapura", projects: { "4": "Asia/Makassar", "5": "Asia/Jayapura", "6": "Mars/Olympus" } }, "Asia/Jakarta")).toEqual({
      company: "Asia/Jayapura",
      projects: { "4": "Asia/Makassar" },
    });
    expect(toTimeZones(undefined, "Asia/Makassar")).toEqual({ company: "Asia/Makassar", projects: {} });
    expect(toTimeZones([], null)).toEqual({ company: "Asia/Jakarta", projects: {} });
  });

  it("offers Indonesia's three zones first, then every zone the runtime knows", () => {
    const names = timeZoneNames();
    expect(names.slice(0, 3)).toEqual(["Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura"]);
    expect(names).toContain("UTC");
    expect(names).toContain("Europe/Berlin");
    expect(names.filter((z) => z === "Asia/Jakarta")).toHaveLength(1);
    expect(timeZoneNames("Asia/Kolkata")).toContain("Asia/Kolkata");
  });
});
