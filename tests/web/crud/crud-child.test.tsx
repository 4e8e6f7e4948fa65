// A project child read at {project_id}/{id} (project-checklists): the show link carries both
// keys, the show page reads through them; edit and delete one record (update/{id}, delete/{id},
// beyond the spec for the project workspace) are offered.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { bodyRows, headerTexts, mockApi, renderCrud, rowTexts, waitForRows } from "./harness";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("project", [{ id: 2, name: "Tower A", code: "P-002", project_type_id: 1, start_date: "2026-03-01", end_date: "2026-12-31", status: "planning" }]);
  api.db.seed("human-resource", [{ id: 3, name: "Budi Santoso", email: "budi@demo.test", employee_type: "permanent", role_id: 1 }]);
  api.db.seed("project-checklists", [
    { id: 7, project_id: 2, title: "Scaffold inspected", assignee_id: 3, due_date: "2026-04-10", is_done: true },
    { id: 8, project_id: 2, title: "Permit posted", assignee_id: null, due_date: null, is_done: false },
  ]);
});

describe("generated screens of a child resource (project-checklists)", () => {
  it("lists with ref labels and Yes/No, and offers show, edit and delete", async () => {
    const { user, location } = await renderCrud("/project-checklists");
    await waitForRows(2);
    const col = (name: string) => headerTexts().indexOf(name);
    const [a, b] = rowTexts();
    expect(a[col("Project")]).toBe("Tower A");
    expect(a[col("Assignee")]).toBe("Budi Santoso");
    expect(a[col("Due date")]).toBe("10-04-2026");
    expect(a[col("Done")]).toBe("Yes");
    expect(b[col("Done")]).toBe("No");
    expect(b[col("Assignee")]).toBe("-");
    // No create-less check here: project-checklists has "add", so Create is offered.
    expect(await screen.findByRole("button", { name: /Create/ })).toBeInTheDocument();
    const row = bodyRows()[0];
    const show = await within(row).findByRole("button", { name: "Details" });
    expect(within(row).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    await user.click(show);
    await waitFor(() => expect(location.pathname).toBe("/project-checklists/show/2/7"));
    await screen.findByText("Scaffold inspected", { selector: ".ant-descriptions-item-content, .ant-descriptions-item-content *" }, LOAD);
    expect(api.requests("GET", "project-checklists/2/7")).toHaveLength(1);
    expect(await screen.findByRole("button", { name: /Edit/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Delete/ })).toBeInTheDocument();
  });

  it("filters by the parent project with '='", async () => {
    await renderCrud("/project-checklists?filters[0][field]=project_id&filters[0][operator]=eq&filters[0][value]=2");
    await waitForRows(2);
    const body = api.requests("POST", "project-checklists/search")[0].body as { columns: unknown[] };
    expect(body.columns).toEqual([{ data: "project_id", value: expect.anything(), operator: "=" }]);
    expect(String((body.columns[0] as { value: unknown }).value)).toBe("2");
  });
});
