// The safety tab's writes: several K3 checklists assigned to the project at once
// (project-to-checklist-k3 add-multiple), through the typed operation. It answers the created
// assignments or throws the HttpError (with the answer's `key`): the caller shows failures
// through useNotify.
import { callOperation } from "../../../../../providers/operations";

export interface ChecklistItem {
  project_id: number;
  checklist_k3_id: number;
  is_required: boolean;
}

export const assignChecklists = (items: ChecklistItem[]) => callOperation("project-to-checklist-k3", "addMultiple", { payload: { items } });
