// Permits are their person's rows (docs/api.md "Access rules"): the server refuses a worker's
// permit for anyone else, so the generated create form starts with the signed-in user as the
// staff member; someone allowed to file for others picks another.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_USER, defaultMenus, type InstalledContractMock } from "../../mocks";
import { control, mockApi, pick, renderCrud, typeDate, waitForTitle } from "./harness";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("human-resource", [
    { id: DEFAULT_USER.id, name: DEFAULT_USER.name, email: DEFAULT_USER.email, employee_type: "permanent", role_id: 1, is_active: true },
    { id: 7, name: "Wulan Sari", email: "wulan@demo.test", employee_type: "daily", role_id: 2, is_active: true },
  ]);
});

const worker = { roleType: "worker", menus: defaultMenus({ permit: { can_add: true, can_edit: false, can_delete: false } }) };

async function fillPermit(user: Parameters<typeof pick>[0]) {
  await pick(user, "Permit type", "Sick leave");
  await typeDate(user, "Absent date", "21-11-2026");
  fireEvent.change(control("Reason"), { target: { value: "Demam" } });
}

describe("permit create form", () => {
  it("files the permit for the signed-in user without asking", async () => {
    const { user } = await renderCrud("/permit/create", worker);
    await waitForTitle("New permit");
    await fillPermit(user);
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("POST", "permit/add")).toHaveLength(1));
    expect(api.requests("POST", "permit/add")[0].body).toMatchObject({ user_id: DEFAULT_USER.id, permit_type: "sick", absent_date: "2026-11-21", reason: "Demam" });
  });

  it("lets someone who files for others pick another staff member", async () => {
    const { user } = await renderCrud("/permit/create");
    await waitForTitle("New permit");
    await pick(user, "Staff member", "Wulan Sari");
    await fillPermit(user);
    await user.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(api.requests("POST", "permit/add")).toHaveLength(1));
    expect(api.requests("POST", "permit/add")[0].body).toMatchObject({ user_id: 7 });
  });
});
