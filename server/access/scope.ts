// Tenancy as conditions on a resource's table, for every read, update and delete:
// - company scope: company_id = the actor's company (the owner, without one, sees rows without one,
//   or every company's rows of a resource declaring ownerSeesAll);
// - platform scope with `tenantField`: non-owners see rows whose tenantField is their company;
// - platform scope without it: one shared set.
import type { ResolvedResource } from "../../declaration";
import { eq, never, type Cond } from "../db/conditions";
import type { Actor } from "./actor";

export function scopeConds(r: ResolvedResource, actor: Actor): Cond[] {
  if (r.scope === "company") return actor.isOwner && r.ownerSeesAll ? [] : [eq("company_id", actor.companyId)];
  if (r.scope === "platform" && r.tenantField && !actor.isOwner) {
    return [actor.companyId === null ? never() : eq(r.tenantField, actor.companyId)];
  }
  return [];
}
