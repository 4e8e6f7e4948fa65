// Tag colours of enum values that read as a state: good news green, waiting blue, in motion
// gold, trouble red. Values not listed get the neutral tag. Their text shades are darkened for
// contrast in src/theme.ts.
const GREEN = [
  "active",
  "completed",
  "approved",
  "paid",
  "done",
  "resolved",
  "healthy",
  "achieved",
  "present",
  "installed",
  "received",
  "delivered",
  "won",
  "closed",
  "good",
  "low",
];
const BLUE = ["planning", "trial", "pending", "draft", "new", "requested", "open", "planned", "identified", "todo", "scheduled", "sent", "ordered", "contacted", "acknowledged"];
const GOLD = ["in_progress", "on_hold", "at_risk", "late", "review", "in_review", "mitigating", "demo_done", "needs_repair", "medium", "leave", "sick", "overtime"];
const RED = ["cancelled", "rejected", "failed", "suspended", "critical", "missed", "overdue", "absent", "broken", "lost", "high", "expired", "false_alarm"];

const COLORS = new Map<string, string>([
  ...GREEN.map((v) => [v, "green"] as const),
  ...BLUE.map((v) => [v, "blue"] as const),
  ...GOLD.map((v) => [v, "gold"] as const),
  ...RED.map((v) => [v, "red"] as const),
]);

export const enumColor = (value: string): string | undefined => COLORS.get(value);
