// Review fields (declaration FieldDecl.reviewField: a permit's approval status, a K3 report's
// review status, a panic alert's status): only a role holding the edit right (can_edit) on the
// resource's menu sets them. Anyone else may leave them at their default on create (a worker's
// form sends the default "pending") but not set another value, nor change them on update: 400
// naming the field (`review_only`). Pure: the caller says whether the actor may review (the server
// from the role's rights, the web tests' contract mock from its menus).
import type { ResolvedResource } from "../../declaration";
import type { FieldErrors } from "../http/errors";

/** Whether the resource has review fields at all (most have none: no rights lookup needed). */
export const hasReviewFields = (r: ResolvedResource): boolean => r.fields.some((f) => f.reviewField);

/**
 * The review fields a write by a non-reviewer would set: on create those whose value is not the
 * field's default, on update those whose value differs from the record's current one (`current`).
 */
export function reviewErrors(r: ResolvedResource, values: Record<string, unknown>, o: { mayReview: boolean; current?: Record<string, unknown>; prefix?: string }): FieldErrors {
  if (o.mayReview) return {};
  const errors: FieldErrors = {};
  for (const f of r.fields) {
    if (!f.reviewField || !(f.name in values)) continue;
    const v = values[f.name];
    const allowed = o.current ? o.current[f.name] : (f.default ?? null);
    if (v !== allowed) errors[(o.prefix ?? "") + f.name] = { key: "review_only" };
  }
  return errors;
}
