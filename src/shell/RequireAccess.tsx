// A route's page only when the role may open it: else the no-access page in its place, before the
// page's chunk loads or any request is sent. Decided synchronously from the stored menus (the
// same rule as the sider and the buttons: src/providers/accessControlProvider.ts).
import type { ReactNode } from "react";
import { useSessionVersion } from "../auth/useSessionVersion";
import { canAccess } from "../providers/accessControlProvider";
import { NoAccess } from "./NoAccess";

export function RequireAccess({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  useSessionVersion(); // a menu taken away while on its page: the no-access page at once
  return canAccess(resource, action).can ? children : <NoAccess />;
}
