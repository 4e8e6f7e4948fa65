// The participants tab's writes: several staff made members of the project at once
// (user-to-proyek add-multiple), through the typed operation. It answers the created members or
// throws the HttpError (with the answer's `key`): the caller shows failures through useNotify.
import { callOperation } from "../../../../../providers/operations";

export interface MemberItem {
  user_id: number;
  project_id: number;
  project_role_id: number | null;
  join_date: string | null;
  is_active: boolean;
}

export const addMembers = (items: MemberItem[]) => callOperation("user-to-proyek", "addMultiple", { payload: { items } });
