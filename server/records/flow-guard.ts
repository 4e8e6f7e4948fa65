// The flows' rule on generic writes (declaration/flows.ts), applied by the record store to every
// add, add-multiple, update and delete of a resource with a flow, whoever calls it (a generic
// route or a custom handler): the state moves only by a declared review from where it is (409
// step_out_of_order), the actions' own fields only by the actions (400 step_only), a state's
// frozen fields stay (400 frozen), a new record starts at the start (400 initial_only) and a record
// past its deletable states stays (409 not_deletable). The flow's actions write through the store
// with `step` (server/records/flow-action.ts), which skips this rule for their own fields.
// Pure: the web tests' mock runs the same.
import type { ResolvedResource } from "../../declaration";
import { checkWrite, flowState, mayDelete } from "../../declaration/flows";
import { badRequest, HttpError, type FieldErrors } from "../http/errors";

type Values = Readonly<Record<string, unknown>>;

const defaultsOf = (r: ResolvedResource): Values => Object.fromEntries(r.fields.map((f) => [f.name, f.default ?? null]));
const objectOf = (body: unknown): Values | null => (body && typeof body === "object" && !Array.isArray(body) ? (body as Values) : null);

/** Throws when an add (`current` null) or update body (as sent) goes around the resource's flow. */
export function guardFlowWrite(r: ResolvedResource, current: Values | null, body: unknown, prefix = ""): void {
  const flow = r.flow;
  const sent = objectOf(body);
  if (!flow || !sent) return;
  const check = checkWrite(flow, defaultsOf(r), current, sent);
  if (check.conflict) throw new HttpError(409, check.conflict.key, check.conflict.params, undefined, { status: check.conflict.params.status });
  if (Object.keys(check.errors).length) throw badRequest(Object.fromEntries(Object.entries(check.errors).map(([k, v]) => [prefix + k, v])) as FieldErrors);
}

/** Throws 409 not_deletable when one of the records is past the flow's deletable states. */
export function guardFlowDelete(r: ResolvedResource, rows: readonly Values[]): void {
  const flow = r.flow;
  if (!flow?.deletableIn) return;
  const stuck = rows.find((row) => !mayDelete(flow, row[flow.field]));
  if (stuck) {
    const status = flowState(flow, stuck[flow.field]);
    throw new HttpError(409, "not_deletable", { status }, undefined, { status });
  }
}
