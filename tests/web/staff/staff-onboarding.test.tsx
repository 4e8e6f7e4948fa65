// The staff register's ways in: invite (the form without a password → human-resource/invite) and
// the CSV import, whose preview shows each row's errors before anything is stored; importing
// sends only the rows without errors.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { mockApi, renderCrud, waitForRows } from "../crud/harness";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("role", [
    { id: 1, name: "Admin", role_type: "admin" },
    { id: 2, name: "Field Worker", role_type: "worker" },
  ]);
  api.db.seed("divisi", [{ id: 4, name: "Civil works" }]);
  api.db.seed("human-resource", [{ id: 3, name: "Budi Santoso", email: "budi@demo.test", employee_type: "permanent", role_id: 1, is_active: true }]);
});

type User = Awaited<ReturnType<typeof renderCrud>>["user"];
/** A field of the dialog's form (the list's filter bar has fields of the same names). */
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: "input, textarea" });
async function pickIn(user: User, dialog: HTMLElement, label: string, option: string) {
  await user.click(field(dialog, label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")].find(
      (o) => o.getAttribute("title") === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await user.click(item);
}

const CSV = [
  "Name,Email,Employee type,Role,Division,Shoe size",
  "Sari Dewi,sari@demo.test,Daily worker,field worker,Civil works,41",
  "Tono,budi@demo.test,Permanent,Field Worker,,42",
  '"Wulan, Jr.",wulan@demo.test,weekly,Field Worker,Nowhere,40',
  "Sari Again,sari@demo.test,Contract,Field Worker,,39",
].join("\r\n");

describe("staff register", () => {
  it("invites a person: no password asked, the invite operation called", async () => {
    const { user } = await renderCrud("/human-resource");
    await waitForRows(1);
    expect(screen.queryByRole("button", { name: /^Create$/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: /Invite/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText("Password")).toBeNull();
    fireEvent.change(field(dialog, "Name"), { target: { value: "Nina Baru" } });
    fireEvent.change(field(dialog, "Email"), { target: { value: "nina@demo.test" } });
    await pickIn(user, dialog, "Employee type", "Contract");
    await pickIn(user, dialog, "Role", "Field Worker");
    await user.click(within(dialog).getByRole("button", { name: /Send invitation/ }));
    await waitFor(() => expect(api.requests("POST", "human-resource/invite")).toHaveLength(1));
    expect(api.requests("POST", "human-resource/invite")[0].body).toMatchObject({ name: "Nina Baru", email: "nina@demo.test", employee_type: "contract", role_id: 2 });
    expect(api.requests("POST", "human-resource/invite")[0].body).not.toHaveProperty("password");
    await screen.findByText("Nina Baru is invited: a link to choose a password went to nina@demo.test.");
  });

  it("previews a CSV's rows with their errors, stores nothing, then imports only the good rows", async () => {
    const { user } = await renderCrud("/human-resource");
    await waitForRows(1);
    await user.click(screen.getByRole("button", { name: /Import CSV/ }));
    const dialog = await screen.findByRole("dialog");
    const file = new File([CSV], "staff.csv", { type: "text/csv" });
    await user.upload(within(dialog).getByLabelText("Choose a CSV file"), file);
    await waitFor(() => expect(api.requests("POST", "human-resource/import-preview")).toHaveLength(1));
    const sent = api.requests("POST", "human-resource/import-preview")[0].body as { items: Record<string, unknown>[] };
    expect(sent.items[0]).toEqual({ name: "Sari Dewi", email: "sari@demo.test", employee_type: "daily", role_id: "field worker", division_id: "Civil works" });
    expect(sent.items[2].name).toBe("Wulan, Jr.");
    await within(dialog).findByText("staff.csv: 1 ready, 3 with errors.");
    expect(within(dialog).getByText(/Columns not used: Shoe size/)).toBeInTheDocument();
    expect(within(dialog).getByText("This value is already used.")).toBeInTheDocument();
    expect(within(dialog).getByText("No such record.")).toBeInTheDocument();
    expect(within(dialog).getByText(/Must be one of/)).toBeInTheDocument();
    expect(within(dialog).getByText("Also on row 1 of this file.")).toBeInTheDocument();
    expect(api.db.rows("human-resource")).toHaveLength(1);

    await user.click(within(dialog).getByRole("button", { name: /Import 1 person/ }));
    await waitFor(() => expect(api.requests("POST", "human-resource/import")).toHaveLength(1));
    expect((api.requests("POST", "human-resource/import")[0].body as { items: unknown[] }).items).toEqual([sent.items[0]]);
    await screen.findByText("1 person imported and invited.");
    expect(api.db.rows("human-resource").map((r) => r.email)).toContain("sari@demo.test");
  });
});
