// The alert rules page's model: one rule per event (company-wide: a config-alert without a
// project), its threshold where one applies, its recipients by channel (config-alert-to-user rows:
// one per person and channel), and what
// saving a changed rule sends. config-alert has add, search and delete only (no update): a rule
// whose threshold or switch changes is added anew, then the old one is deleted.

/**
 * The events a rule can watch, in the page's order; `threshold`: what the number means (its unit
 * and most), as the server reads it (server/events/alerts.ts, position-watch.ts).
 */
export const RULE_EVENTS = [
  { type: "panic_button", threshold: null },
  { type: "late_clock_in", threshold: null },
  { type: "clock_in_outside_area", threshold: null },
  { type: "no_clock_in", threshold: { label: "graceMinutes", unit: "minutes", max: 1440 } },
  { type: "phone_silent", threshold: { label: "silentMinutes", unit: "minutes", max: 1440 } },
  { type: "geofence_exit", threshold: { label: "metresOutside", unit: "metres", max: 50000 } },
  { type: "geofence_enter", threshold: null },
  { type: "no_movement", threshold: { label: "stillMinutes", unit: "minutes", max: 1440 } },
  { type: "low_battery", threshold: { label: "batteryPercent", unit: "percent", max: 100 } },
] as const;

export type RuleType = (typeof RULE_EVENTS)[number]["type"];

/** phone_silent without a threshold: the server's default (server/events/alerts.ts). */
export const PHONE_SILENT_DEFAULT_MINUTES = 15;

/** How a recipient is told (config-alert-to-user.channel): in the app, by e-mail, by the company's webhook. */
export const CHANNELS = ["app", "email", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];

/** A recipient row's key: "<channel>:<user id>" (a person may have a row per channel). */
export const targetKey = (channel: Channel, userId: number): string => `${channel}:${userId}`;
const parseTarget = (key: string): { channel: Channel; userId: number } => {
  const [channel, id] = key.split(":");
  return { channel: channel as Channel, userId: Number(id) };
};

export interface StoredRule {
  id: number;
  alert_type: string;
  threshold: number | null;
  is_active: boolean;
  /** config-alert-to-user rows: row id by target key (channel and user). */
  recipients: Map<string, number>;
}

export interface RuleDraft {
  type: RuleType;
  active: boolean;
  threshold: number | null;
  /** The people told by each channel. */
  to: Record<Channel, number[]>;
}

export type RuleStep =
  | { op: "addRule"; type: RuleType; active: boolean; threshold: number | null }
  | { op: "addRecipient"; userId: number; channel: Channel; rule: "new" | number }
  | { op: "deleteRecipient"; id: number }
  | { op: "deleteRule"; id: number };

/** The draft a stored rule (or none) shows. */
export function draftOf(type: RuleType, stored: StoredRule | undefined): RuleDraft {
  const to: Record<Channel, number[]> = { app: [], email: [], webhook: [] };
  for (const key of stored?.recipients.keys() ?? []) {
    const { channel, userId } = parseTarget(key);
    if (channel in to) to[channel].push(userId);
  }
  return { type, active: stored ? stored.is_active : false, threshold: stored?.threshold ?? null, to };
}

const wantedOf = (draft: RuleDraft): string[] => [...new Set(CHANNELS.flatMap((c) => draft.to[c].map((u) => targetKey(c, u))))];
const addStep = (key: string, rule: "new" | number) => ({ op: "addRecipient" as const, ...parseTarget(key), rule });

/** What saving `draft` over `stored` sends, in order (nothing when nothing changed). */
export function saveSteps(draft: RuleDraft, stored: StoredRule | undefined): RuleStep[] {
  const wanted = wantedOf(draft);
  if (!stored) {
    if (!draft.active && wanted.length === 0) return [];
    return [{ op: "addRule", type: draft.type, active: draft.active, threshold: draft.threshold }, ...wanted.map((k) => addStep(k, "new"))];
  }
  const ruleChanged = stored.is_active !== draft.active || (stored.threshold ?? null) !== (draft.threshold ?? null);
  if (ruleChanged) {
    // The new rule first: a failure half-way leaves the old rule working, never none.
    return [
      { op: "addRule", type: draft.type, active: draft.active, threshold: draft.threshold },
      ...wanted.map((k) => addStep(k, "new")),
      ...[...stored.recipients.values()].map((id) => ({ op: "deleteRecipient" as const, id })),
      { op: "deleteRule", id: stored.id },
    ];
  }
  const added = wanted.filter((k) => !stored.recipients.has(k)).map((k) => addStep(k, stored.id));
  const removed = [...stored.recipients.entries()].filter(([k]) => !wanted.includes(k)).map(([, id]) => ({ op: "deleteRecipient" as const, id }));
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
  for (const x of recipients) {
    const channel = (CHANNELS as readonly string[]).includes(String(x.channel)) ? (x.channel as Channel) : "app";
    byId.get(Number(x.config_alert_id))?.recipients.set(targetKey(channel, Number(x.user_id)), Number(x.id));
  }
  return byType;
}
