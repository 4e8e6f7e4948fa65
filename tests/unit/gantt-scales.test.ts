// The week scale's month row: cells of whole weeks, each from the week holding a month's 1st to
// the week holding the next 1st, so the months stay over their weeks across a long plan (the
// chart's own month cells count a week in two months twice and drift).
import { describe, expect, it } from "vitest";
import { weekMonths } from "../../src/pages/gantt/parts/ganttScales";

const DAY = 86_400_000;

describe.each([0, 1])("week-aligned months, weeks starting on day %i", (ws) => {
  it("tile 2026-2027 with blocks that start on a week start and hold their month's 1st in their first week", () => {
    let block = weekMonths.start(new Date(2026, 0, 15), ws);
    const end = new Date(2027, 11, 20); // before the block of January 2028 (it starts in the last week of 2027)
    let months = 0;
    while (block < end) {
      const next = weekMonths.add(block, 1);
      const month = weekMonths.monthOf(block);
      const first = new Date(month.getFullYear(), month.getMonth(), 1);
      expect(block.getDay()).toBe(ws);
      expect(first.getTime() - block.getTime()).toBeGreaterThanOrEqual(0);
      expect(first.getTime() - block.getTime()).toBeLessThan(7 * DAY);
      const weeks = Math.round((next.getTime() - block.getTime()) / (7 * DAY));
      expect([4, 5]).toContain(weeks);
      // Every date inside the block belongs to it.
      expect(weekMonths.start(new Date(next.getTime() - DAY / 2), ws)).toEqual(block);
      block = next;
      months++;
    }
    expect(months).toBe(24);
  });

  it("put the last days of a month in the next month's block when they share its first week", () => {
    // 2026-07-31 is a Friday; 2026-08-01 a Saturday: both in the week that starts August.
    expect(weekMonths.monthOf(weekMonths.start(new Date(2026, 6, 31), ws)).getMonth()).toBe(7);
  });
});

it("one step from any date (not only a block's start) is at least four weeks: weeks stay the smallest unit", () => {
  for (let d = 0; d < 60; d++) {
    const date = new Date(2026, 10, 1 + d, 13);
    expect(weekMonths.add(date, 1).getTime() - date.getTime()).toBeGreaterThanOrEqual(27 * DAY);
  }
});
