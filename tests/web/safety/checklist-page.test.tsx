// A K3 checklist's page (checklist-k3's bespoke show page) against the contract mock: its
// details, the projects already using it (project-to-checklist-k3 searched for this checklist
// only), and assigning it to several projects at once (project-to-checklist-k3 add-multiple, one
// item per project; a project that has it already is said, not stored twice); a refusal says the
// server's reason and keeps the dialog open.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { mockApi, renderCrud } from "../crud/harness";
import { server } from "../msw";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("checklist-k3", [
    { id: 1, name: "Helmet and harness", category: "ppe", is_mandatory: true, order: 1 },
    { id: 2, name: "Fire extinguisher checked", category: "emergency", is_mandatory: true, order: 2 },
  ]);
  api.db.seed("project", [
    { id: 10, name: "Tower Alpha", code: "TA", start_date: "2026-01-01", end_date: "2026-12-31", status: "planning" },
    { id: 11, name: "Fibre Beta", code: "FB", start_date: "2026-01-01", end_date: "2026-12-31", status: "planning" },
    { id: 12, name: "Bridge Gamma", code: "BG", start_date: "2026-01-01", end_date: "2026-12-31", status: "planning" },
  ]);
  api.db.seed("project-to-checklist-k3", [
    { id: 1, project_id: 10, checklist_k3_id: 1, is_required: true },
    { id: 2, project_id: 11, checklist_k3_id: 2, is_required: true },
  ]);
});

type User = Awaited<ReturnType<typeof renderCrud>>["user"];
async function chooseProjects(user: User, dialog: HTMLElement, label: string, names: string[]) {
  await user.click(within(dialog).getByRole("combobox", { name: label }));
  for (const name of names) {
    const option = await waitFor(() => {
      const o = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")].find(
        (x) => x.getAttribute("title") === name,
      );
      if (!o) throw new Error(`no ${name}`);
      return o;
    });
    await user.click(option);
  }
}

describe("a K3 checklist's page", () => {
  it("lists the projects using it and assigns it to two more at once", async () => {
    const { user } = await renderCrud("/checklist-k3/show/1");
    await screen.findByText("Helmet and harness", {}, LOAD);
    const projects = await screen.findByRole("region", { name: "Projects using this checklist" });
    await within(projects).findByText("Tower Alpha");
    expect(within(projects).queryByText("Fibre Beta")).toBeNull();
    expect(api.requests("POST", "project-to-checklist-k3/search").at(-1)!.body).toMatchObject({ columns: [{ data: "checklist_k3_id", operator: "=", value: 1 }] });

    await user.click(screen.getByRole("button", { name: /Assign to projects/ }));
    const dialog = await screen.findByRole("dialog");
    await chooseProjects(user, dialog, "Projects", ["Fibre Beta", "Bridge Gamma"]);
    await user.click(within(dialog).getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("POST", "project-to-checklist-k3/add-multiple")).toHaveLength(1));
    expect(api.requests("POST", "project-to-checklist-k3/add-multiple")[0]!.body).toEqual({
      items: [
        { project_id: 11, checklist_k3_id: 1, is_required: true },
        { project_id: 12, checklist_k3_id: 1, is_required: true },
      ],
    });
    expect(await screen.findByText("The checklist is assigned to 2 projects")).toBeInTheDocument();
    await within(projects).findByText("Bridge Gamma");
    expect(within(projects).getByText("Fibre Beta")).toBeInTheDocument();
  });

  it("a project that has the checklist already is said, not stored twice", async () => {
    const { user } = await renderCrud("/checklist-k3/show/1");
    await screen.findByText("Helmet and harness", {}, { timeout: 15000 });
    await user.click(screen.getByRole("button", { name: /Assign to projects/ }));
    const dialog = await screen.findByRole("dialog");
    await chooseProjects(user, dialog, "Projects", ["Tower Alpha", "Fibre Beta"]);
    await user.click(within(dialog).getByRole("button", { name: /Save/ }));
    expect(await screen.findByText("1 added; 1 already there.")).toBeInTheDocument();
    expect(api.db.rows("project-to-checklist-k3").filter((x) => x.checklist_k3_id === 1 && x.project_id === 10)).toHaveLength(1);
  });

  it("a refused assignment says the server's reason in Indonesian and keeps the choices", async () => {
    const { user } = await renderCrud("/checklist-k3/show/2", { lang: "id" });
    await screen.findByText("Fire extinguisher checked", {}, LOAD);
    server.use(http.post(/\/api\/project-to-checklist-k3\/add-multiple$/, () => HttpResponse.json({ status: false, message: "Already assigned" }, { status: 409 })));
    await user.click(screen.getByRole("button", { name: /Tugaskan ke proyek/ }));
    const dialog = await screen.findByRole("dialog");
    await chooseProjects(user, dialog, "Proyek", ["Tower Alpha"]);
    await user.click(within(dialog).getByRole("button", { name: /Simpan/ }));
    expect(await screen.findByText("Already assigned")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeVisible();
    expect(api.db.rows("project-to-checklist-k3")).toHaveLength(2);
  });
});
