// A join's add-multiple answer (docs/api.md "Adding several at once"): one record per item, each
// flagged `existing` when its pair was there already (nothing stored for it). The add-several
// modals say how many were added and how many were already there.
export interface PairsAdded {
  added: number;
  existing: number;
}

export function pairsAdded(answer: unknown): PairsAdded {
  const list = Array.isArray(answer) ? (answer as Array<{ existing?: unknown }>) : [];
  const existing = list.filter((x) => x?.existing === true).length;
  return { added: list.length - existing, existing };
}
