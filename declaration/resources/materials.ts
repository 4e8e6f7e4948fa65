// Materials & tools (resources.config.ts lists every group).
import type { ResourceDecl } from "../types";
import { code, CRUD_OPS, description, note, projectRef } from "./shared";

/**
 * A catalogue's stock movements, computed by the server on every read (declaration/requests.ts
 * stockOf): read-only, no column, not searchable.
 */
const stockFields = (["stock_in", "stock_out"] as const).map((name) => ({
  name,
  type: "number" as const,
  serverOwned: true,
  virtual: true,
  list: true,
  show: true,
  filter: false,
  sortable: false,
}));

// ---- the steps of a request ---------------------------------------------------------------------
// A material or tool request moves requested → approved → sent → received, one action a step
// (tools also → returned); a request may be rejected while requested or approved. Each step needs
// a right on the resource's menu (role-menu): "update" is the office's (approve, reject, send),
// "create" the site team's that files requests (receive, return). The server answers a step out of
// order with 409; a missing required field with 400. The logic: declaration/requests.ts.

/** A field a step sets: required ones must hold a value. */
export interface RequestStepField {
  name: string;
  required: boolean;
}

export interface RequestStepDecl {
  /** The status the request has after the step. */
  to: string;
  /** The statuses the step may follow. */
  from: readonly string[];
  /** The right it needs on the resource's menu (the step's operation declares it: stepOps). */
  right: "create" | "update";
  fields: readonly RequestStepField[];
}

export type RequestAction = "approve" | "reject" | "send" | "receive" | "return";

export interface RequestFlowDecl {
  /** A new request's status. */
  initial: "requested";
  steps: Partial<Record<RequestAction, RequestStepDecl>>;
  /** Statuses stored before the flow, read as the flow's: an "ordered" request is approved and waits to be sent. */
  legacy?: Readonly<Record<string, string>>;
}

const REJECT: RequestStepDecl = { to: "rejected", from: ["requested", "approved"], right: "update", fields: [{ name: "note", required: true }] };
const APPROVE: RequestStepDecl = { to: "approved", from: ["requested"], right: "update", fields: [{ name: "note", required: false }] };

export const REQUEST_FLOWS: Readonly<Record<"request-material" | "req-tools", RequestFlowDecl>> = {
  "request-material": {
    initial: "requested",
    steps: {
      approve: APPROVE,
      reject: REJECT,
      // The date it leaves (the supplier or the warehouse) and the date it is due on site.
      send: {
        to: "sent",
        from: ["approved"],
        right: "update",
        fields: [
          { name: "delivery_date", required: true },
          { name: "delivery_to_site_date", required: true },
        ],
      },
      // What arrived and when; the warehouse's date only when it went through the warehouse.
      receive: {
        to: "received",
        from: ["sent"],
        right: "create",
        fields: [
          { name: "quantity_received", required: true },
          { name: "received_date", required: true },
          { name: "received_to_warehouse_date", required: false },
        ],
      },
    },
    legacy: { ordered: "approved", delivered: "sent" },
  },
  "req-tools": {
    initial: "requested",
    steps: {
      approve: APPROVE,
      reject: REJECT,
      send: { to: "sent", from: ["approved"], right: "update", fields: [{ name: "send_date", required: true }] },
      receive: {
        to: "received",
        from: ["sent"],
        right: "create",
        fields: [
          { name: "quantity_received", required: true },
          { name: "received_date", required: true },
        ],
      },
      return: { to: "returned", from: ["received"], right: "create", fields: [{ name: "note", required: false }] },
    },
  },
};

/** A request's steps as PUT operations (`approve/{id}`, ...), each with its step's right. */
const stepOps = (flow: RequestFlowDecl) =>
  (Object.entries(flow.steps) as Array<[RequestAction, RequestStepDecl]>).map(([name, step]) => ({ name, method: "PUT" as const, path: `${name}/{id}`, right: step.right }));

