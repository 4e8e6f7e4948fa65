// Material and tool requests, pure (read by the server and the web app): a line's amount and a
// catalogue item's stock. Their steps are the resources' flows (MATERIAL_REQUEST_FLOW and
// TOOL_REQUEST_FLOW in declaration/resources/materials.ts, run by declaration/flows.ts).
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
import { flowState, type FlowDecl } from "./flows";
import { MATERIAL_REQUEST_FLOW, TOOL_REQUEST_FLOW } from "./resources/materials";

/** The requests and their flows. */
export const REQUEST_FLOWS: Readonly<Record<"request-material" | "req-tools", FlowDecl>> = { "request-material": MATERIAL_REQUEST_FLOW, "req-tools": TOOL_REQUEST_FLOW };
export type RequestResource = keyof typeof REQUEST_FLOWS;
export const isRequestResource = (name: string): name is RequestResource => Object.prototype.hasOwnProperty.call(REQUEST_FLOWS, name);

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

// ---- a catalogue's stock ------------------------------------------------------------------------

export type Catalogue = "material-resource" | "tools-resource";

/** Each catalogue, its requests and the field naming the item; tools have a fleet (the catalogue's quantity) kept in the yard. */
export const CATALOGUES: Readonly<Record<Catalogue, { requests: RequestResource; item: string; fleet: string | null }>> = {
  "material-resource": { requests: "request-material", item: "material_resource_id", fleet: null },
  "tools-resource": { requests: "req-tools", item: "tools_resource_id", fleet: "quantity" },
};

export interface StockFigures {
  /** On hand: materials on the sites; tools in the yard (free to send). */
  stock: number;
  stock_in: number;
  stock_out: number;
}

/** A site's figures: `project_id` null is the yard (tools only). */
export interface SiteStock extends StockFigures {
  project_id: number | null;
}

type Row = Readonly<Record<string, unknown>>;
const num = (v: unknown): number => Number(v) || 0;
const sum = (list: readonly Row[], field: string) => Math.round(list.reduce((s, x) => s + num(x[field]), 0) * 1e9) / 1e9;
const inState = (catalogue: Catalogue, states: readonly string[]) => (x: Row) => states.includes(flowState(REQUEST_FLOWS[CATALOGUES[catalogue].requests], x.status));

const ARRIVED = ["partially_received", "received"];
const SENT = ["sent", "partially_received", "received", "returned"];

/**
 * A catalogue item's stock from its requests (moved only by their steps: a request that is only
 * asked for, approved or rejected moves nothing; the activities' planned materials move nothing):
 * - material-resource: in = what the receipts brought to the sites (quantity_received of the
 *   partially received and received requests); out = what left the sites (no step takes material
 *   off a site: 0); on hand = in − out, on the sites.
 * - tools-resource: out = what was sent from the yard (quantity of the requests sent, partially
 *   received, received or returned); in = what came back (quantity_received of the returned ones);
 *   on hand in the yard = the catalogue's quantity (the fleet) − out + in: what may still be sent.
 */
export function stockOf(catalogue: Catalogue, item: Row, requests: readonly Row[]): StockFigures {
  if (catalogue === "material-resource") {
    const stockIn = sum(requests.filter(inState(catalogue, ARRIVED)), "quantity_received");
    return { stock: stockIn, stock_in: stockIn, stock_out: 0 };
  }
  const out = sum(requests.filter(inState(catalogue, SENT)), "quantity");
  const back = sum(requests.filter(inState(catalogue, ["returned"])), "quantity_received");
  return { stock: Math.round((num(item.quantity) - out + back) * 1e9) / 1e9, stock_in: back, stock_out: out };
}

/**
 * The same per site (the requests' project): in = what arrived there, out = what left it (tools
 * returned), on hand = in − out; tools also the yard (`project_id` null: the item's own figures).
 * Sites with nothing moved are left out; the yard first, then by project id.
 */
export function stockBySite(catalogue: Catalogue, item: Row, requests: readonly Row[]): SiteStock[] {
  const sites = new Map<number, Row[]>();
  for (const x of requests) {
    const p = Number(x.project_id);
    if (Number.isFinite(p)) sites.set(p, [...(sites.get(p) ?? []), x]);
  }
  const out: SiteStock[] = catalogue === "tools-resource" ? [{ project_id: null, ...stockOf(catalogue, item, requests) }] : [];
  for (const [project, rows] of [...sites].sort((a, b) => a[0] - b[0])) {
    const came = sum(rows.filter(inState(catalogue, catalogue === "tools-resource" ? [...ARRIVED, "returned"] : ARRIVED)), "quantity_received");
    const left = catalogue === "tools-resource" ? sum(rows.filter(inState(catalogue, ["returned"])), "quantity_received") : 0;
    if (came === 0 && left === 0) continue;
    out.push({ project_id: project, stock: Math.round((came - left) * 1e9) / 1e9, stock_in: came, stock_out: left });
  }
  return out;
}
