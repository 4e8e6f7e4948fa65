// Materials & tools (resources.config.ts lists every group).
import type { FlowDecl } from "../flows";
import type { ResourceDecl } from "../types";
import { code, CRUD_OPS, description, note, projectRef } from "./shared";

/**
 * A catalogue item's stock, computed by the server on every read from the requests' steps
 * (declaration/requests.ts stockOf): on hand (`stock`), what came in and what went out.
 * Read-only, no column, not searchable.
 */
const stockFields = (["stock", "stock_in", "stock_out"] as const).map((name) => ({
  name,
  type: "number" as const,
  serverOwned: true,
  virtual: true,
  list: true,
  show: true,
  filter: false,
  sortable: false,
}));

// ---- the flows of a request ---------------------------------------------------------------------
// A material or tool request moves requested → approved → sent → received, one action a step
// (tools also → returned); a request may be rejected while requested or approved. Each action
// needs a right on the resource's menu: "update" is the office's (approve, reject, send), "create"
// the site team's that files requests (receive, return). A receipt adds what arrived to
// quantity_received: short of the quantity requested the request is partially received and
// waits for the rest (a later receipt). Once sent, its item, project and quantity stay; once
// something arrived, its prices too; it is deleted only before it is sent (the stock counts its
// steps). The engine: declaration/flows.ts; the stock: declaration/requests.ts.

const REJECT = { from: ["requested", "approved"], to: "rejected", right: "update", fields: [{ name: "note", required: true, shared: true }] } as const;
const APPROVE = { from: ["requested"], to: "approved", right: "update", fields: [{ name: "note", shared: true }] } as const;
const RECEIVE_MORE = { field: "quantity_received", of: "quantity", partialTo: "partially_received" } as const;
const ARRIVED = ["partially_received", "received"] as const;

export const MATERIAL_REQUEST_FLOW: FlowDecl = {
  field: "status",
  initial: "requested",
  actions: {
    approve: APPROVE,
    reject: REJECT,
    // The date it leaves (the supplier or the warehouse) and the date it is due on site.
    send: {
      from: ["approved"],
      to: "sent",
      right: "update",
      fields: [
        { name: "delivery_date", required: true },
        { name: "delivery_to_site_date", required: true },
      ],
    },
    // What arrived and when (the last receipt's date); the warehouse's date only when it went through the warehouse.
    receive: {
      from: ["sent", "partially_received"],
      to: "received",
      right: "create",
      fields: [{ name: "quantity_received", required: true }, { name: "received_date", required: true }, { name: "received_to_warehouse_date" }],
      accumulate: RECEIVE_MORE,
    },
  },
  frozen: [
    { in: ["sent", ...ARRIVED], fields: ["project_id", "material_resource_id", "quantity"] },
    { in: ARRIVED, fields: ["unit_price", "discount"] },
  ],
  deletableIn: ["requested", "approved", "rejected"],
  legacy: { ordered: "approved", delivered: "sent" },
};

export const TOOL_REQUEST_FLOW: FlowDecl = {
  field: "status",
  initial: "requested",
  actions: {
    approve: APPROVE,
    reject: REJECT,
    // Sending takes the tools from the yard: refused beyond what it has on hand (server/custom/requests.ts).
    send: { from: ["approved"], to: "sent", right: "update", fields: [{ name: "send_date", required: true }] },
    receive: {
      from: ["sent", "partially_received"],
      to: "received",
      right: "create",
      fields: [
        { name: "quantity_received", required: true },
        { name: "received_date", required: true },
      ],
      accumulate: RECEIVE_MORE,
    },
    // What arrived goes back to the yard.
    return: { from: ARRIVED, to: "returned", right: "create", fields: [{ name: "note", shared: true }] },
  },
  frozen: [
    { in: ["sent", ...ARRIVED, "returned"], fields: ["project_id", "tools_resource_id", "quantity"] },
    { in: [...ARRIVED, "returned"], fields: ["unit_price", "discount"] },
  ],
  deletableIn: ["requested", "approved", "rejected"],
};

