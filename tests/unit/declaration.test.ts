import { describe, expect, it } from "vitest";
import {
  ALL_RESOURCES,
  describeRight,
  API_RESOURCES,
  findOp,
  LEGACY_RESOURCES,
  RESOURCE_NAMES,
  resolveAll,
  resourceByName,
  type FieldDecl,
  type ResourceDecl,
} from "../../declaration";
import spec from "./spec-resources.json";

// The declaration must cover the product spec's resource list exactly (spec-resources.json
// next to this file is a copy of that list, so the check runs inside the project).
const norm = (op: string) => op.replace(/\{[^}]*\}/g, "{}").replace(/^\/+|\/+$/g, "");

describe("resources.config.ts against the product spec", () => {
  const byPath = new Map(API_RESOURCES.map((r) => [r.path, r]));

  it("declares every spec resource", () => {
    const missing = Object.keys(spec.resources).filter((p) => !byPath.has(p));
    expect(missing).toEqual([]);
    expect(Object.keys(spec.resources)).toHaveLength(67);
  });

  it.each(Object.entries(spec.resources))("%s has exactly the spec's operations", (path, ops) => {
    const r = byPath.get(path)!;
    const have = r.operations.map((o) => norm(o.path)).filter((o) => !r.beyondSpec.map(norm).includes(o));
    expect(new Set(have)).toEqual(new Set(ops.map(norm)));
  });

  it("gives every resource a real field list", () => {
    for (const r of API_RESOURCES) {
      const declared = r.fields.filter((f) => !f.implicit);
      expect(declared.length, r.name).toBeGreaterThanOrEqual(2);
    }
  });

  it("resolves methods and kinds of the standard operations", () => {
    const project = resourceByName("project");
    expect(findOp(project, "search")).toMatchObject({ method: "POST", path: "search" });
    expect(findOp(project, "delete")).toMatchObject({ method: "DELETE", params: ["company_id", "id"] });
    expect(findOp(project, "one")).toMatchObject({ method: "GET", path: "edit/{id}" });
    const checklists = resourceByName("project-checklists");
    expect(findOp(checklists, "one")).toMatchObject({ method: "GET", params: ["project_id", "id"] });
    const hr = resourceByName("human-resource");
    expect(hr.operations.find((o) => o.name === "listAssignActivity")).toMatchObject({ method: "GET", kind: "custom" });
  });

  it("keeps the legacy service apart from the project API", () => {
    expect(LEGACY_RESOURCES.every((r) => r.service === "legacy")).toBe(true);
    expect(LEGACY_RESOURCES.map((r) => r.path)).toContain("dashboard-proyek");
  });
});

describe("resource names", () => {
  it("lists each declared resource once, in declaration order", () => {
    expect(ALL_RESOURCES.map((r) => r.name)).toEqual([...RESOURCE_NAMES]);
  });

  it("refuses an unknown name when compiling", () => {
    // @ts-expect-error "kanban-cards" is not a resource name
    expect(() => resourceByName("kanban-cards").name).toThrow();
    // @ts-expect-error a ref to an unknown resource
    const typo: FieldDecl = { name: "project_id", type: "ref", ref: "projekt" };
    expect(typo.ref).toBe("projekt");
  });

  it("refuses a name that is listed but not declared", () => {
    const one: ResourceDecl = { name: "currency", scope: "company", labelField: "code", operations: ["search"], fields: [{ name: "code", type: "string" }] };
    expect(() => resolveAll([one], ["currency", "unit"])).toThrow(/"unit" is listed/);
    expect(() => resolveAll([one, one], ["currency"])).toThrow(/declared twice/);
  });
});