export const materialResources: ResourceDecl[] = [
  {
    name: "material-resource",
    audited: "deletes",
    scope: "company",
    group: "resources",
    icon: "GoldOutlined",
    labelField: "name",
    operations: ["add", "search", "list", "update/{id}", "delete/{id}"],
    fields: [
      { name: "name", type: "string", required: true },
      { ...code, unique: true },
      { name: "satuan_id", type: "ref", ref: "satuan", required: true },
      { name: "unit_price", type: "money", min: 0, required: true },
      { name: "stock", type: "number", min: 0, default: 0 },
      { name: "ownership_status", type: "enum", options: ["owned", "consignment", "supplier"], required: true },
      { name: "ownership_name", type: "string" },
      { name: "image", type: "image", accept: "image/*", list: false },
      // Computed on every read (server/custom/requests.ts, declaration/requests.ts stockOf): no column.
      ...stockFields,
      description,
    ],
  },
  {
    name: "tools-resource",
    audited: "deletes",
    scope: "company",
    group: "resources",
    icon: "ToolOutlined",
    labelField: "name",
    operations: ["add", "search", "list", "update/{id}", "delete/{id}"],
    fields: [
      { name: "name", type: "string", required: true },
      { ...code, unique: true },
      { name: "quantity", type: "integer", min: 0, required: true, default: 1 },
      { name: "price", type: "money", min: 0 },
      { name: "ownership_status", type: "enum", options: ["owned", "rented", "borrowed"], required: true },
      { name: "ownership_name", type: "string" },
      { name: "condition", type: "enum", options: ["good", "needs_repair", "broken"], required: true, default: "good" },
      { name: "image", type: "image", accept: "image/*", list: false },
      // Computed on every read (server/custom/requests.ts, declaration/requests.ts stockOf): no column.
      ...stockFields,
      description,
    ],
  },
  {
    name: "assign-material",
    access: "material-resource",
    scope: "company",
    labelField: "material_resource_id",
    operations: ["list-by-activity"],
    fields: [
      { name: "activity_id", type: "ref", ref: "activity", required: true },
      { name: "material_resource_id", type: "ref", ref: "material-resource", required: true },
      { name: "quantity", type: "number", min: 0, required: true },
      note,
    ],
  },
  {
    name: "request-material",
    scope: "company",
    group: "resources",
    icon: "ShoppingCartOutlined",
    labelField: "material_resource_id",
    parent: { field: "project_id", resource: "project" },
    ownerField: "requested_by",
    // Beyond the spec: the request's steps, one action each (REQUEST_FLOWS below; server/custom/requests.ts).
    operations: [...CRUD_OPS, ...stepOps(REQUEST_FLOWS["request-material"])],
    beyondSpec: ["approve/{id}", "reject/{id}", "send/{id}", "receive/{id}"],
    // The generated details with the next steps as actions (src/pages/request).
    pages: { show: "request" },
    defaultSort: { field: "required_date", order: "desc" },
    fields: [
      projectRef,
      { name: "material_resource_id", type: "ref", ref: "material-resource", required: true },
      { name: "quantity", type: "number", min: 0, required: true },
      { name: "quantity_received", type: "number", min: 0, default: 0 },
      { name: "unit_price", type: "money", min: 0 },
      // Money off the line (not a percentage); amount = quantity × unit price − discount, by the server (declaration/requests.ts).
      { name: "discount", type: "money", min: 0, list: false },
      { name: "amount", type: "money", serverOwned: true },
      { name: "required_date", type: "date", required: true },
      { name: "delivery_date", type: "date", list: false },
      { name: "delivery_to_site_date", type: "date", list: false },
      { name: "received_date", type: "date", list: false },
      { name: "received_to_warehouse_date", type: "date", list: false },
      // The steps: REQUEST_FLOWS below. "ordered" and "delivered" are earlier statuses, read as
      // approved and sent (REQUEST_FLOWS below, `legacy`). Server-owned: a new request is
      // "requested", and only the steps move it (add and update ignore a status sent).
      {
        name: "status",
        type: "enum",
        options: ["requested", "approved", "rejected", "ordered", "sent", "delivered", "received"],
        required: true,
        default: "requested",
        serverOwned: true,
      },
      { name: "requested_by", type: "ref", ref: "human-resource", serverOwned: true },
      note,
    ],
  },
  {
    name: "req-tools",
    scope: "company",
    group: "resources",
    icon: "ShoppingOutlined",
    labelField: "tools_resource_id",
    parent: { field: "project_id", resource: "project" },
    ownerField: "requested_by",
    // Beyond the spec: the request's steps, one action each (REQUEST_FLOWS below; server/custom/requests.ts).
    operations: [...CRUD_OPS, ...stepOps(REQUEST_FLOWS["req-tools"])],
    beyondSpec: ["approve/{id}", "reject/{id}", "send/{id}", "receive/{id}", "return/{id}"],
    // The generated details with the next steps as actions (src/pages/request).
    pages: { show: "request" },
    defaultSort: { field: "required_date", order: "desc" },
    fields: [
      projectRef,
      { name: "tools_resource_id", type: "ref", ref: "tools-resource", required: true },
      { name: "quantity", type: "integer", min: 1, required: true },
      { name: "quantity_received", type: "integer", min: 0, default: 0 },
      { name: "unit_price", type: "money", min: 0 },
      // Money off the line (not a percentage); amount = quantity × unit price − discount, by the server (declaration/requests.ts).
      { name: "discount", type: "money", min: 0, list: false },
      { name: "amount", type: "money", serverOwned: true },
      { name: "required_date", type: "date", required: true },
      { name: "send_date", type: "date", list: false },
      { name: "received_date", type: "date", list: false },
      // The steps: REQUEST_FLOWS below. Server-owned: a new request is "requested", and only the
      // steps move it (add and update ignore a status sent).
      { name: "status", type: "enum", options: ["requested", "approved", "rejected", "sent", "received", "returned"], required: true, default: "requested", serverOwned: true },
      { name: "requested_by", type: "ref", ref: "human-resource", serverOwned: true },
      note,
    ],
  },
];
