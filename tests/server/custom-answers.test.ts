// declaration/answers.ts against the server: every operation it types is declared and served
// (a handler of its own, or the generic one for `total`), and registerCustom checks a handler's
// answer against it at compile time (npm run typecheck).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_BY_NAME, findCustom } from "../../declaration";
import type { OperationName, OperationResource } from "../../declaration/answers";
import { customEntry, registerCustom } from "../../server/routes/custom-registry";
import { setupServer, type TestEnv } from "./helpers";

/**
 * Typed operations of the answers map, each checked to be declared and served. A new operation
 * needs no entry here: the server does not start while a declared operation has no handler
 * (server/routes/handler-modules.ts), and one declared with an example types it against its answer
 * (answerExample).
 */
const TYPED: { [R in OperationResource]?: Array<OperationName<R>> } = {
  "template-gantt": ["getTree"],
  "version-gantt": ["savePlan"],
  "user-to-version-gantt": ["addMultiple"],
  "user-to-proyek": ["addMultiple"],
  "project-to-checklist-k3": ["addMultiple"],
  "material-resource": ["stock"],
  "tools-resource": ["stock"],
  "folder-document-proyek": ["getTree"],
  "document-project": ["upload"],
  "hierarchy-ftths": ["tree", "countTree"],
  "kanban-card": ["getData"],
  menu: ["management"],
  "role-menu": ["replaceByrole"],
  role: ["viewAs"],
  "menu-company": ["addMultiple"],
  "human-resource": ["listAssignActivity", "disable", "enable", "invite", "reinvite", "importPreview", "import"],
  issue: ["listByProject", "listByGantt"],
  "project-approval": ["approve", "reject"],
  "assign-material": ["listByActivity"],
  project: ["total", "timeZones", "labourCost"],
  presence: ["clockIn", "clockOut", "today", "attendanceToday"],
  "panic-button": ["add", "acknowledge"],
  "device-key": ["add"],
  "company-management": ["userCounts"],
  "sales-summary": ["summary"],
  timesheet: ["search", "correct", "approve", "reopen"],
  "product-transaction-user": ["notification"],
  "information-storage": ["one"],
  "information-storage-all-company": ["list"],
  "map-monitoring": ["search"],
  waypoint: ["search", "addBatch"],
  "waypoint-monitoring": ["searchByUser"],
};

// Compile-time checks (npm run typecheck), never run: registering would replace real handlers.
export function wrongShapes(): void {
  // @ts-expect-error getData answers columns ({ status, cards }), not bare records
  registerCustom("kanban-card", "getData", async () => [{ id: 1 }]);
  // @ts-expect-error total answers { total: number }
  registerCustom("project", "total", () => ({ total: "12" }));
  // An operation the map does not type may answer anything.
  registerCustom("alert", "editStatusView", () => "anything");
}

/** Generic handlers (server/routes/generic.ts) that answer a typed operation. */
const GENERIC = new Set(["project.total", "user-to-version-gantt.addMultiple", "menu-company.addMultiple", "user-to-proyek.addMultiple", "project-to-checklist-k3.addMultiple"]);

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

describe("typed operation answers", () => {
  it("every typed operation is declared and has its handler", () => {
    const missing: string[] = [];
    for (const [resource, ops] of Object.entries(TYPED) as Array<[string, string[]]>) {
      for (const op of ops) {
        const r = RESOURCE_BY_NAME.get(resource);
        if (!r || !findCustom(r, op)) missing.push(`${resource}.${op}: not declared`);
        else if (!customEntry(resource, op) && !GENERIC.has(`${resource}.${op}`)) missing.push(`${resource}.${op}: no handler`);
      }
    }
    expect(missing).toEqual([]);
  });
});
