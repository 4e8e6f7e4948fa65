// Access control from the stored menus (docs/api.md "Access rules").
import { describe, expect, it } from "vitest";
import { accessControlProvider, shownInMenu } from "../../src/providers/accessControlProvider";
import { menu, signIn } from "./support/session";

const can = async (resource: string | undefined, action: string, params?: Record<string, unknown>) => (await accessControlProvider.can({ resource, action, params })).can;

describe("access control", () => {
  it("hides what is not allowed (buttons too)", () => {
    expect(accessControlProvider.options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
  });

  it("nothing without a session", async () => {
    expect(await can("divisi", "list")).toBe(false);
    expect(await can("currency", "list")).toBe(false);
  });

  it("a held menu grants its resource; its rights gate create, edit and delete", async () => {
    signIn([menu(1, "masterData"), menu(2, "divisi", 1, { can_add: false, can_edit: true, can_delete: false })]);
    expect(await can("divisi", "list")).toBe(true);
    expect(await can("divisi", "show")).toBe(true);
    expect(await can("divisi", "create")).toBe(false);
    expect(await can("divisi", "clone")).toBe(false);
    expect(await can("divisi", "edit")).toBe(true);
    expect(await can("divisi", "delete")).toBe(false);
    expect(await can("satuan", "list")).toBe(false);
  });

  it("follows the stored menus as soon as they change (rights renewed, another sign-in), though they are read once per change", async () => {
    signIn([menu(1, "masterData"), menu(2, "divisi", 1, { can_add: false })]);
    expect(await can("divisi", "create")).toBe(false);
    expect(await can("divisi", "create")).toBe(false);
    signIn([menu(1, "masterData"), menu(2, "divisi", 1, { can_add: true })]);
    expect(await can("divisi", "create")).toBe(true);
    signIn([menu(1, "masterData"), menu(3, "satuan", 1)]);
    expect(await can("divisi", "list")).toBe(false);
    expect(await can("satuan", "list")).toBe(true);
    expect(shownInMenu("satuan")).toBe(true);
    localStorage.removeItem("menus");
    expect(await can("satuan", "list")).toBe(false);
  });

  it("a resource used through another's menu (access) follows that menu", async () => {
    signIn([menu(1, "issue", null, { can_add: false })]);
    expect(await can("issue-reply", "list")).toBe(true);
    expect(await can("issue-reply", "create")).toBe(false);
    expect(await can("waypoint", "list")).toBe(false);
  });

  it("'authenticated' resources are open to everyone signed in", async () => {
    signIn([]);
    expect(await can("currency", "list")).toBe(true);
    expect(await can("alert-to-user", "list")).toBe(true);
  });

  it("the sider links only the menus the login answer gave, 'authenticated' resources included", () => {
    signIn([menu(1, "projects"), menu(2, "project", 1)]);
    expect(shownInMenu("project")).toBe(true);
    // "My tasks" is open to everyone signed in, but this role was not given its menu.
    expect(shownInMenu("task")).toBe(false);
    expect(shownInMenu("divisi")).toBe(false);
    signIn([menu(1, "projects"), menu(2, "project", 1), menu(3, "task", 1)]);
    expect(shownInMenu("task")).toBe(true);
  });

  it("platform data is written by the platform owner only", async () => {
    signIn([menu(1, "package-management")], "admin");
    expect(await can("package-management", "list")).toBe(true);
    expect(await can("package-management", "edit")).toBe(false);
    signIn([menu(1, "package-management")], "owner");
    expect(await can("package-management", "edit")).toBe(true);
  });

  it("a menu-group parent shows when one of its children is allowed", async () => {
    signIn([menu(1, "masterData"), menu(2, "divisi", 1)]);
    expect(await can("masterData", "list")).toBe(true);
    expect(await can("sales", "list")).toBe(false);
    // as the sider asks: with the group's children
    const children = [
      { name: "satuan", children: [] },
      { name: "divisi", children: [] },
    ];
    expect(await can("group-x", "list", { resource: { name: "group-x", children } })).toBe(true);
    expect(await can("group-y", "list", { resource: { name: "group-y", children: [{ name: "satuan", children: [] }] } })).toBe(false);
  });

  it("an undeclared name is allowed only by a menu of that alias", async () => {
    signIn([menu(1, "dashboard")]);
    expect(await can("dashboard", "list")).toBe(true);
    expect(await can("reports", "list")).toBe(false);
  });
});
