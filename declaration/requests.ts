// Material and tool requests, pure (read by the server and the web app): a line's amount, and the
// steps of a request (declared once: REQUEST_FLOWS in declaration/resources/materials.ts).
//
// AMOUNT: quantity × unit price − discount = amount.
// - The discount is an amount of money (the currency's units, as project-invoice's `discount`),
//   not a percentage: the spec names only a "discount" label next to "unit price" and "amount",
//   and the declaration's percentage discounts are typed `percent` (refferal-code's).
// - Rounding: the gross (quantity × unit price) is rounded to the currency's minor unit
//   (currency.decimal_places: 0 for IDR, 2 for USD), half away from zero; the discount is
//   rounded the same way; amount = gross − discount, exact in minor units.
// - Refused (the keys are server/i18n/messages.ts's; the steps are served by
//   server/custom/requests.ts, docs/api.md "Material and tool requests"): a negative or non-finite quantity, unit price or discount, and a discount greater
//   than the gross (an amount is never negative).
import { REQUEST_FLOWS, type RequestAction, type RequestFlowDecl, type RequestStepDecl } from "./resources/materials";

export type RequestResource = keyof typeof REQUEST_FLOWS;
export { REQUEST_FLOWS, type RequestAction, type RequestFlowDecl, type RequestStepDecl };

export interface AmountInput {
  quantity: number;
  unitPrice: number;
  /** Money off the line, in the currency's units; default 0. */
  discount?: number | null;
}

export type AmountResult =
  | { ok: true; gross: number; discount: number; amount: number }
  | { ok: false; field: "quantity" | "unit_price" | "discount"; key: "not_number" | "too_small" | "discount_over_gross" };

/** A value in whole minor units (cents, sen), half away from zero; decimal shifting by exponent, not by multiplying floats (1.005 → 101). */
export function toMinorUnits(value: number, decimals: number): number {
  const sign = value < 0 ? -1 : 1;
  const abs = Math.abs(value);
  // A number JavaScript writes in exponent form (1e-7, 1e21) is shifted by multiplying.
  const shifted = /e/i.test(String(abs)) ? abs * 10 ** decimals : Number(`${abs}e${decimals}`);
  return sign * Math.round(shifted);
}
const fromMinor = (minor: number, decimals: number): number => (decimals === 0 ? minor : Number((minor / 10 ** decimals).toFixed(decimals)));

/** A value rounded to the currency's minor unit. */
export const roundMoney = (value: number, decimals: number): number => fromMinor(toMinorUnits(value, decimals), decimals);

/** quantity × unit price − discount, in a currency with `decimals` minor digits (IDR: 0). */
export function requestAmount(input: AmountInput, decimals = 0): AmountResult {
  const checks: Array<[number, "quantity" | "unit_price" | "discount"]> = [
    [input.quantity, "quantity"],
    [input.unitPrice, "unit_price"],
    [input.discount ?? 0, "discount"],
  ];
  for (const [v, field] of checks) {
    if (typeof v !== "number" || !Number.isFinite(v)) return { ok: false, field, key: "not_number" };
    if (v < 0) return { ok: false, field, key: "too_small" };
  }
  const gross = toMinorUnits(input.quantity * input.unitPrice, decimals);
  const discount = toMinorUnits(input.discount ?? 0, decimals);
  if (discount > gross) return { ok: false, field: "discount", key: "discount_over_gross" };
  return { ok: true, gross: fromMinor(gross, decimals), discount: fromMinor(discount, decimals), amount: fromMinor(gross - discount, decimals) };
}

// ---- the steps --------------------------------------------------------------------------------

/** A stored status as the flow reads it (an earlier "ordered" is approved, "delivered" is sent). */
export function flowStatus(resource: RequestResource, status: string): string {
  return REQUEST_FLOWS[resource].legacy?.[status] ?? status;
}

/** The step of an action, undefined when the resource has no such step (tools are returned, materials not). */
export const stepOf = (resource: RequestResource, action: RequestAction): RequestStepDecl | undefined => REQUEST_FLOWS[resource].steps[action];

/** Whether the action may follow a request's current status. */
export function canFollow(resource: RequestResource, current: string, action: RequestAction): boolean {
  const step = stepOf(resource, action);
  return !!step && step.from.includes(flowStatus(resource, current));
}

/** The actions that may follow the current status, in the flow's order (the buttons a screen offers). */
export function nextActions(resource: RequestResource, current: string): RequestAction[] {
  return (Object.keys(REQUEST_FLOWS[resource].steps) as RequestAction[]).filter((a) => canFollow(resource, current, a));
}

const isEmpty = (v: unknown): boolean => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

export type StepCheck =
  | { ok: true; status: string; values: Record<string, unknown> }
  /** 409: the step does not follow the current status. */
  | { ok: false; conflict: { key: "step_out_of_order"; params: { action: RequestAction; status: string } } }
  /** 400: fields the step needs, missing or wrong. */
  | { ok: false; errors: Record<string, { key: string; params?: Record<string, string | number> }> };

