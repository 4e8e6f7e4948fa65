// STUB (to be replaced by the generated-CRUD work): routes of the generated and bespoke pages.
import type { ReactNode } from "react";

/** <Route> elements for every resource's list/create/edit/show page, lazy-loaded. */
export function crudRoutes(): ReactNode {
  return null;
}
