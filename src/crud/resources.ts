// STUB (to be replaced by the generated-CRUD work): Refine resources from the declaration.
import type { ResourceProps } from "@refinedev/core";

/** Refine resources: one parent per menu group, one per declared resource with its routes. */
export function buildRefineResources(): ResourceProps[] {
  return [];
}
