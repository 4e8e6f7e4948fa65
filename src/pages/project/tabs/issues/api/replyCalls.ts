// The issues tab's writes: a reply added to an issue (issue-reply add), through the data
// provider. It answers the stored reply or throws the HttpError (with the answer's `key`): the
// caller shows failures through useNotify, as the generated screens do.
import type { BaseRecord } from "@refinedev/core";
import { dataProvider } from "../../../../../providers/dataProvider";

export const addReply = async (issueId: number, message: string): Promise<BaseRecord> =>
  (await dataProvider.create({ resource: "issue-reply", variables: { issue_id: issueId, message } })).data;
