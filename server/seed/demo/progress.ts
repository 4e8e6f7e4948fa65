// How far a project is by plan and in fact on a given day: one S-curve shared by the Gantt,
// the health reports and the invoices, so the numbers agree with each other.
import type { ProjectDef } from "./catalog";

/** On-hold projects stopped this many days before today. */
export const HOLD_DAY = -35;

export function timeFraction(def: ProjectDef, day: number): number {
  return Math.min(1, Math.max(0, (day - def.start) / (def.end - def.start)));
}

/** Planned progress (percent): an S-curve with some early progress (mobilisation, preparation). */
export function plannedPct(def: ProjectDef, day: number): number {
  const x = timeFraction(def, day);
  return 100 * (0.2 * x + 0.8 * (3 * x * x - 2 * x * x * x));
}

/** Actual progress (percent): the plan less the project's lag; frozen while on hold. */
export function actualPct(def: ProjectDef, day: number): number {
  if (def.status === "planning" || day < def.start) return 0;
  if (def.status === "completed" && day >= def.end) return 100;
  const at = def.status === "on_hold" ? Math.min(day, HOLD_DAY) : day;
  const x = timeFraction(def, at);
  return Math.max(0, Math.min(100, plannedPct(def, at) - def.lag * Math.min(1, 4 * x)));
}

export function healthOf(index: number): "healthy" | "at_risk" | "critical" {
  return index >= 0.95 ? "healthy" : index >= 0.85 ? "at_risk" : "critical";
}
