// The time scales of the chart (day, week, month), labelled in the page's language.
import type { IScaleConfig } from "@svar-ui/react-gantt";
import type { GanttScale } from "../store/ganttStore";

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
        { unit: "month", step: 1, format: (d: Date) => monthYear.format(d) },
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
