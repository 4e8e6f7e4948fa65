// Who may receive a live event (docs/api.md "Live events"), decided in memory for every open
// stream: the same company, the read right on the event's resource (the menu that grants it),
// and the row scope of that menu (server/access/row-scope.ts: own / projects / company) applied
// to the event's row (its person and project). What a stream needs for that (its rights, row
// scopes and the projects it reaches) is read when it opens and again every 60 s and on a
// `rights` event of its company.
import { resourceByName, type ResolvedResource, type RowScope } from "../../declaration";
import type { Actor } from "../access/actor";
import { isAllowed } from "../access/operation-access";
import { rowScopeOf, reachOf } from "../access/row-scope";
import { rowInScope, type Reach } from "../access/row-rule";
import type { Db } from "../db/connection";
import type { BusEvent, BusEventType } from "./bus";

/** The resource whose read right and row rule decide who receives each type. */
export const RESOURCE_OF_EVENT: Partial<Record<BusEventType, ResolvedResource>> = {
  panic: resourceByName("panic-button"),
  presence: resourceByName("presence"),
  // Positions are the map's (waypoint's access: map-monitoring).
  position: resourceByName("waypoint"),
  alert: resourceByName("alert"),
};

/** Role types that count as the company's admins (they see every alert of the company they may read). */
export const ADMIN_ROLE_TYPES: readonly string[] = ["owner", "admin"];

export interface Audience {
  actor: Actor;
  /** Per event type: the row scope the stream reads it with, or null (no read right). */
  scopes: Partial<Record<BusEventType, RowScope | null>>;
  /** What the projects scope reaches (read only when some scope is "projects"). */
  reach: Reach | null;
  loadedAt: number;
}

export async function audienceOf(db: Db, actor: Actor): Promise<Audience> {
  const scopes: Audience["scopes"] = {};
  // The platform owner's stream carries no company's events.
  if (actor.companyId !== null) {
    for (const [type, r] of Object.entries(RESOURCE_OF_EVENT) as Array<[BusEventType, ResolvedResource]>) {
      scopes[type] = (await isAllowed(db, actor, r, "read")) ? await rowScopeOf(db, actor, r) : null;
    }
  }
  const reach = Object.values(scopes).includes("projects") ? await reachOf(db, actor) : null;
  return { actor, scopes, reach, loadedAt: Date.now() };
}

/** Whether the stream of this audience may carry the event. */
export function mayReceive(a: Audience, e: BusEvent): boolean {
  const { actor } = a;
  if (e.company_id !== null && e.company_id !== actor.companyId) return false;
  if (e.type === "rights") {
    if (!e.role_ids && !e.user_ids) return true;
    return (actor.roleId !== null && !!e.role_ids?.includes(actor.roleId)) || !!e.user_ids?.includes(actor.userId);
  }
  if (actor.companyId === null || e.company_id === null) return false;
  // An alert reaches its recipients, and the company's admins who may read alerts.
  if (e.type === "alert" && e.user_ids?.includes(actor.userId)) return true;
  if (e.type === "alert" && !ADMIN_ROLE_TYPES.includes(actor.roleType ?? "")) return false;
  const scope = a.scopes[e.type];
  if (!scope) return false;
  const rule = RESOURCE_OF_EVENT[e.type]?.rowVisibility;
  if (!rule || scope === "company") return true;
  const row = e.row ?? { user_id: null, project_id: null };
  const reach: Reach = a.reach ?? { userId: actor.userId, projects: new Set(), people: new Set() };
  return rowInScope(rule, scope, reach, (field) => (field === rule.person ? row.user_id : field === rule.project ? row.project_id : null));
}
