// The project workspace offers only what the role may do: a list inside a tab shows Create, Edit
// and Delete by the role's rights on that resource (a button the server would refuse with a 403
// would sign the user out), and Edit in place is asked of the access control like the others.
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultMenus } from "../../mocks";
import { mockApi, renderCrud } from "../crud/harness";
import { LOAD } from "../support/waits";

beforeEach(() => {
  const api = mockApi();
  api.db.seed("project", [{ id: 2, name: "Tower A", code: "P-002", start_date: "2026-01-05", end_date: "2026-12-20", status: "in_progress" }]);
  api.db.seed("project-risks", [{ id: 31, project_id: 2, title: "Rain", probability: "high", impact: "medium", status: "identified" }]);
  api.db.seed("human-resource", [{ id: 1, name: "Admin Demo", email: "admin@demo.test", employee_type: "permanent", role_id: 1 }]);
  api.db.seed("project-approval", [{ id: 51, project_id: 2, title: "Shop drawing", approver_id: 1, required_date: "2026-12-01", status: "pending" }]);
});

describe("rights inside the project workspace", () => {
  it("risks read only: the rows, but no Create, Edit or Delete", async () => {
    await renderCrud("/project/show/2/risks", { menus: defaultMenus({ "project-risks": { can_add: false, can_edit: false, can_delete: false } }) });
    const region = await screen.findByRole("region", { name: "Risks" }, LOAD);
    await within(region).findByText("Rain", {}, LOAD);
    expect(within(region).queryByRole("button", { name: "Create" })).toBeNull();
    expect(within(region).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(region).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("risks editable but not deletable: Edit in place, no Delete", async () => {
    await renderCrud("/project/show/2/risks", { menus: defaultMenus({ "project-risks": { can_add: false, can_edit: true, can_delete: false } }) });
    const region = await screen.findByRole("region", { name: "Risks" }, LOAD);
    await within(region).findByText("Rain", {}, LOAD);
    expect(await within(region).findByRole("button", { name: "Edit" }, LOAD)).toBeInTheDocument();
    expect(within(region).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("the named approver whose role may not edit approvals is not offered Approve or Reject (the server asks can_edit)", async () => {
    await renderCrud("/project/show/2/approvals", { menus: defaultMenus({ "project-approval": { can_add: false, can_edit: false, can_delete: false } }) });
    const region = await screen.findByRole("region", { name: "Approvals" }, LOAD);
    await within(region).findByText("Shop drawing", {}, LOAD);
    expect(within(region).queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(within(region).queryByRole("button", { name: /Reject/ })).toBeNull();
  });

  it("with the right, the named approver is offered Approve", async () => {
    await renderCrud("/project/show/2/approvals");
    const region = await screen.findByRole("region", { name: "Approvals" }, LOAD);
    expect(await within(region).findByRole("button", { name: /Approve/ }, LOAD)).toBeInTheDocument();
  });
});
