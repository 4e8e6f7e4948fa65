// The owner's menu page (#/menu) against the contract mock: a menu moved with the keyboard alone
// (space, arrow, space) on its handle is saved as menu update/{id} with its new order (and a
// menu dropped among another section's menus gets that parent); the per-company checklist sends
// add-multiple for new menus and switches removed ones off.
// jsdom lays nothing out: each line's box is given here as the list would draw it (40 px apart).
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderCrud } from "./crud/harness";
import { OWNER_USER, type InstalledContractMock } from "../mocks";
import { LOAD } from "./support/waits";

let api: InstalledContractMock;

function box(top: number, height: number) {
  return { x: 0, y: top, left: 0, top, width: 600, height, right: 600, bottom: top + height, toJSON: () => ({}) } as DOMRect;
}
function layOut() {
  return vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const li = this.closest("li[data-testid^='menu-line-']");
    if (!li) return box(0, 2000);
    return box([...li.parentElement!.children].indexOf(li) * 40, 36);
  });
}

beforeEach(() => {
  api = mockApi({ users: [OWNER_USER] });
  api.db.seed("menu", [
    { id: 1, name: "Projects", alias: "projects", url: null, order: 10, parent_id: null },
    { id: 2, name: "Project", alias: "project", url: "/project", order: 10, parent_id: 1 },
    { id: 3, name: "Issue", alias: "issue", url: "/issue", order: 20, parent_id: 1 },
    { id: 4, name: "Field", alias: "field", url: null, order: 20, parent_id: null },
    { id: 5, name: "Presence", alias: "presence", url: "/presence", order: 10, parent_id: 4 },
  ]);
});
afterEach(() => vi.restoreAllMocks());

async function keyboardMove(name: string, steps: number) {
  const handle = screen.getByRole("button", { name });
  handle.focus();
  await act(async () => void fireEvent.keyDown(handle, { code: "Space", key: " " }));
  await waitFor(() => expect(handle).toHaveAttribute("aria-pressed", "true"));
  await act(() => new Promise((next) => setTimeout(next)));
  for (let i = 0; i < Math.abs(steps); i++) {
    const key = steps > 0 ? "ArrowDown" : "ArrowUp";
    await act(async () => void fireEvent.keyDown(document, { code: key, key }));
  }
  await act(async () => void fireEvent.keyDown(document, { code: "Space", key: " " }));
}

describe("menu tree", () => {
  it("a menu moved up among its section's menus is saved with the new orders", async () => {
    await renderCrud("/menu", { roleType: "owner" });
    await screen.findByRole("button", { name: "Move menu: Issues" }, LOAD);
    layOut();
    api.clearLog();
    await keyboardMove("Move menu: Issues", -1);
    await waitFor(() => expect(api.requests("PUT", /^menu\/update\//)).toHaveLength(2), LOAD);
    expect(api.requests("PUT", "menu/update/3")[0]!.body).toEqual({ parent_id: 1, order: 10 });
    expect(api.requests("PUT", "menu/update/2")[0]!.body).toEqual({ parent_id: 1, order: 20 });
  });

  it("a menu dropped among another section's menus moves under it", async () => {
    await renderCrud("/menu", { roleType: "owner" });
    await screen.findByRole("button", { name: "Move menu: Issues" }, LOAD);
    layOut();
    api.clearLog();
    await keyboardMove("Move menu: Issues", 2);
    await waitFor(() => expect(api.requests("PUT", "menu/update/3")).toHaveLength(1), LOAD);
    expect(api.requests("PUT", "menu/update/3")[0]!.body).toEqual({ parent_id: 4, order: 20 });
    expect(api.db.find("menu", 3)).toMatchObject({ parent_id: 4, order: 20 });
  });
});

describe("menus per company", () => {
  it("adds the checked menus with add-multiple and switches the unchecked ones off", async () => {
    api.db.seed("company-management", [{ id: 7, name: "PT Maju", code: "MJ", industry: "construction", email: "a@maju.test", status: "active" }]);
    api.db.seed("menu-company", [
      { id: 1, company_id: 7, menu_id: 1, is_active: true },
      { id: 2, company_id: 7, menu_id: 2, is_active: true },
    ]);
    await renderCrud("/menu", { roleType: "owner" });
    fireEvent.click(await screen.findByRole("tab", { name: "Menus per company" }, LOAD));
    const select = await screen.findByRole("combobox", { name: "Company" }, LOAD);
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle("PT Maju", {}, LOAD));
    const issues = await screen.findByRole("checkbox", { name: "Issues" }, LOAD);
    // The section "Projects" comes before its menu "Projects".
    const section = () => screen.getAllByRole("checkbox", { name: "Projects" })[0]!;
    expect(section()).not.toBeChecked(); // partly: Issues is not the company's
    fireEvent.click(issues);
    expect(section()).toBeChecked();
    fireEvent.click(section()); // the whole section off
    fireEvent.click(screen.getByRole("checkbox", { name: "Attendance" }));
    api.clearLog();
    fireEvent.click(screen.getByRole("button", { name: "Save the company's menus" }));
    await waitFor(() => expect(api.requests("POST", "menu-company/add-multiple")).toHaveLength(1), LOAD);
    expect(api.requests("POST", "menu-company/add-multiple")[0]!.body).toEqual({ items: [{ company_id: 7, menu_id: 5, is_active: true }] });
    await waitFor(() => expect(api.requests("PUT", /^menu-company\/update\//)).toHaveLength(2));
    expect(api.db.find("menu-company", 1)).toMatchObject({ is_active: false });
    expect(api.db.find("menu-company", 2)).toMatchObject({ is_active: false });
  });
});
