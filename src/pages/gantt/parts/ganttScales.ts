// The time scales of the chart (day, week, month), labelled in the page's language.
import { registerScaleUnit, type IScaleConfig } from "@svar-ui/react-gantt";
import type { GanttScale } from "../store/ganttStore";

const DAY_MS = 86_400_000;

/** Midnight of the week's first day on or before `d` (weeks starting on weekday `ws`). */
function weekStartOf(d: Date, ws: number): Date {
  const x = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  x.setDate(x.getDate() - ((x.getDay() - ws + 7) % 7));
  return x;
}
/** The month a week-aligned month starting at `start` stands for: the one whose 1st is in its first week. */
const monthOfBlock = (start: Date) => new Date(start.getTime() + 6 * DAY_MS);
/** Start of the week-aligned month holding `d`: the week of a month's 1st up to the week of the next 1st. */
function blockStart(d: Date, ws: number): Date {
  const own = weekStartOf(new Date(d.getFullYear(), d.getMonth(), 1), ws);
  const next = weekStartOf(new Date(d.getFullYear(), d.getMonth() + 1, 1), ws);
  return d >= next ? next : d >= own ? own : weekStartOf(new Date(d.getFullYear(), d.getMonth() - 1, 1), ws);
}
function addBlocks(start: Date, n: number): Date {
  const m = monthOfBlock(start);
  // Block starts are week starts: their weekday is the week's first day.
  const ws = start.getDay();
  let next = weekStartOf(new Date(m.getFullYear(), m.getMonth() + n, 1), ws);
  // Blocks are 4 or 5 weeks long. The chart also adds one to any date (today) to find its
  // smallest unit: never answer less than 4 weeks, or this row would pass for the smallest.
  while (n > 0 && next.getTime() - start.getTime() < 28 * DAY_MS) {
    const month = monthOfBlock(next);
    next = weekStartOf(new Date(month.getFullYear(), month.getMonth() + 1, 1), ws);
  }
  return next;
}

// The month row above weeks. With weeks as the smallest unit the chart sizes a "month" cell as
// every week it touches, so weeks across two months count twice and the months drift off their
// weeks (by ~2 months over a 19-month plan). This unit's cells are whole weeks: from the week of
// a month's 1st to the week of the next 1st.
const WEEK_MONTH = "fw-week-month";
/** The week-aligned months (exported for their tests). */
export const weekMonths = { start: blockStart, add: addBlocks, monthOf: monthOfBlock };
registerScaleUnit(WEEK_MONTH, {
  start: (d: Date, ws = 0) => blockStart(d, ws),
  end: (d: Date, ws = 0) => new Date(addBlocks(blockStart(d, ws), 1).getTime() - 1),
  isSame: (a: Date, b: Date, ws = 0) => blockStart(a, ws).getTime() === blockStart(b, ws).getTime(),
  // No `diff`: the chart measures only in its smallest unit (weeks), never in this one.
  add: (d: Date, n: number) => addBlocks(d, n),
} as Parameters<typeof registerScaleUnit>[1]);

export interface ScaleSetup {
  scales: IScaleConfig[];
  /** Width of one cell of the lowest scale, in pixels. */
  cellWidth: number;
}

export function scaleSetup(scale: GanttScale, lang: string): ScaleSetup {
  const monthYear = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric" });
  const month = new Intl.DateTimeFormat(lang, { month: "short" });
  const dayMonth = new Intl.DateTimeFormat(lang, { day: "numeric", month: "short" });
  const year = (d: Date) => String(d.getFullYear());
  if (scale === "day")
    return {
      scales: [
        { unit: "month", step: 1, format: (d: Date) => monthYear.format(d) },
        { unit: "day", step: 1, format: (d: Date) => String(d.getDate()) },
      ],
      cellWidth: 32,
    };
  if (scale === "week")
    return {
      scales: [
        { unit: WEEK_MONTH, step: 1, format: (d: Date) => monthYear.format(monthOfBlock(d)) },
        { unit: "week", step: 1, format: (d: Date) => dayMonth.format(d) },
      ],
      cellWidth: 70,
    };
  return {
    scales: [
      { unit: "year", step: 1, format: year },
      { unit: "month", step: 1, format: (d: Date) => month.format(d) },
    ],
    cellWidth: 80,
  };
}
