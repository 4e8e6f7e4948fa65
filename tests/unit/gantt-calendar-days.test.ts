import { describe, expect, it } from "vitest";
import { dayOf, dayOfLocalDate, isoOfDay, localDateOfDay } from "../../src/lib/calendarDays";

describe("calendar day numbers", () => {
  it("agree with the JavaScript calendar on every day from year 1900 to 2200", () => {
    const from = Date.UTC(1900, 0, 1) / 86_400_000;
    const to = Date.UTC(2200, 11, 31) / 86_400_000;
    const wrong: string[] = [];
    for (let d = from; d <= to; d++) {
      const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
      if (dayOf(iso) !== d || isoOfDay(d) !== iso) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });

  it("refuse days that do not exist and text that is not a date", () => {
    expect(["2026-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "21-11-2026", "", null, 20260101].map(dayOf)).toEqual(Array(10).fill(null));
    expect(dayOf("2024-02-29")).toBe(19782);
    expect(dayOf("2000-02-29")).toBe(11016);
  });

  it("read a timestamp by its date part", () => {
    expect(dayOf("2026-11-21T23:30:00+07:00")).toBe(dayOf("2026-11-21"));
  });

  it("turn into local midnights and back", () => {
    const d = dayOf("2026-03-29")!;
    const local = localDateOfDay(d);
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours()]).toEqual([2026, 2, 29, 0]);
    expect(dayOfLocalDate(new Date(2026, 2, 29, 18, 45))).toBe(d);
  });
});
