// Shared by the resource declarations of several menu groups: enum option sets, fields and
// operation sets. Plain data.
import type { FieldDecl, RowScope } from "../types";

// ---- Enum option sets shared by several resources ---------------------------------------

export const LEVEL3 = ["low", "medium", "high"] as const;
export const SEVERITY = ["low", "medium", "high", "critical"] as const;
export const HEALTH = ["healthy", "at_risk", "critical"] as const;
export const APPROVAL = ["pending", "approved", "rejected"] as const;
export const PRESENCE_STATUS = ["present", "late", "absent", "leave", "sick"] as const;
export const PAYMENT_STATUS = ["pending", "paid", "failed", "expired", "cancelled"] as const;
export const PAYMENT_METHOD = ["bank_transfer", "virtual_account", "credit_card", "e_wallet"] as const;
export const INDUSTRY = ["construction", "telecom", "electrical", "civil", "other"] as const;
/** A role-menu's row scope (declaration/types.ts RowScope), narrowest first. */
export const ROW_SCOPES = ["own", "projects", "company"] as const satisfies readonly RowScope[];
/**
 * A role's scope where its role-menu holds none (and on resources open to everyone signed in):
 * workers their own rows, supervisors their projects', admins, managers and a company's owner
 * role the company's. A user without a valid role sees only their own.
 */
export function defaultRowScope(roleType: string | null): RowScope {
  switch (roleType) {
    case "worker":
      return "own";
    case "supervisor":
      return "projects";
    case "owner":
    case "admin":
    case "manager":
      return "company";
    default:
      return "own";
  }
}

/** What an audit-log entry records: a generic write, or an action of a custom operation (rights saved at once, a person disabled, invited or imported, a payment, a "view as" session). */
export const AUDIT_KINDS = ["create", "update", "delete", "rights", "disable", "enable", "invite", "import", "payment", "view_as"] as const;
export const ALERT_TYPE = ["panic_button", "geofence_exit", "late_clock_in", "no_movement", "low_battery"] as const;

// ---- Fields reused across resources (plain data) -----------------------------------------

export const projectRef: FieldDecl = { name: "project_id", type: "ref", ref: "project", required: true };
export const userRef: FieldDecl = { name: "user_id", type: "ref", ref: "human-resource", required: true };
export const description: FieldDecl = { name: "description", type: "text" };
export const note: FieldDecl = { name: "note", type: "text" };
export const code: FieldDecl = { name: "code", type: "string", maxLength: 32 };
export const color: FieldDecl = { name: "color", type: "color", list: false };
export const order: FieldDecl = { name: "order", type: "integer", min: 0, max: 9999, default: 0 };
export const isActive: FieldDecl = { name: "is_active", type: "boolean", default: true };

/** The children of a project read at /{project_id}/{id} and cleared per project. */
export const PROJECT_CHILD_OPS = ["add", "search", "delete-by-proyek/{project_id}", "{project_id}/{id}", "update/{id}", "delete/{id}"];
/** Beyond the spec: the project workspace edits and deletes one child at a time (the spec clears them per project only). */
export const PROJECT_CHILD_BEYOND = ["update/{id}", "delete/{id}"];
/** The usual set of a master-data resource. */
export const CRUD_OPS = ["add", "search", "update/{id}", "delete/{id}"];
