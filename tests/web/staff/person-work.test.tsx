// A person's work on their page: their projects, shifts and activities (each list asked for this
// person only), adding them to several projects at once (user-to-proyek add-multiple), and a new
// invitation (human-resource invite/{id}).
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { mockApi, renderCrud, waitForTitle } from "../crud/harness";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("role", [{ id: 2, name: "Field worker", role_type: "worker" }]);
  api.db.seed("human-resource", [
    { id: 3, name: "Wati Worker", email: "wati@demo.test", employee_type: "daily", role_id: 2, is_active: true },
    { id: 4, name: "Other Person", email: "other@demo.test", employee_type: "daily", role_id: 2, is_active: true },
  ]);
  api.db.seed("project-role", [{ id: 1, name: "Surveyor" }]);
  api.db.seed("project", [
    { id: 10, name: "Tower Alpha", code: "TA", start_date: "2026-01-01", end_date: "2026-12-31", status: "planning" },
    { id: 11, name: "Fibre Beta", code: "FB", start_date: "2026-01-01", end_date: "2026-12-31", status: "planning" },
    { id: 12, name: "Bridge Gamma", code: "BG", start_date: "2026-01-01", end_date: "2026-12-31", status: "planning" },
  ]);
  api.db.seed("user-to-proyek", [
    { id: 1, user_id: 3, project_id: 10, is_active: true },
    { id: 2, user_id: 4, project_id: 11, is_active: true },
  ]);
});

describe("a person's work", () => {
  it("lists their projects only and adds them to several projects at once", async () => {
    const { user } = await renderCrud("/human-resource/show/3");
    await waitForTitle("Wati Worker");
    const projects = await screen.findByRole("region", { name: "Projects" });
    await within(projects).findByText("Tower Alpha");
    expect(within(projects).queryByText("Fibre Beta")).toBeNull();
    const search = api.requests("POST", "user-to-proyek/search").at(-1)!;
    expect(search.body).toMatchObject({ columns: [{ data: "user_id", operator: "=", value: 3 }] });
    expect(screen.getByRole("tab", { name: "Shifts" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Activities" })).toBeInTheDocument();

    await user.click(within(projects).getByRole("button", { name: /Add to projects/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByLabelText("Projects"));
    for (const name of ["Fibre Beta", "Bridge Gamma"]) {
      const option = await waitFor(() => {
        const o = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")].find(
          (x) => x.getAttribute("title") === name,
        );
        if (!o) throw new Error(`no ${name}`);
        return o;
      });
      await user.click(option);
    }
    await user.click(within(dialog).getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("POST", "user-to-proyek/add-multiple")).toHaveLength(1));
    expect(api.requests("POST", "user-to-proyek/add-multiple")[0].body).toMatchObject({
      items: [
        { user_id: 3, project_id: 11, is_active: true },
        { user_id: 3, project_id: 12, is_active: true },
      ],
    });
    await within(projects).findByText("Bridge Gamma");
  });

  it("sends a new invitation", async () => {
    const { user } = await renderCrud("/human-resource/show/3");
    await waitForTitle("Wati Worker");
    await user.click(await screen.findByRole("button", { name: /New invitation/ }));
    await user.click(within(await screen.findByRole("tooltip")).getByRole("button", { name: /Send invitation/ }));
    await waitFor(() => expect(api.requests("POST", "human-resource/invite/3")).toHaveLength(1));
    await screen.findByText("A new link went to wati@demo.test.");
  });
});
