// The permission matrix (#/role-menu?role=N) against the contract mock: the role's menus under
// their sections with its rights, edits marked as unsaved, whole-row and whole-column switches,
// the filter, the preview of the sider and home from the edited matrix, and the save: one
// replace-byrole request with every right; refused, the edits stay and the user reads that the
// role kept its old rights.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { mockApi, renderCrud } from "./crud/harness";
import { server } from "./msw";
import type { InstalledContractMock } from "../mocks";
import { LOAD } from "./support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("role", [{ id: 4, name: "Supervisor", role_type: "supervisor" }]);
  api.db.seed("menu", [
    { id: 1, name: "Projects", alias: "projects", url: null, order: 1, parent_id: null },
    { id: 2, name: "Project", alias: "project", url: "/project", icon: "ProjectOutlined", order: 2, parent_id: 1 },
    { id: 3, name: "Issue", alias: "issue", url: "/issue", order: 3, parent_id: 1 },
    { id: 4, name: "Field", alias: "field", url: null, order: 4, parent_id: null },
    { id: 5, name: "Presence", alias: "presence", url: "/presence", order: 5, parent_id: 4 },
  ]);
  api.db.seed("role-menu", [
    { role_id: 4, menu_id: 1, can_add: false, can_edit: false, can_delete: false },
    { role_id: 4, menu_id: 2, can_add: false, can_edit: true, can_delete: false },
    { role_id: 4, menu_id: 3, can_add: true, can_edit: true, can_delete: false, row_scope: "own" },
  ]);
});

const cell = (right: string, menu: string) => screen.getByRole("checkbox", { name: `${right}: ${menu}` });

async function openMatrix(lang: "en" | "id" = "en") {
  const view = await renderCrud("/role-menu?role=4", { lang });
  await screen.findByRole("checkbox", { name: lang === "en" ? "Read: Attendance" : "Lihat: Presensi" }, LOAD);
  return view;
}

describe("permission matrix", () => {
  it("shows the role's rights per menu under their sections", async () => {
    await openMatrix();
    expect(cell("Read", "Projects")).toBeChecked();
    expect(cell("Update", "Projects")).toBeChecked();
    expect(cell("Create", "Projects")).not.toBeChecked();
    expect(cell("Create", "Issues")).toBeChecked();
    expect(cell("Read", "Attendance")).not.toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("No unsaved changes");
  });

  it("saves every right in one replace-byrole request and marks nothing unsaved after", async () => {
    await openMatrix();
    api.clearLog();
    fireEvent.click(cell("Read", "Issues")); // off: the other rights go too
    fireEvent.click(cell("Delete", "Attendance")); // on: read comes with it
    expect(cell("Read", "Attendance")).toBeChecked();
    expect(cell("Create", "Issues")).not.toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("2 menus with unsaved changes");
    expect(screen.getAllByText("changed")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: /Save rights/ }));
    await waitFor(() => expect(api.requests("PUT", "role-menu/replace-byrole/4")).toHaveLength(1));
    expect(api.requests("PUT", "role-menu/replace-byrole/4")[0]!.body).toEqual({
      rights: [
        { menu_id: 1, can_add: false, can_edit: false, can_delete: false, row_scope: null },
        { menu_id: 2, can_add: false, can_edit: true, can_delete: false, row_scope: null },
        { menu_id: 5, can_add: false, can_edit: false, can_delete: true, row_scope: null },
      ],
    });
    // No delete-byrole + add pair: the one request replaces them.
    expect(api.requests("DELETE", /role-menu\/delete-byrole/)).toHaveLength(0);
    expect(api.requests("POST", "role-menu/add")).toHaveLength(0);
    expect(await screen.findByText("The rights of Supervisor are saved.", {}, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("No unsaved changes"));
    expect(
      api.db
        .rows("role-menu")
        .filter((r) => r.role_id === 4)
        .map((r) => r.menu_id),
    ).toEqual([1, 2, 5]);
  });

  it("a refused save keeps the edits marked and says the role kept its old rights", async () => {
    await openMatrix();
    server.use(http.put(/\/api\/role-menu\/replace-byrole\/4$/, () => HttpResponse.json({ status: false, key: "server_error", message: "Server fault" }, { status: 500 })));
    fireEvent.click(cell("Read", "Attendance"));
    fireEvent.click(screen.getByRole("button", { name: /Save rights/ }));
    expect(await screen.findByText("The rights were not saved: the role keeps its previous rights.", {}, LOAD)).toBeInTheDocument();
    expect(cell("Read", "Attendance")).toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("1 menu with unsaved changes");
    // The mock's rows are untouched.
    expect(
      api.db
        .rows("role-menu")
        .filter((r) => r.role_id === 4)
        .map((r) => r.menu_id),
    ).toEqual([1, 2, 3]);
  });

  it("whole-column and whole-row switches act on the menus the filter shows", async () => {
    await openMatrix();
    fireEvent.change(screen.getByRole("searchbox", { name: "Filter menus" }), { target: { value: "pres" } });
    await waitFor(() => expect(screen.queryByRole("checkbox", { name: "Read: Projects" })).toBeNull());
    fireEvent.click(screen.getByRole("checkbox", { name: "Create on every menu shown" }));
    expect(cell("Create", "Attendance")).toBeChecked();
    fireEvent.change(screen.getByRole("searchbox", { name: "Filter menus" }), { target: { value: "" } });
    await screen.findByRole("checkbox", { name: "Read: Projects" });
    // Project was not shown: untouched.
    expect(cell("Create", "Projects")).not.toBeChecked();
    fireEvent.click(screen.getByRole("checkbox", { name: "All rights on Projects" }));
    for (const right of ["Read", "Create", "Update", "Delete"]) expect(cell(right, "Projects")).toBeChecked();
  });

  it("preview shows the sider and home a user of the role would get from the edited matrix, unsaved", async () => {
    await openMatrix();
    fireEvent.click(cell("Read", "Issues"));
    fireEvent.click(cell("Read", "Attendance"));
    api.clearLog();
    fireEvent.click(screen.getByRole("button", { name: /Preview as this role/ }));
    const sider = await screen.findByTestId("preview-sider", {}, LOAD);
    await waitFor(() => expect(within(sider).getByText("Attendance")).toBeInTheDocument());
    expect(within(sider).queryByText("Issues")).toBeNull();
    expect(within(sider).getByText("Field")).toBeInTheDocument();
    const home = screen.getByTestId("preview-home");
    expect(within(home).getByText("Attendance")).toBeInTheDocument();
    expect(within(home).queryByRole("link")).toBeNull();
    // Nothing was sent: the preview is the edited matrix, not saved.
    expect(api.requests("PUT", /replace-byrole/)).toHaveLength(0);
  });

  it("speaks Indonesian", async () => {
    await openMatrix("id");
    expect(screen.getByRole("heading", { name: "Peran dan hak akses" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Simpan hak akses/ })).toBeDisabled();
  });
});
