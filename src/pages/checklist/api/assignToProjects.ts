// One K3 checklist assigned to several projects at once: project-to-checklist-k3 add-multiple
// (the same call the project's safety tab makes for several checklists on one project), through
// the typed operation; it answers the created assignments or throws the HttpError for useNotify.
import { callOperation } from "../../../providers/operations";

export const assignToProjects = (checklistId: number, projectIds: readonly number[], isRequired: boolean) =>
  callOperation("project-to-checklist-k3", "addMultiple", {
    payload: { items: projectIds.map((project_id) => ({ project_id, checklist_k3_id: checklistId, is_required: isRequired })) },
  });
