// The menu tree's write: each moved menu's new place (menu update/{id}: parent_id and order),
// one update per menu (each audited), in order; the first refusal stops and throws it (with the
// answer's `key`) for the caller to show through useNotify, as the generated screens do.
import { dataProvider } from "../../../providers/dataProvider";

export interface MenuPlace {
  id: number;
  parent_id: number | null;
  order: number;
}

export async function saveMenuPlaces(changes: readonly MenuPlace[]): Promise<void> {
  for (const c of changes) await dataProvider.update({ resource: "menu", id: c.id, variables: { parent_id: c.parent_id, order: c.order } });
}
