// The worker's own alarm as their phone tells it, from the alarm's trail (panic-button trail/{id}):
// to how many people it was delivered (each person once, whatever the channel), and who
// acknowledged it and when.
import type { PanicTrailEntry } from "../../../../declaration/answers";

export interface AlarmProgress {
  /** People it reached. */
  deliveredTo: number;
  /** Who acknowledged it and when, once someone did. */
  acknowledged: { name: string | null; at: string } | null;
}

export function alarmProgressOf(steps: readonly PanicTrailEntry[] | undefined): AlarmProgress {
  const people = new Set<string>();
  let acknowledged: AlarmProgress["acknowledged"] = null;
  for (const s of steps ?? []) {
    if (s.kind === "delivered") people.add(s.actor_id !== null ? `#${s.actor_id}` : `@${s.actor_name ?? s.id}`);
    if (s.kind === "acknowledged" && !acknowledged) acknowledged = { name: s.actor_name, at: s.at };
  }
  return { deliveredTo: people.size, acknowledged };
}