export const materialResources: ResourceDecl[] = [
  {
    name: "material-resource",
    handlers: "requests",
    audited: "deletes",
    scope: "company",
    group: "resources",
    icon: "GoldOutlined",
    labelField: "name",
    // Beyond the spec: the item's stock per site (declaration/requests.ts stockBySite).
    operations: ["add", "search", "list", "update/{id}", "delete/{id}", { name: "stock", method: "GET", path: "stock/{id}", right: "read" }],
    beyondSpec: ["stock/{id}"],
    pages: { show: "catalogue" },
    fields: [
      { name: "name", type: "string", required: true },
      { ...code, unique: true },
      { name: "satuan_id", type: "ref", ref: "satuan", required: true },
      { name: "unit_price", type: "money", min: 0, required: true },
      { name: "ownership_status", type: "enum", options: ["owned", "consignment", "supplier"], required: true },
      { name: "ownership_name", type: "string" },
      { name: "image", type: "image", accept: "image/*", list: false },
      // Computed on every read from the requests' steps (declaration/requests.ts stockOf): no column.
      ...stockFields,
      description,
    ],
  },
  {
    name: "tools-resource",
    handlers: "requests",
    audited: "deletes",
    scope: "company",
    group: "resources",
    icon: "ToolOutlined",
    labelField: "name",
    // Beyond the spec: the item's stock per site (declaration/requests.ts stockBySite).
    operations: ["add", "search", "list", "update/{id}", "delete/{id}", { name: "stock", method: "GET", path: "stock/{id}", right: "read" }],
    beyondSpec: ["stock/{id}"],
    pages: { show: "catalogue" },
    fields: [
      { name: "name", type: "string", required: true },
      { ...code, unique: true },
      { name: "quantity", type: "integer", min: 0, required: true, default: 1 },
      { name: "price", type: "money", min: 0 },
      { name: "ownership_status", type: "enum", options: ["owned", "rented", "borrowed"], required: true },
      { name: "ownership_name", type: "string" },
      { name: "condition", type: "enum", options: ["good", "needs_repair", "broken"], required: true, default: "good" },
      { name: "image", type: "image", accept: "image/*", list: false },
      // Computed on every read from the requests' steps (declaration/requests.ts stockOf): no column.
      ...stockFields,
      description,
    ],
  },
  {
    name: "assign-material",
    handlers: "planning",
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
    handlers: "requests",
    scope: "company",
    group: "resources",
    icon: "ShoppingCartOutlined",
    labelField: "material_resource_id",
    parent: { field: "project_id", resource: "project" },
    ownerField: "requested_by",
    // Beyond the spec: the flow's actions (PUT approve/{id}, ...: added from the flow by the resolver; server/custom/requests.ts).
    operations: CRUD_OPS,
    flow: MATERIAL_REQUEST_FLOW,
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
      { name: "delivery_to_site_date", type: "date", list: false, notBefore: "delivery_date" },
      { name: "received_date", type: "date", list: false, notBefore: "delivery_date" },
      { name: "received_to_warehouse_date", type: "date", list: false, notBefore: "delivery_date" },
      // The flow's state (MATERIAL_REQUEST_FLOW above). "ordered" and "delivered" are earlier
      // statuses, read as approved and sent (`legacy`). Server-owned: a new request is
      // "requested", and only the actions move it.
      {
        name: "status",
        type: "enum",
        options: ["requested", "approved", "rejected", "ordered", "sent", "delivered", "partially_received", "received"],
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
    handlers: "requests",
    scope: "company",
    group: "resources",
    icon: "ShoppingOutlined",
    labelField: "tools_resource_id",
    parent: { field: "project_id", resource: "project" },
    ownerField: "requested_by",
    // Beyond the spec: the flow's actions (PUT approve/{id}, ...: added from the flow by the resolver; server/custom/requests.ts).
    operations: CRUD_OPS,
    flow: TOOL_REQUEST_FLOW,
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
      { name: "received_date", type: "date", list: false, notBefore: "send_date" },
      // The flow's state (TOOL_REQUEST_FLOW above). Server-owned: a new request is "requested", and
      // only the actions move it.
      {
        name: "status",
        type: "enum",
        options: ["requested", "approved", "rejected", "sent", "partially_received", "received", "returned"],
        required: true,
        default: "requested",
        serverOwned: true,
      },
      { name: "requested_by", type: "ref", ref: "human-resource", serverOwned: true },
      note,
    ],
  },
];

// The answers of its typed operations (OperationAnswers, declaration/answers.ts), beside their declarations.
declare module "../answers" {
  interface OperationAnswers {
    "material-resource": { stock: SiteStockAnswer[] };
    "tools-resource": { stock: SiteStockAnswer[] };
    "assign-material": { listByActivity: AnswerRecord[] };
  }
}
