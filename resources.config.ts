// The one declaration of every resource. The web app turns it into menus, lists, forms and
// show pages; the server into tables, validation, routes and permission checks.
// Operations are exactly those of the product spec (tests/unit/spec-resources.json, the
// project's copy); anything more is listed in `beyondSpec` on purpose. Path parameters are named
// after the record field that fills them ({project_id}/{id}), so both sides fill them generically.
// Field labels are i18n keys `fields.<name>`; enum values `enums.<field>.<value>`.
//
// The resources live in declaration/resources/, one file per area of the menu, in this order
// (the order of the sider within a menu group); shared fields and enum option sets in
// declaration/resources/shared.ts; menu groups in declaration/menu-groups.ts; every resource
// name in declaration/resources/names.ts.
import { companyResources } from "./declaration/resources/company";
import { fieldResources } from "./declaration/resources/field";
import { legacyResources as legacy } from "./declaration/resources/legacy";
import { materialResources } from "./declaration/resources/materials";
import { planningResources } from "./declaration/resources/planning";
import { projectResources } from "./declaration/resources/projects";
import { safetyResources } from "./declaration/resources/safety";
import { salesResources } from "./declaration/resources/sales";
import { staffResources } from "./declaration/resources/staff";
import type { ResourceDecl } from "./declaration/types";

export const resources: ResourceDecl[] = [
  ...companyResources, // Company & access
  ...staffResources, // Staff & master data
  ...projectResources, // Projects
  ...planningResources, // Planning: Gantt, issues, kanban
  ...materialResources, // Materials & tools
  ...fieldResources, // Field: attendance, alerts, tracking
  ...safetyResources, // Safety (K3) & permits
  ...salesResources, // Sales & subscriptions
];

/** The legacy logistics/sales service (/legacy), apart so the project API's spec coverage stays exact. */
export const legacyResources: ResourceDecl[] = legacy;

export default resources;