describe("rights per operation", () => {
  const rights = (name: Parameters<typeof resourceByName>[0]) => {
    const r = resourceByName(name);
    return Object.fromEntries(r.operations.map((o) => [o.name, describeRight(o.right, r.access)]));
  };

  it("gives each standard operation the right of its path's row, on the resource's menu", () => {
    expect(rights("image")).toMatchObject({ upload: "create", multipleUpload: "create", one: "read", delete: "delete", multipleDelete: "delete" });
    expect(rights("alert")).toMatchObject({ add: "create", search: "read", editStatusView: "update" });
    expect(rights("waypoint-monitoring")).toMatchObject({ searchByUser: "read" });
  });

  it("takes a custom operation's right from its declaration, never from its method", () => {
    // POSTs that write (a method would have called them reads).
    expect(rights("human-resource")).toMatchObject({ invite: "create", import: "create", importPreview: "create", reinvite: "update", disable: "update" });
    expect(rights("timesheet")).toMatchObject({ approve: "approveTimesheets", reopen: "approveTimesheets", correct: "correctTimesheets", search: "read" });
    expect(rights("presence")).toMatchObject({ clockIn: "self (presence)", clockOut: "self (presence)", today: "self, read (presence)", attendanceToday: "read" });
    expect(rights("waypoint")).toMatchObject({ addBatch: "self", search: "read" });
    expect(rights("role")).toMatchObject({ viewAs: "viewAsRole" });
    expect(rights("menu")).toMatchObject({ management: "read or role-menu: read" });
    expect(rights("product-transaction-user")).toMatchObject({ notification: "public", add: "create" });
  });

  it("says which operations write: read-only sessions are refused those", () => {
    const writes = (name: Parameters<typeof resourceByName>[0]) => Object.fromEntries(resourceByName(name).operations.map((o) => [o.name, o.writes]));
    expect(writes("presence")).toMatchObject({ clockIn: true, clockOut: true, today: false, search: false });
    expect(writes("waypoint")).toMatchObject({ addBatch: true, search: false });
    expect(writes("human-resource")).toMatchObject({ invite: true, import: true, search: false, listAssignActivity: false });
    expect(writes("timesheet")).toMatchObject({ approve: true, reopen: true, correct: true, search: false });
  });

  it("lets a company past its subscription write only its renewal and a panic alarm", () => {
    const may = ALL_RESOURCES.flatMap((r) => r.operations.filter((o) => o.writes && o.expiredCompanyMay).map((o) => `${r.name}.${o.name}`));
    expect(may.sort()).toEqual(["panic-button.add", "product-transaction-user.add", "product-transaction.add", "product-transaction.update"]);
  });

  it("refuses a custom operation that states no right", () => {
    const decl = { name: "currency", scope: "company", labelField: "code", operations: [{ name: "x", method: "POST", path: "x" }], fields: [{ name: "code", type: "string" }] };
    expect(() => resolveAll([decl as unknown as ResourceDecl])).toThrow(/states no right/);
  });

  it("names the person of every sign-off (nobody approves their own timesheet)", () => {
    const signOffs = ALL_RESOURCES.flatMap((r) => r.operations.filter((o) => o.signOff).map((o) => `${r.name}.${o.name}`));
    expect(signOffs.sort()).toEqual(["timesheet.approve", "timesheet.approveMany", "timesheet.correct", "timesheet.reopen"]);
  });
});

describe("row visibility", () => {
  it("declares whose rows are private: attendance, tracks, permits, panic presses, K3 reports, alerts, tracking apps' keys, the timesheet and the reads computed over them", () => {
    const rules = Object.fromEntries(ALL_RESOURCES.filter((r) => r.rowVisibility).map((r) => [r.name, r.rowVisibility]));
    expect(rules).toEqual({
      presence: { person: "user_id", project: "project_id" },
      "panic-button": { person: "user_id", project: "project_id" },
      "control-monitoring": { person: "user_id" },
      "map-monitoring": { person: "user_id" },
      timesheet: { person: "user_id" },
      waypoint: { person: "user_id" },
      permit: { person: "user_id" },
      "report-k3": { person: "reporter_id", project: "project_id" },
      alert: { person: "user_id", project: "project_id" },
      "alert-to-user": { person: "user_id" },
      "waypoint-monitoring": { person: "user_id" },
      "employee-daily-report": { person: "user_id" },
      "device-key": { person: "user_id" },
    });
    expect(resourceByName("role-menu").fields.find((f) => f.name === "row_scope")).toMatchObject({ type: "enum", options: ["own", "projects", "company"], required: false });
  });

  it("refuses a rule naming a field that is not a ref to a person or a project", () => {
    const decl = (rowVisibility: ResourceDecl["rowVisibility"]): ResourceDecl => ({
      name: "permit",
      scope: "platform", // no implicit company ref: only these two resources resolve
      labelField: "reason",
      operations: ["search"],
      rowVisibility,
      fields: [
        { name: "reason", type: "string" },
        { name: "user_id", type: "ref", ref: "human-resource" },
      ],
    });
    const people: ResourceDecl = { name: "human-resource", scope: "platform", labelField: "name", operations: ["search"], fields: [{ name: "name", type: "string" }] };
    expect(() => resolveAll([people, decl({ person: "user_id" })])).not.toThrow();
    expect(() => resolveAll([people, decl({ person: "reason" })])).toThrow(/rowVisibility names "reason"/);
    expect(() => resolveAll([people, decl({ person: "user_id", project: "user_id" })])).toThrow(/not a ref to project/);
  });
});
