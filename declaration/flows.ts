// A resource's lifecycle, declared once on the resource (`flow`, declaration/types.ts) and read by
// the server (the store refuses every write around it: server/records/flow-guard.ts), the web app
// (the generated form leaves the flow's fields out, the show page offers the next steps:
// src/crud/flow/) and the web tests' mock. Pure: no I/O.
//
// A flow names its state field (an enum), the state a new record starts in, and how the state moves:
// - actions: custom operations `PUT R/<action>/{id}`, each from some states to one, with the right
//   it needs and the fields it sets (required or not); an action that adds up a quantity
//   (`accumulate`: a receipt) leaves the record in `partialTo` while the total is short;
// - reviews: the state field set through `update/{id}` by a reviewer (a review field: a permit's
//   approval), from some states to others;
// - frozen: fields the generic update keeps as they are once the record is in some states (a
//   received request's quantities and prices);
// - deletableIn: the states in which a record may still be deleted (default: any).
// The fields the actions set (but `shared` ones, which are the record's own too: a note) belong to
// the flow: only the actions write them, as only the actions and reviews move the state.

/** A field an action (or a review) sets. */
export interface FlowFieldDecl {
  name: string;
  required?: true;
  /** The record's own field too: editing it is not a step (a note). */
  shared?: true;
}

export interface FlowActionDecl {
  /** The states the action may follow. */
  from: readonly string[];
  /** The state after it. */
  to: string;
  /** The right it needs on the resource's menu (the operation declares it: declaration/resolve.ts). */
  right: "create" | "update";
  fields: readonly FlowFieldDecl[];
  /**
   * The action adds the value sent in `field` (above 0, at most what is left: `of` − stored) to
   * the stored one; short of `of` the record moves to `partialTo` instead of `to` (12 of 12.5
   * received: partially received, 0.5 still open).
   */
  accumulate?: { field: string; of: string; partialTo: string };
}

/** The state field set by a reviewer through the generic update (declaration FieldDecl.reviewField). */
export interface FlowReviewDecl {
  from: readonly string[];
  to: readonly string[];
  /** Fields the screen asks with the move (the generic update takes them anyway). */
  fields?: readonly FlowFieldDecl[];
}

export interface FlowDecl {
  /** The state field (an enum of the resource). */
  field: string;
  /** A new record's state. */
  initial: string;
  actions: Readonly<Record<string, FlowActionDecl>>;
  reviews?: readonly FlowReviewDecl[];
  frozen?: ReadonlyArray<{ in: readonly string[]; fields: readonly string[] }>;
  deletableIn?: readonly string[];
  /** Stored states from before the flow, read as the flow's (an "ordered" request is approved). */
  legacy?: Readonly<Record<string, string>>;
}

type Values = Readonly<Record<string, unknown>>;
export interface FlowError {
  key: string;
  params?: Record<string, string | number>;
}
export type FlowErrors = Record<string, FlowError>;
export interface FlowConflict {
  key: "step_out_of_order";
  params: { action: string; status: string };
}

/** A stored state as the flow reads it. */
export const flowState = (flow: FlowDecl, stored: unknown): string => {
  const s = stored === null || stored === undefined ? "" : String(stored);
  return flow.legacy?.[s] ?? s;
};

/** Whether an action may follow the record's state. */
export const canAct = (flow: FlowDecl, state: unknown, action: string): boolean => !!flow.actions[action]?.from.includes(flowState(flow, state));

/** The actions that may follow a state, in the declared order (the buttons a screen offers). */
export const nextActions = (flow: FlowDecl, state: unknown): string[] => Object.keys(flow.actions).filter((a) => canAct(flow, state, a));

/** The states a reviewer may move a record to from its state, in the declared order. */
export function reviewTargets(flow: FlowDecl, state: unknown): string[] {
  const from = flowState(flow, state);
  const out: string[] = [];
  for (const r of flow.reviews ?? []) if (r.from.includes(from)) for (const to of r.to) if (to !== from && !out.includes(to)) out.push(to);
  return out;
}

/** The review (with its fields) that moves `state` to `to`, if declared. */
export const reviewOf = (flow: FlowDecl, state: unknown, to: string): FlowReviewDecl | undefined =>
  flow.reviews?.find((r) => r.from.includes(flowState(flow, state)) && r.to.includes(to));

/** The fields only the actions write (every action field but the shared ones), with the actions writing each. */
export function stepFieldsOf(flow: FlowDecl): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, a] of Object.entries(flow.actions)) for (const f of a.fields) if (!f.shared) out.set(f.name, [...(out.get(f.name) ?? []), name]);
  return out;
}

/** The fields the generic update keeps as they are in this state. */
export function frozenFieldsIn(flow: FlowDecl, state: unknown): Set<string> {
  const s = flowState(flow, state);
  return new Set((flow.frozen ?? []).filter((x) => x.in.includes(s)).flatMap((x) => x.fields));
}

