// A person's page: every field, whether they are active, and disable / enable through
// human-resource disable/{id}, enable/{id} (the server ends their sessions); nobody is offered to
// disable themselves; a role without the edit right sees no such button.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { defaultMenus } from "../../mocks";
import { mockApi, renderCrud, waitForTitle } from "../crud/harness";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("role", [
    { id: 1, name: "Admin", role_type: "admin" },
    { id: 2, name: "Field worker", role_type: "worker" },
  ]);
  api.db.seed("human-resource", [
    { id: 1, name: "Admin Demo", email: "admin@demo.test", employee_type: "permanent", role_id: 1, is_active: true },
    { id: 3, name: "Wati Worker", email: "wati@demo.test", employee_type: "daily", role_id: 2, nik: "3174000000000001", is_active: true },
  ]);
});

describe("person page", () => {
  it("disables after a confirmation, then offers to enable", async () => {
    const { user } = await renderCrud("/human-resource/show/3");
    await waitForTitle("Wati Worker");
    expect(screen.getByText("3174000000000001")).toBeInTheDocument();
    expect(screen.getByTestId("person-status")).toHaveTextContent("Active");
    await user.click(await screen.findByRole("button", { name: /Disable/ }));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("Disable Wati Worker?")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: /Disable/ }));
    await waitFor(() => expect(api.requests("PUT", "human-resource/disable/3")).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("person-status")).toHaveTextContent("Disabled"));
    expect(api.db.rows("human-resource").find((r) => r.id === 3)?.is_active).toBe(false);
    await user.click(await screen.findByRole("button", { name: /Enable/ }));
    await waitFor(() => expect(api.requests("PUT", "human-resource/enable/3")).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("person-status")).toHaveTextContent("Active"));
  });

  it("offers no disable on one's own page", async () => {
    await renderCrud("/human-resource/show/1");
    await waitForTitle("Admin Demo");
    // The rights are known once the (guarded) edit button shows.
    await screen.findByRole("button", { name: /Edit/ });
    expect(screen.queryByRole("button", { name: /Disable/ })).toBeNull();
  });

  it("offers no disable to a role that may not edit staff", async () => {
    await renderCrud("/human-resource/show/3", { menus: defaultMenus({ "human-resource": { can_edit: false } }) });
    await waitForTitle("Wati Worker");
    await screen.findByRole("button", { name: /Back to list/ });
    await waitFor(() => expect(screen.queryByRole("button", { name: /Edit/ })).toBeNull());
    expect(screen.queryByRole("button", { name: /Disable/ })).toBeNull();
  });
});
