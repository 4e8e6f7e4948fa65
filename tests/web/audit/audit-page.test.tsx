// The audit log screen: each entry's before → after in words (field labels, enum labels, a ref by
// its kept label) in English and Indonesian, the person by the name kept in the entry when their
// record is gone, filters sent to the search, and the CSV export of what the filters show with
// the same words.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { bodyRows, mockApi, renderCrud, waitForRows } from "../crud/harness";

let api: InstalledContractMock;
let blobs: Blob[];

const readBlob = (b: Blob) =>
  new Promise<string>((res) => {
    const reader = new FileReader();
    reader.onload = () => res(String(reader.result));
    reader.readAsText(b);
  });

beforeEach(() => {
  api = mockApi();
  blobs = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return "blob:csv";
  });
  URL.revokeObjectURL = vi.fn();
  api.db.seed("human-resource", [{ id: 7, name: "Ana Admin", email: "ana@demo.test", employee_type: "permanent", role_id: 1, is_active: true }]);
  api.db.seed("audit-log", [
    {
      id: 1,
      created_at: "2026-11-20T03:00:00.000Z",
      actor_id: 7,
      actor_name: "Ana Admin",
      ip: "10.0.0.5",
      kind: "update",
      resource: "human-resource",
      record_id: 12,
      record_label: "Sari Dewi",
      before: { employee_type: "contract", is_active: true, role_id: 2, role_id_label: "Field worker" },
      after: { employee_type: "permanent", is_active: false, role_id: 3, role_id_label: "Supervisor" },
      company_id: 1,
    },
    {
      id: 2,
      created_at: "2026-11-21T03:00:00.000Z",
      actor_id: 99,
      actor_name: "Gone Person",
      ip: "10.0.0.6",
      kind: "delete",
      resource: "divisi",
      record_id: 4,
      record_label: "Civil works",
      before: { name: "Civil works", code: "CIV" },
      after: null,
      company_id: 1,
    },
  ]);
});

const changesOfRow = (text: RegExp) => {
  const row = bodyRows().find((r) => text.test(r.textContent ?? ""))!;
  return [...row.querySelectorAll("li")].map((li) => li.textContent);
};

describe("audit log screen", () => {
  it("shows before → after in words, and the person by their kept name", async () => {
    await renderCrud("/audit-log");
    await waitForRows(2);
    expect(changesOfRow(/Sari Dewi/)).toEqual(["Employee type: Contract → Permanent", "Role: Field worker → Supervisor", "Active: Yes → No"]);
    expect(changesOfRow(/Civil works/)).toEqual(["Name: Civil works", "Code: CIV"]);
    const gone = bodyRows().find((r) => /Civil works/.test(r.textContent ?? ""))!;
    expect(within(gone).getByText("Gone Person")).toBeInTheDocument();
  });

  it("reads in Indonesian", async () => {
    await renderCrud("/audit-log", { lang: "id" });
    await waitForRows(2);
    expect(changesOfRow(/Sari Dewi/)).toEqual(["Jenis karyawan: Kontrak → Tetap", "Peran: Field worker → Supervisor", "Aktif: Ya → Tidak"]);
    expect(screen.getAllByRole("columnheader", { name: "Perubahan" }).length).toBeGreaterThan(0);
  });

  it("filters by kind on the server and exports what is shown, with the changes in words", async () => {
    const { user } = await renderCrud("/audit-log?filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=update");
    await waitForRows(1);
    const searches = api.requests("POST", "audit-log/search");
    expect(searches.at(-1)!.body).toMatchObject({ columns: [{ data: "kind", operator: "=", value: "update" }], orders: { columns: ["created_at"], ascending: false } });
    await user.click(screen.getByRole("button", { name: /Export CSV/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await readBlob(blobs[0]))
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/"Changes"$/);
    expect(lines[1]).toContain('"Ana Admin"');
    expect(lines[1]).toMatch(/"Employee type: Contract → Permanent; Role: Field worker → Supervisor; Active: Yes → No"$/);
  });
});
