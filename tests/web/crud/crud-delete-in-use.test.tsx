// A delete refused because other records still use the row (409 in_use): every generated delete
// path (a list's row, a record's details page, a list inside the project workspace) shows what
// uses it by the labels users see, counted, in the user's language (src/http/errorKeys.ts), and
// the row stays.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadLanguage } from "../../../src/i18n";
import type { InstalledContractMock } from "../../mocks";
import { server } from "../msw";
import { bodyRows, mockApi, renderCrud, waitForRows } from "./harness";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;

const IN_USE = {
  status: false,
  key: "in_use",
  message: "This record is still used by: role-menu (3), human-resource (1).",
  details: {
    uses: [
      { resource: "role-menu", count: 3 },
      { resource: "human-resource", count: 1 },
    ],
  },
};

/** The server refuses every delete of `path` as in use. */
const refuseDeletes = (path: string) => server.use(http.delete(`*${path}`, () => HttpResponse.json(IN_USE, { status: 409 })));

beforeEach(() => {
  api = mockApi();
  api.db.seed("role", [{ id: 5, name: "Field Worker", role_type: "worker", is_field_role: true }]);
  api.db.seed("project", [{ id: 2, name: "Tower A", code: "P-002", start_date: "2026-01-05", end_date: "2026-12-20", status: "in_progress" }]);
  api.db.seed("project-risks", [{ id: 31, project_id: 2, title: "Rain", probability: "high", impact: "medium", status: "identified" }]);
});
afterEach(async () => {
  await loadLanguage("en");
});

type User = Awaited<ReturnType<typeof renderCrud>>["user"];
async function confirmDelete(user: User, scope: HTMLElement, label = "Delete") {
  await user.click(await within(scope).findByRole("button", { name: label }, LOAD));
  const pop = await screen.findByRole("tooltip", {}, LOAD);
  await user.click(within(pop).getByRole("button", { name: label }));
}

describe("a delete refused because the row is in use", () => {
  it("from a list's row: the toast names the role menus and the staff member, counted", async () => {
    refuseDeletes("/api/role/delete/5");
    const { user } = await renderCrud("/role");
    await waitForRows(1);
    await confirmDelete(user, bodyRows()[0]);
    expect(await screen.findByText("The data could not be deleted", {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText("This record is still used by 3 role menus and 1 staff member.", {}, LOAD)).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
  });

  it("from a record's details page, in Indonesian", async () => {
    refuseDeletes("/api/role/delete/5");
    const { user } = await renderCrud("/role/show/5", { lang: "id" });
    await screen.findByText("Field Worker", {}, LOAD);
    await confirmDelete(user, document.body, "Hapus");
    expect(await screen.findByText("Data tidak dapat dihapus", {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText("Data ini masih dipakai oleh 3 menu peran dan 1 karyawan.", {}, LOAD)).toBeInTheDocument();
  });

  it("from a list inside the project workspace", async () => {
    refuseDeletes("/api/project-risks/delete/31");
    const { user } = await renderCrud("/project/show/2/risks");
    const region = await screen.findByRole("region", { name: "Risks" }, LOAD);
    const row = (await within(region).findByText("Rain", {}, LOAD)).closest("tr") as HTMLElement;
    await confirmDelete(user, row);
    expect(await screen.findByText("This record is still used by 3 role menus and 1 staff member.", {}, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByText("Rain")).toBeInTheDocument());
  });
});
