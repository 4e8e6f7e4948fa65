// The generated screens on a resource with refs, enums, money, dates and a two-key delete path
// (project: edit/{id}, update/{id}, delete/{company_id}/{id}).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultMenus, type InstalledContractMock } from "../../mocks";
import { server } from "../msw";
import { bodyRows, control, fieldError, headerTexts, mockApi, pick, renderCrud, rowTexts, typeDate, waitForRows, waitForTitle } from "./harness";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("currency", [{ code: "IDR", name: "Rupiah", symbol: "Rp", decimal_places: 0, is_default: true }]);
  api.db.seed("project-type", [
    { id: 1, name: "Fibre rollout" },
    { id: 2, name: "Building" },
  ]);
  api.db.seed("project-phase", [{ id: 1, name: "Design" }]);
  api.db.seed("human-resource", [{ id: 3, name: "Budi Santoso", email: "budi@demo.test", employee_type: "permanent", role_id: 1 }]);
  api.db.seed("project", [
    {
      id: 5,
      name: "Tower A",
      code: "P-005",
      project_type_id: 2,
      project_phase_id: 1,
      manager_id: 3,
      client_name: null,
      start_date: "2026-03-01",
      end_date: "2026-12-31",
      budget: 1500000000,
      status: "in_progress",
      progress: 42,
    },
    {
      id: 6,
      name: "FTTH Cluster 7",
      code: "P-006",
      project_type_id: 1,
      project_phase_id: null,
      manager_id: null,
      client_name: "PT Telkom",
      start_date: "2026-01-15",
      end_date: "2026-06-30",
      budget: null,
      status: "planning",
      progress: 0,
    },
  ]);
});

const normalise = (s: string) => s.replace(/\u00a0/g, " ");

