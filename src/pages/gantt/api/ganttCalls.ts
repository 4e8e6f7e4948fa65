// The Gantt page's server calls, every read and write of the page: the generic lists and records
// through the data provider, the plan's save, the members' add-multiple and the template tree
// through the typed operations (declaration/answers.ts). They answer data or throw the HttpError
// (with the answer's `key`): the caller shows failures through useNotify.
import { callOperation } from "../../../providers/operations";
import { dataProvider } from "../../../providers/dataProvider";
import type { Activity } from "../model/activity";
import type { SavePlanBody } from "../model/planPayload";

export interface VersionRecord {
  id: number;
  project_id: number;
  name: string;
  version_no?: number | null;
  is_baseline?: boolean | null;
  revision?: number | null;
  start_date?: string | null;
}

/** user-to-version-gantt: who may view or edit a version. */
export interface MemberRecord {
  id: number;
  version_gantt_id: number;
  user_id: number;
  user_id_label?: string | null;
  permission: "view" | "edit";
}

const all = async <T>(resource: string, field: string | null, value: unknown, sort: string, order: "asc" | "desc" = "asc"): Promise<T[]> => {
  const res = await dataProvider.getList({
    resource,
    filters: field ? [{ field, operator: "eq", value }] : [],
    sorters: [{ field: sort, order }],
    pagination: { mode: "off" },
  });
  return res.data as unknown as T[];
};

export const loadProjects = () => all<{ id: number; name: string; code?: string | null; start_date?: string | null }>("project", null, null, "name");
export const loadVersions = (projectId: number) => all<VersionRecord>("version-gantt", "project_id", projectId, "id");
export const loadActivities = (versionId: number) => all<Activity>("activity", "version_gantt_id", versionId, "order");
export const loadTemplates = () => all<{ id: number; name: string }>("template-gantt", null, null, "name");
export const loadMembers = (versionId: number) => all<MemberRecord>("user-to-version-gantt", "version_gantt_id", versionId, "id");
export const loadPeople = () => all<{ id: number; name: string }>("human-resource", null, null, "name");

export const savePlan = (versionId: number, body: SavePlanBody) => callOperation("version-gantt", "savePlan", { params: { id: versionId }, payload: body });
export const templateTree = (templateId: number) => callOperation("template-gantt", "getTree", { params: { id: templateId } });
export const addMembers = (items: Array<Pick<MemberRecord, "version_gantt_id" | "user_id" | "permission">>) =>
  callOperation("user-to-version-gantt", "addMultiple", { payload: { items } });

export const createVersion = async (values: { project_id: number; name: string; version_no: number; start_date?: string | null }) =>
  (await dataProvider.create({ resource: "version-gantt", variables: values })).data as unknown as VersionRecord;
export const createTemplate = async (values: { name: string; structure: unknown }) =>
  (await dataProvider.create({ resource: "template-gantt", variables: values })).data as unknown as { id: number };

/** Puts a user on an activity (user-to-activity add). */
export const assignToActivity = (userId: number, activityId: number) =>
  dataProvider.create({ resource: "user-to-activity", variables: { user_id: userId, activity_id: activityId } });
/** Takes a user off an activity: the user-to-activity row's delete. */
export const releaseFromActivity = (userToActivityId: number) => dataProvider.deleteOne({ resource: "user-to-activity", id: userToActivityId });
