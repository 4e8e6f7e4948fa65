// Rights against buttons, for every demo account and every resource its generated screens reach:
// the web app's decision (src/providers/accessControlProvider.ts over the menus of the login
// answer, and the operations the declaration offers: src/crud/model.ts) walked against the
// demo seed's grants and the server's answer. Two mismatches are defects a user meets:
// - a button the server refuses (403): clicking it would sign the user out (the error catalogue);
// - a right the role holds (can_add, can_edit, can_delete on the resource's own menu) with no
//   button, because the declaration offers no operation for it (a worker's K3 report).
// Rights a role holds only because its grant covers a whole menu or group (an admin's FULL) and
// that no operation serves are listed in INERT with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES, fillPath, findOp, type ResolvedResource } from "../../declaration";
import { buildApp, type App } from "../../server/app";
import { DEMO_PASSWORD } from "../../server/seed";
import type { SessionMenu } from "../../src/auth/session";
import { capabilitiesOf } from "../../src/crud/model";
import { canAccess } from "../../src/providers/accessControlProvider";
import { freshDatabase } from "./helpers";

const ACCOUNTS = ["owner@demo.test", "admin@demo.test", "pm@demo.test", "supervisor@demo.test", "worker1@demo.test", "admin2@demo.test"];

type Right = "can_add" | "can_edit" | "can_delete";
type Button = "create" | "edit" | "delete";
const RIGHT_OF: Record<Button, Right> = { create: "can_add", edit: "can_edit", delete: "can_delete" };

/**
 * Rights no operation serves, held through a grant of a whole menu or group (an admin's FULL on
 * every menu, a supervisor's FULL on Field): the spec lists no such operation for the resource,
 * and the reason says why none is offered. `resource:button`.
 */
const INERT: Record<string, string> = {
  "role-menu:edit": "a role's menus are added and removed, not edited",
  "role-menu:delete": "a role's menus are cleared together (delete-byrole/{role_id}), not one by one",
  "shift:create": "the spec's shifts are read only (list)",
  "shift:edit": "the spec's shifts are read only (list)",
  "shift:delete": "the spec's shifts are read only (list)",
  "activity:create": "activities are written through the Gantt plan (version-gantt save-plan)",
  "activity:edit": "activities are written through the Gantt plan (version-gantt save-plan)",
  "activity:delete": "activities are written through the Gantt plan (version-gantt save-plan)",
  "hierarchy-ftths:create": "the FTTH hierarchy is read only (the spec's base, tree and count calls)",
  "hierarchy-ftths:edit": "the FTTH hierarchy is read only (the spec's base, tree and count calls)",
  "hierarchy-ftths:delete": "the FTTH hierarchy is read only (the spec's base, tree and count calls)",
  "presence:create": "attendance is a record of clock-ins (the spec's search only)",
  "presence:edit": "attendance is a record of clock-ins (the spec's search only)",
  "presence:delete": "attendance is a record of clock-ins (the spec's search only)",
  "panic-button:create": "panic alerts come from the field (the spec's search and update only)",
  "panic-button:delete": "panic alerts come from the field (the spec's search and update only)",
  "control-monitoring:create": "a computed view",
  "control-monitoring:edit": "a computed view",
  "control-monitoring:delete": "a computed view",
  "config-alert:edit": "the spec's alert rules are added and deleted, not edited",
  "config-alert-to-user:edit": "the spec's alert subscriptions are added and deleted, not edited",
  "report-k3:delete": "a filed K3 report is a safety record: it is reviewed and closed, not deleted",
  "product-transaction:delete": "a purchase is not deleted (the spec's add, search, update, get)",
  "transaction-history:create": "a record of purchases (the spec's search only)",
  "transaction-history:edit": "a record of purchases (the spec's search only)",
  "transaction-history:delete": "a record of purchases (the spec's search only)",
  "audit-log:create": "the audit log is written by the server only (append-only)",
  "audit-log:edit": "the audit log is written by the server only (append-only)",
  "audit-log:delete": "the audit log is written by the server only (append-only)",
  "alert:edit": "the legacy alerts are added and marked viewed (edit-status-view), not edited",
  "alert:delete": "the legacy alerts are added and marked viewed (edit-status-view), not deleted",
};

