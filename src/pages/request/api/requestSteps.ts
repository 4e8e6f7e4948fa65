// A request's step (PUT R/{action}/{id}, docs/api.md "Material and tool requests") through the
// typed operation call.
import type { RequestResource } from "../../../../declaration/requests";
import { callOperation } from "../../../providers/operations";

export const takeStep = (resource: RequestResource, action: string, id: number, payload: Record<string, unknown>): Promise<unknown> =>
  (callOperation as (r: string, o: string, c: object) => Promise<unknown>)(resource, action, { params: { id }, payload });
