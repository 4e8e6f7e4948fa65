// How a standard operation's path maps to its HTTP method, its kind (what the generic consumers
// do with it), the right it needs and the generic server handler that serves it: one table, read
// by the resolver (declaration/resolve.ts) and the server's generic handler
// (server/routes/generic.ts). Keyed by the path's first segment ("update/{id}" → "update"). A
// custom operation (declared with its method) states its right itself (declaration/rights.ts).
import type { HttpMethod } from "./types";
import { MULTIPLE_UPLOAD_MAX, type FileSlots } from "./uploads";

/** What an operation does for the generic consumers. */
export type OperationKind =
  | "create" // add (JSON) or upload (multipart)
  | "search" // POST search body → page
  | "list" // GET all (for selects), or the base path
  | "listSelect" // GET [{ value, label }]
  | "total" // POST columns → { total }
  | "one" // GET one record: edit/{id}, get/{id}, {project_id}/{id}, {id}
  | "update" // PUT update/{id}
  | "delete" // DELETE delete/{...}
  | "custom"; // anything else, called by name

/** The right an operation needs on its resource's menu (read, or can_add/can_edit/can_delete). */
export type OperationAction = "read" | "create" | "update" | "delete";

/**
 * A custom operation the generic server handler serves for any resource with a table:
 * "createMany" stores several records (add-multiple), "deleteBy" deletes the records whose fields
 * match the path parameters ({ deleted: n }), "listBy" lists filtered by the query string.
 */
export type GenericCustom = "createMany" | "deleteBy" | "listBy";

export interface OperationRule {
  method: HttpMethod;
  kind: OperationKind;
  action: OperationAction;
  /** multipart/form-data body. */
  multipart?: boolean;
  /** Multipart: the file parts it takes (the resource's image or file field adds their `accept`). */
  files?: FileSlots;
  /** With path parameters the operation is a custom one (list/{x} is not the list). */
  kindWithParams?: OperationKind;
  generic?: GenericCustom;
}

export const OPERATION_RULES = {
  add: { method: "POST", kind: "create", action: "create" },
  upload: { method: "POST", kind: "create", action: "create", multipart: true, files: { file: { max: 1 } } },
  "add-multiple": { method: "POST", kind: "custom", action: "create", generic: "createMany" },
  "multiple-upload": { method: "POST", kind: "custom", action: "create", multipart: true, files: { file: { max: MULTIPLE_UPLOAD_MAX } } },
  search: { method: "POST", kind: "search", action: "read" },
  total: { method: "POST", kind: "total", action: "read" },
  notification: { method: "POST", kind: "custom", action: "read" },
  list: { method: "GET", kind: "list", action: "read", kindWithParams: "custom" },
  "list-select": { method: "GET", kind: "listSelect", action: "read" },
  edit: { method: "GET", kind: "one", action: "read" },
  get: { method: "GET", kind: "one", action: "read" },
  "get-tree": { method: "GET", kind: "custom", action: "read" },
  tree: { method: "GET", kind: "custom", action: "read" },
  "count-tree": { method: "GET", kind: "custom", action: "read" },
  "list-by-gantt": { method: "GET", kind: "custom", action: "read", generic: "listBy" },
  "list-by-project": { method: "GET", kind: "custom", action: "read", generic: "listBy" },
  "list-by-activity": { method: "GET", kind: "custom", action: "read", generic: "listBy" },
  "list-assign-activity": { method: "GET", kind: "custom", action: "read" },
  management: { method: "GET", kind: "custom", action: "read" },
  "get-data": { method: "GET", kind: "custom", action: "read" },
  download: { method: "GET", kind: "custom", action: "read" },
  update: { method: "PUT", kind: "update", action: "update" },
  delete: { method: "DELETE", kind: "delete", action: "delete" },
  "delete-by-proyek": { method: "DELETE", kind: "custom", action: "delete", generic: "deleteBy" },
  "delete-byrole": { method: "DELETE", kind: "custom", action: "delete", generic: "deleteBy" },
  "multiple-delete": { method: "DELETE", kind: "custom", action: "delete" },
} as const satisfies Record<string, OperationRule>;

export type OperationSegment = keyof typeof OPERATION_RULES;

/** A path of parameters only: "" (the base path) lists, "{id}" or "{a}/{b}" reads one record. */
export const BASE_PATH_RULE: OperationRule = { method: "GET", kind: "list", action: "read", kindWithParams: "one" };

/** The rule of an operation path, or undefined when its first segment is not in the table. */
export function ruleOfPath(path: string): OperationRule | undefined {
  if (path.split("/").every((s) => s === "" || s.startsWith("{"))) return BASE_PATH_RULE;
  const first = path.split("/")[0];
  return Object.hasOwn(OPERATION_RULES, first) ? OPERATION_RULES[first as OperationSegment] : undefined;
}

/** The generic server handler of a custom operation, if its path's rule names one. */
export const genericCustomOf = (op: { path: string; kind: OperationKind }): GenericCustom | undefined => (op.kind === "custom" ? ruleOfPath(op.path)?.generic : undefined);