/** Every field the flow owns: the state and the step fields (never in a generic form). */
export const flowOwnedFields = (flow: FlowDecl): Set<string> => new Set([flow.field, ...stepFieldsOf(flow).keys()]);

/** May a record in this state be deleted? */
export const mayDelete = (flow: FlowDecl, state: unknown): boolean => !flow.deletableIn || flow.deletableIn.includes(flowState(flow, state));

const isEmpty = (v: unknown): boolean => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** Two wire values the same for the flow's checks (a number and its text, empty and null). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  const na = typeof a === "number" ? a : typeof a === "string" && /^-?\d+(\.\d+)?$/.test(a.trim()) ? Number(a) : NaN;
  const nb = typeof b === "number" ? b : typeof b === "string" && /^-?\d+(\.\d+)?$/.test(b.trim()) ? Number(b) : NaN;
  if (Number.isFinite(na) && Number.isFinite(nb)) return na === nb;
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** A sum of quantities kept to 9 decimals (12 + 0.5 is 12.5, 0.1 + 0.2 is 0.3). */
const add = (a: number, b: number): number => Math.round((a + b) * 1e9) / 1e9;

export type ActionCheck =
  | { ok: true; to: string; values: Record<string, unknown> }
  /** 409: the action does not follow the record's state. */
  | { ok: false; conflict: FlowConflict }
  /** 400: fields the action needs, missing or wrong. */
  | { ok: false; errors: FlowErrors };

/**
 * An action on a record (its stored values) with the values sent: the order first (409), then
 * the action's required fields and its accumulated quantity (above 0, at most what is left).
 * Answers the new state and the action's own fields only (anything else sent is not the action's
 * to write); an accumulated field holds the new total.
 */
export function checkAction(flow: FlowDecl, record: Values, action: string, sent: Values): ActionCheck {
  const a = flow.actions[action];
  const state = flowState(flow, record[flow.field]);
  if (!a || !a.from.includes(state)) return { ok: false, conflict: { key: "step_out_of_order", params: { action, status: state } } };
  const errors: FlowErrors = {};
  const values: Record<string, unknown> = {};
  for (const f of a.fields) {
    const v = sent[f.name];
    if (isEmpty(v)) {
      if (f.required) errors[f.name] = { key: "required" };
      continue;
    }
    values[f.name] = v;
  }
  let to = a.to;
  const acc = a.accumulate;
  if (acc && values[acc.field] !== undefined) {
    const v = values[acc.field];
    const stored = Number(record[acc.field] ?? 0) || 0;
    const of = Number(record[acc.of]);
    const left = Number.isFinite(of) ? add(of, -stored) : Infinity;
    if (typeof v !== "number" || !Number.isFinite(v)) errors[acc.field] = { key: "not_number" };
    else if (v <= 0) errors[acc.field] = { key: "not_positive" };
    else if (v > left) errors[acc.field] = { key: "too_big", params: { max: left } };
    else {
      const total = add(stored, v);
      values[acc.field] = total;
      if (Number.isFinite(of) && total < of) to = acc.partialTo;
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, to, values };
}

export interface WriteCheck {
  /** 409 step_out_of_order: the state moved where the flow does not go (no such review). */
  conflict?: FlowConflict;
  /** 400 by field: a step's field (step_only), a frozen one (frozen), a new record not at the start (initial_only). */
  errors: FlowErrors;
}

/**
 * A generic add (`current` null) or update of a record with a flow, from the body as sent (before
 * any field is dropped): the state moves only by a declared review from the current state (an add:
 * starts at `initial`, or a review's first move from it); the step fields only by the actions
 * (an add may leave them at their default); the frozen fields of the current state stay. A value
 * equal to the current one (or, on add, the field's default) is no change. Whether the writer may
 * review is the review fields' rule (server/access/review-fields.ts).
 */
export function checkWrite(flow: FlowDecl, defaults: Values, current: Values | null, sent: Values): WriteCheck {
  const errors: FlowErrors = {};
  const has = (name: string) => Object.prototype.hasOwnProperty.call(sent, name) && sent[name] !== undefined;
  const before = (name: string) => (current ? current[name] : defaults[name]);
  const state = current ? flowState(flow, current[flow.field]) : flow.initial;
  if (has(flow.field) && !sameValue(sent[flow.field], state) && !sameValue(sent[flow.field], current?.[flow.field])) {
    const to = String(sent[flow.field]);
    if (!reviewOf(flow, state, to)) {
      if (!current) errors[flow.field] = { key: "initial_only", params: { status: flow.initial } };
      else return { conflict: { key: "step_out_of_order", params: { action: "update", status: state } }, errors };
    }
  }
  for (const [name, actions] of stepFieldsOf(flow)) {
    if (has(name) && !sameValue(sent[name], before(name))) errors[name] = { key: "step_only", params: { steps: actions.join(", ") } };
  }
  if (current)
    for (const name of frozenFieldsIn(flow, state))
      if (has(name) && !errors[name] && !sameValue(sent[name], current[name])) errors[name] = { key: "frozen", params: { status: state } };
  return { errors };
}