describe("generated list (project)", () => {
  it("shows ref labels, translated enums, money in the company currency, dates and percent", async () => {
    await renderCrud("/project");
    await waitForRows(2);
    expect(headerTexts()).toEqual(expect.arrayContaining(["Project type", "Project manager", "Start date", "Contract value", "Status", "Progress"]));
    const [first, second] = rowTexts().map((r) => r.map(normalise));
    const col = (name: string) => headerTexts().indexOf(name);
    // Default order of the declaration: start_date descending.
    expect(first[col("Name")]).toBe("Tower A");
    expect(first[col("Project type")]).toBe("Building");
    expect(first[col("Project phase")]).toBe("Design");
    expect(first[col("Project manager")]).toBe("Budi Santoso");
    expect(first[col("Start date")]).toBe("01-03-2026");
    expect(first[col("Contract value")]).toBe("IDR 1,500,000,000");
    expect(first[col("Status")]).toBe("In progress");
    expect(first[col("Progress")]).toBe("42%");
    expect(second[col("Project manager")]).toBe("-");
    expect(second[col("Contract value")]).toBe("-");
    expect(api.requests("POST", "project/search")[0].body).toMatchObject({ orders: { columns: ["start_date"], ascending: false } });
  });

  it("formats money and labels in Indonesian", async () => {
    await renderCrud("/project", { lang: "id" });
    await waitForRows(2);
    const cells = rowTexts()[0].map(normalise);
    expect(cells).toContain("Rp 1.500.000.000");
    expect(cells).toContain("Berjalan");
    expect(headerTexts()).toContain("Nilai kontrak");
  });

  it("filters by enum and ref with '=' and keeps them in the URL", async () => {
    const { user, location } = await renderCrud("/project");
    await waitForRows(2);
    await pick(user, "Status", "Planning");
    await waitForRows(1);
    expect(api.requests("POST", "project/search").at(-1)!.body).toMatchObject({ columns: [{ data: "status", value: "planning", operator: "=" }] });
    await pick(user, "Project type", "Fibre rollout");
    await waitFor(() =>
      expect(api.requests("POST", "project/search").at(-1)!.body).toMatchObject({
        columns: expect.arrayContaining([{ data: "project_type_id", value: 1, operator: "=" }]),
      }),
    );
    await waitFor(() => expect(location.search).toMatch(/filters\[\d\]\[field\]=project_type_id&filters\[\d\]\[operator\]=eq&filters\[\d\]\[value\]=1/));
    expect(location.search).toMatch(/filters\[\d\]\[field\]=status/);
  });

  it("asks 'Delete this data ?' / 'Are you sure ?' and deletes through delete/{company_id}/{id}", async () => {
    const { user } = await renderCrud("/project");
    await waitForRows(2);
    const row = bodyRows().find((r) => r.textContent?.includes("Tower A"))!;
    await user.click(await within(row).findByRole("button", { name: "Delete" }));
    const pop = await screen.findByRole("tooltip");
    expect(within(pop).getByText("Delete this data ?")).toBeInTheDocument();
    expect(within(pop).getByText("Are you sure ?")).toBeInTheDocument();
    await user.click(within(pop).getByRole("button", { name: "Delete" }));
    await waitForRows(1);
    expect(api.requests("DELETE", /^project\//).map((r) => r.path)).toEqual(["project/delete/1/5"]);
    expect(api.db.rows("project").map((p) => p.id)).toEqual([6]);
  });

  it("hides create, edit and delete when the role's menu lacks the rights", async () => {
    const { defaultMenus } = await import("../../mocks");
    await renderCrud("/project", { menus: defaultMenus({ project: { can_add: false, can_edit: false, can_delete: false } }) });
    await waitForRows(2);
    await waitFor(() => expect(within(bodyRows()[0]).queryAllByRole("button")).toHaveLength(1)); // show only
    expect(screen.queryByRole("button", { name: /Create/ })).toBeNull();
    expect(within(bodyRows()[0]).queryByRole("button", { name: "Delete" })).toBeNull();
  });
});

describe("generated form (project)", () => {
  it("creates: sends the typed values in wire format, with the declaration's defaults", async () => {
    const { user, location } = await renderCrud("/project/create");
    await waitForTitle("New project");
    expect(control("Progress")).toHaveValue("0"); // default
    fireEvent.change(control("Name"), { target: { value: "Bridge B" } });
    fireEvent.change(control("Code"), { target: { value: "P-100" } });
    await pick(user, "Project type", "Building");
    await typeDate(user, "Start date", "01-02-2026");
    await typeDate(user, "End date", "30-11-2026");
    fireEvent.change(control("Contract value"), { target: { value: "2500000" } });
    await user.click(screen.getByRole("button", { name: /Save/ }));
    // Generous limits: under the whole suite's load the save and the redirect take over a second.
    await waitFor(() => expect(api.requests("POST", "project/add")).toHaveLength(1), LOAD);
    expect(api.requests("POST", "project/add")[0].body).toEqual(
      expect.objectContaining({
        name: "Bridge B",
        code: "P-100",
        project_type_id: 2,
        start_date: "2026-02-01",
        end_date: "2026-11-30",
        budget: 2500000,
        status: "planning",
        progress: 0,
      }),
    );
    await waitFor(() => expect(location.pathname).toBe("/project"), LOAD);
    expect(api.db.rows("project").find((p) => p.code === "P-100")).toMatchObject({ name: "Bridge B", company_id: 1 });
  });

  it("marks required fields with 'Required' before sending anything", async () => {
    const { user } = await renderCrud("/project/create");
    await waitForTitle("New project");
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(fieldError("Name")).toBe("Required"));
    expect(fieldError("Code")).toBe("Required");
    expect(fieldError("Project type")).toBe("Required");
    expect(api.requests("POST", "project/add")).toHaveLength(0);
  });

  it("shows a 400's field errors on the fields and keeps the typed values", async () => {
    server.use(
      http.post(/\/api\/project\/add$/, () =>
        HttpResponse.json({ status: false, message: "Invalid data", errors: { code: "Code P-100 is reserved", end_date: "End date is before the start" } }, { status: 400 }),
      ),
    );
    const { user, location } = await renderCrud("/project/create");
    await waitForTitle("New project");
    fireEvent.change(control("Name"), { target: { value: "Bridge B" } });
    fireEvent.change(control("Code"), { target: { value: "P-100" } });
    await pick(user, "Project type", "Building");
    await typeDate(user, "Start date", "01-02-2026");
    await typeDate(user, "End date", "30-01-2026");
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(fieldError("Code")).toBe("Code P-100 is reserved"));
    expect(fieldError("End date")).toBe("End date is before the start");
    expect(control("Name")).toHaveValue("Bridge B");
    expect(control("Code")).toHaveValue("P-100");
    expect(location.pathname).toBe("/project/create");
  });

  it("edits: reads through edit/{id} and PUTs update/{id}", async () => {
    const { user, location } = await renderCrud("/project/edit/5");
    await waitFor(() => expect(control("Name")).toHaveValue("Tower A"), LOAD);
    expect(api.requests("GET", "project/edit/5")).toHaveLength(1);
    expect(control("Start date")).toHaveValue("01-03-2026");
    fireEvent.change(control("Name"), { target: { value: "Tower A2" } });
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("PUT", "project/update/5")).toHaveLength(1));
    const body = api.requests("PUT", "project/update/5")[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Tower A2", code: "P-005", project_type_id: 2, manager_id: 3, start_date: "2026-03-01", budget: 1500000000, status: "in_progress" });
    expect(body).not.toHaveProperty("id");
    expect(body).not.toHaveProperty("project_type_id_label");
    await waitFor(() => expect(location.pathname).toBe("/project"));
    expect(api.db.find("project", 5)).toMatchObject({ name: "Tower A2" });
  });
});

describe("project show: the project workspace", () => {
  it("opens the bespoke workspace with the project's name, status, dates and tabs; Edit leads to the generated form", async () => {
    const { user, location } = await renderCrud("/project/show/5");
    expect(await screen.findByRole("heading", { name: "Tower A" }, LOAD)).toBeInTheDocument();
    expect(screen.getByText("31-12-2026", { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Overview",
      "Plan",
      "Board",
      "Issues",
      "Risks",
      "Milestones",
      "Approvals",
      "Checklists",
      "Participants",
      "Money",
      "Health",
      "Documents",
      "Safety",
    ]);
    await user.click(await screen.findByRole("button", { name: /Edit/ }, LOAD));
    await waitFor(() => expect(location.pathname).toBe("/project/edit/5"));
  });

  it("a role that may only read projects gets no Edit in the workspace (its save would be refused)", async () => {
    await renderCrud("/project/show/5", { menus: defaultMenus({ project: { can_add: false, can_edit: false, can_delete: false } }) });
    expect(await screen.findByRole("heading", { name: "Tower A" }, LOAD)).toBeInTheDocument();
    // The overview has loaded (its figures come after every read), and still no Edit.
    await screen.findByTestId("overview-open-issues", {}, LOAD);
    expect(screen.queryByRole("button", { name: /Edit/ })).toBeNull();
  });
});
