// A route's page only when the role may open it: else the no-access page in its place, before the
// page's chunk loads or any request is sent. Decided synchronously from the stored menus (the
// same rule as the sider and the buttons: src/providers/accessControlProvider.ts).
import type { ReactNode } from "react";
import { canAccess } from "../providers/accessControlProvider";
import { NoAccess } from "./NoAccess";

export function RequireAccess({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  return canAccess(resource, action).can ? children : <NoAccess />;
}
