// The alert rules page's model: one rule per event (company-wide: a config-alert without a
// project), its threshold where one applies, its recipients (config-alert-to-user rows), and what
// saving a changed rule sends. config-alert has add, search and delete only (no update): a rule
// whose threshold or switch changes is added anew, then the old one is deleted.

/** The events a rule can watch, in the page's order; `threshold`: what the number means. */
export const RULE_EVENTS = [
  { type: "panic_button", threshold: null },
  { type: "late_clock_in", threshold: null },
  { type: "clock_in_outside_area", threshold: null },
  { type: "no_clock_in", threshold: "graceMinutes" },
  { type: "phone_silent", threshold: "silentMinutes" },
] as const;

export type RuleType = (typeof RULE_EVENTS)[number]["type"];

/** phone_silent without a threshold: the server's default (server/events/alerts.ts). */
export const PHONE_SILENT_DEFAULT_MINUTES = 15;

export interface StoredRule {
  id: number;
  alert_type: string;
  threshold: number | null;
  is_active: boolean;
  /** config-alert-to-user rows: row id by user id. */
  recipients: Map<number, number>;
}

export interface RuleDraft {
  type: RuleType;
  active: boolean;
  threshold: number | null;
  userIds: number[];
}

export type RuleStep =
  | { op: "addRule"; type: RuleType; active: boolean; threshold: number | null }
  | { op: "addRecipient"; userId: number; rule: "new" | number }
  | { op: "deleteRecipient"; id: number }
  | { op: "deleteRule"; id: number };

/** The draft a stored rule (or none) shows. */
export function draftOf(type: RuleType, stored: StoredRule | undefined): RuleDraft {
  return { type, active: stored ? stored.is_active : false, threshold: stored?.threshold ?? null, userIds: stored ? [...stored.recipients.keys()] : [] };
}

/** What saving `draft` over `stored` sends, in order (nothing when nothing changed). */
export function saveSteps(draft: RuleDraft, stored: StoredRule | undefined): RuleStep[] {
  const wanted = [...new Set(draft.userIds)];
  if (!stored) {
    if (!draft.active && wanted.length === 0) return [];
    return [
      { op: "addRule", type: draft.type, active: draft.active, threshold: draft.threshold },
      ...wanted.map((userId) => ({ op: "addRecipient" as const, userId, rule: "new" as const })),
    ];
  }
  const ruleChanged = stored.is_active !== draft.active || (stored.threshold ?? null) !== (draft.threshold ?? null);
  if (ruleChanged) {
    // The new rule first: a failure half-way leaves the old rule working, never none.
    return [
      { op: "addRule", type: draft.type, active: draft.active, threshold: draft.threshold },
      ...wanted.map((userId) => ({ op: "addRecipient" as const, userId, rule: "new" as const })),
      ...[...stored.recipients.values()].map((id) => ({ op: "deleteRecipient" as const, id })),
      { op: "deleteRule", id: stored.id },
    ];
  }
  const added = wanted.filter((u) => !stored.recipients.has(u)).map((userId) => ({ op: "addRecipient" as const, userId, rule: stored.id }));
  const removed = [...stored.recipients.entries()].filter(([u]) => !wanted.includes(u)).map(([, id]) => ({ op: "deleteRecipient" as const, id }));
  return [...added, ...removed];
}

/** The rules as stored: per type, the newest company-wide rule (a project's own rules are not this page's). */
export function storedRules(rules: Record<string, unknown>[], recipients: Record<string, unknown>[]): Map<string, StoredRule> {
  const byType = new Map<string, StoredRule>();
  const sorted = [...rules].filter((r) => r.project_id === null || r.project_id === undefined).sort((a, b) => Number(b.id) - Number(a.id));
  for (const r of sorted) {
    if (byType.has(String(r.alert_type))) continue;
    byType.set(String(r.alert_type), {
      id: Number(r.id),
      alert_type: String(r.alert_type),
      threshold: r.threshold === null || r.threshold === undefined ? null : Number(r.threshold),
      is_active: r.is_active !== false,
      recipients: new Map(),
    });
  }
  const byId = new Map([...byType.values()].map((r) => [r.id, r]));
  for (const x of recipients) byId.get(Number(x.config_alert_id))?.recipients.set(Number(x.user_id), Number(x.id));
  return byType;
}