let app: App;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  cleanup = fresh.cleanup;
  app = await buildApp({ ...fresh.options, seed: "demo" });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await cleanup?.();
});

/** Local storage as the login leaves it, for the web app's access control (run here in Node). */
function storeSession(answer: { token: string; role: { name: string; role_type?: string } | null; user: unknown; menus: SessionMenu[] }) {
  const items = new Map<string, string>([
    ["token", answer.token],
    ["role", answer.role?.name ?? ""],
    ["role_type", answer.role?.role_type ?? ""],
    ["user", JSON.stringify(answer.user)],
    ["menus", JSON.stringify(answer.menus)],
  ]);
  Object.defineProperty(globalThis, "localStorage", {
    configurable: true,
    value: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v), removeItem: (k: string) => items.delete(k) },
  });
}

/** The request the button leads to, aimed at a record that is not there: 403 means refused by rights. */
function requestOf(r: ResolvedResource, button: Button): { method: string; url: string; payload?: unknown } {
  const op = findOp(r, button === "create" ? "create" : button === "edit" ? "update" : "delete")!;
  const values = Object.fromEntries(op.params.map((p) => [p, 987654321]));
  const url = `${r.service === "legacy" ? "/legacy" : "/api"}/${r.path}/${fillPath(op, values)}`;
  return { method: op.method, url, ...(op.method === "POST" || op.method === "PUT" ? { payload: {} } : {}) };
}

/** Resources the generated screens show (lists and the project's embedded lists), not bespoke pages. */
const GENERATED = ALL_RESOURCES.filter((r) => capabilitiesOf(r).list && !r.pages?.list);

describe("rights and buttons of the demo accounts", () => {
  it("every button a generated screen shows is accepted by the server, and every right a role holds on a resource's own menu has its button", async () => {
    const refused: string[] = [];
    const missing: string[] = [];
    for (const email of ACCOUNTS) {
      const login = await app.inject({ method: "POST", url: "/api/login", payload: { email, password: DEMO_PASSWORD } });
      expect(login.statusCode, email).toBe(200);
      const answer = login.json().data;
      storeSession(answer);
      const menus = new Map((answer.menus as SessionMenu[]).map((m) => [m.alias, m]));
      for (const r of GENERATED) {
        if (!canAccess(r.name, "list").can) continue;
        const can = capabilitiesOf(r);
        for (const button of ["create", "edit", "delete"] as const) {
          const shown = can[button] && canAccess(r.name, button).can;
          if (shown) {
            const req = requestOf(r, button);
            const res = await app.inject({ ...req, method: req.method as "GET", headers: { authorization: `Bearer ${answer.token}` } } as never);
            if (res.statusCode === 403) refused.push(`${email} ${r.name} ${button}: ${req.method} ${req.url} → 403 ${res.json().key}`);
          }
          // The platform owner's menus carry every right by construction (server/access/menus.ts), not a grant.
          const own = r.access === r.name && answer.role?.role_type !== "owner" ? menus.get(r.name) : undefined;
          if (own?.[RIGHT_OF[button]] && !can[button] && !INERT[`${r.name}:${button}`]) missing.push(`${email} ${r.name}: holds ${RIGHT_OF[button]}, no ${button} button`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(missing).toEqual([]);
  }, 180_000);

  it("every inert right is still one: no operation serves it (else it needs its button)", () => {
    const stale = Object.keys(INERT).filter((key) => {
      const [name, button] = key.split(":") as [string, Button];
      const r = ALL_RESOURCES.find((x) => x.name === name);
      return !r || capabilitiesOf(r)[button];
    });
    expect(stale).toEqual([]);
  });
});