/**
 * Checks an action against a request (its stored `status`, `quantity` and dates) and the values
 * sent: the order first (409), then the step's required fields, a received quantity above 0 and
 * at most the quantity requested, and dates in delivery order (sent on or before due on site and
 * received). Answers the new status and the step's own fields only (anything else sent is not
 * the step's to change).
 */
export function checkStep(resource: RequestResource, record: Readonly<Record<string, unknown>>, action: RequestAction, values: Readonly<Record<string, unknown>>): StepCheck {
  const current = String(record.status ?? "");
  const step = stepOf(resource, action);
  if (!step || !canFollow(resource, current, action)) {
    return { ok: false, conflict: { key: "step_out_of_order", params: { action, status: flowStatus(resource, current) } } };
  }
  const errors: Record<string, { key: string; params?: Record<string, string | number> }> = {};
  const out: Record<string, unknown> = {};
  for (const f of step.fields) {
    const v = values[f.name];
    if (isEmpty(v)) {
      if (f.required) errors[f.name] = { key: "required" };
      continue;
    }
    out[f.name] = v;
  }
  if (out.quantity_received !== undefined) {
    const q = Number(out.quantity_received);
    const max = Number(record.quantity);
    if (!Number.isFinite(q) || q <= 0) errors.quantity_received = { key: "not_positive" };
    else if (Number.isFinite(max) && q > max) errors.quantity_received = { key: "too_big", params: { max } };
  }
  const sent = String(out.delivery_date ?? out.send_date ?? record.delivery_date ?? record.send_date ?? "");
  for (const later of ["delivery_to_site_date", "received_date", "received_to_warehouse_date"]) {
    const v = out[later];
    if (v !== undefined && sent && String(v) < sent) errors[later] = { key: "date_before", params: { date: sent } };
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, status: step.to, values: out };
}

// ---- what the server sets on a write ------------------------------------------------------------

export type RequestWrite = { ok: true; values: Record<string, unknown> } | { ok: false; errors: Record<string, { key: string; params?: Record<string, string | number> }> };

/**
 * The server's own values of a request being added (`current` null) or updated: a new request's
 * status (the flow's initial one; `status` is server-owned, only the steps move it) and its
 * `amount` from the quantity, unit price and discount after the write (the values sent over the
 * stored ones). No unit price: no amount (null). A discount above quantity × unit price is
 * refused (400 `discount` discount_over_gross). Values that are not numbers are left to the
 * fields' own checks.
 */
export function requestWrite(resource: RequestResource, current: Readonly<Record<string, unknown>> | null, sent: Readonly<Record<string, unknown>>, decimals = 0): RequestWrite {
  const values: Record<string, unknown> = {};
  if (!current) values.status = REQUEST_FLOWS[resource].initial;
  const pick = (name: string): unknown => (Object.prototype.hasOwnProperty.call(sent, name) && sent[name] !== undefined ? sent[name] : current?.[name]);
  const quantity = pick("quantity");
  const unitPrice = pick("unit_price");
  const discount = pick("discount");
  const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);
  if (unitPrice === null || unitPrice === undefined || unitPrice === "") {
    values.amount = null;
    return { ok: true, values };
  }
  const a = requestAmount(
    { quantity: num(quantity), unitPrice: num(unitPrice), discount: discount === null || discount === undefined || discount === "" ? 0 : num(discount) },
    decimals,
  );
  if (a.ok) values.amount = a.amount;
  else if (a.key === "discount_over_gross") return { ok: false, errors: { discount: { key: a.key } } };
  return { ok: true, values };
}

// ---- a catalogue's stock movements --------------------------------------------------------------

export interface StockMovement {
  stock_in: number;
  stock_out: number;
}

/**
 * Stock in and out of a catalogue's item, from the rows naming it:
 * - material-resource: in = the quantities received on its received requests (request-material
 *   quantity_received, status received); out = the quantities assigned to activities
 *   (assign-material quantity: taken from stock for the work).
 * - tools-resource: out = the quantities sent out to sites and not back yet (req-tools quantity,
 *   status sent or received); in = the quantities returned (status returned).
 */
export function stockOf(
  catalogue: "material-resource" | "tools-resource",
  rows: { requests: ReadonlyArray<Readonly<Record<string, unknown>>>; assigned?: ReadonlyArray<Readonly<Record<string, unknown>>> },
): StockMovement {
  const sum = (list: ReadonlyArray<Readonly<Record<string, unknown>>>, field: string) => list.reduce((s, x) => s + (Number(x[field]) || 0), 0);
  if (catalogue === "material-resource") {
    const received = rows.requests.filter((x) => flowStatus("request-material", String(x.status ?? "")) === "received");
    return { stock_in: sum(received, "quantity_received"), stock_out: sum(rows.assigned ?? [], "quantity") };
  }
  const out = rows.requests.filter((x) => x.status === "sent" || x.status === "received");
  const back = rows.requests.filter((x) => x.status === "returned");
  return { stock_in: sum(back, "quantity_received"), stock_out: sum(out, "quantity") };
}
