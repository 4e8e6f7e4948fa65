// The audit log screen: each entry's before → after in words (field labels, enum labels, a ref by
// its kept label) in English and Indonesian, the person by the name kept in the entry when their
// record is gone, filters sent to the search, and the CSV export of what the filters show with
// the same words. The entries of custom operations read in words too: a role's rights saved
// (by menu, as the rights matrix words them), a view as a role, a staff import.
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

/** What a role's rights save keeps (server/custom/role-rights.ts): by menu alias, null = not held. */
const held = (create: boolean, update: boolean, del: boolean, rowScope: string | null) => ({ read: true, create, update, delete: del, row_scope: rowScope });

describe("entries of custom operations", () => {
  beforeEach(() => {
    api.db.seed("audit-log", [
      {
        id: 3,
        created_at: "2026-11-22T03:00:00.000Z",
        actor_id: 7,
        actor_name: "Ana Admin",
        ip: "10.0.0.5",
        kind: "rights",
        resource: "role",
        record_id: 3,
        record_label: "Supervisor",
        before: { safety: held(false, false, false, null), permit: held(true, true, true, "projects"), "report-k3": held(true, false, false, null), divisi: null },
        after: { safety: null, permit: null, "report-k3": held(true, true, false, "company"), divisi: held(false, false, false, null) },
        company_id: 1,
      },
      {
        id: 4,
        created_at: "2026-11-23T03:00:00.000Z",
        actor_id: 7,
        actor_name: "Ana Admin",
        ip: "10.0.0.5",
        kind: "view_as",
        resource: "role",
        record_id: 4,
        record_label: "Field worker",
        before: null,
        after: { viewing_as: "Budi Santoso", role: "Field worker" },
        company_id: 1,
      },
      {
        id: 5,
        created_at: "2026-11-24T03:00:00.000Z",
        actor_id: 7,
        actor_name: "Ana Admin",
        ip: "10.0.0.5",
        kind: "import",
        resource: "human-resource",
        record_id: null,
        record_label: "Rina, Joko",
        before: null,
        after: { count: 2, people: ["Rina <rina@demo.test>", "Joko <joko@demo.test>"] },
        company_id: 1,
      },
    ]);
  });

  const RIGHTS_EN = [
    "Safety: read → no access",
    "Permits: read, create, update, delete (their projects' records) → no access",
    "K3 reports: read, create (the role's default records) → read, create, update (all the company's records)",
    "Divisions: no access → read",
  ];
  const RIGHTS_ID = [
    "K3: lihat → tanpa akses",
    "Izin: lihat, tambah, ubah, hapus (data proyeknya) → tanpa akses",
    "Laporan K3: lihat, tambah (data bawaan peran) → lihat, tambah, ubah (semua data perusahaan)",
    "Divisi: tanpa akses → lihat",
  ];

  it("reads a rights save by menu label, rights and records seen, a view as and an import in words", async () => {
    await renderCrud("/audit-log");
    await waitForRows(5);
    expect(changesOfRow(/Rights saved/)).toEqual(RIGHTS_EN);
    const permits = bodyRows()
      .find((r) => /Rights saved/.test(r.textContent ?? ""))!
      .querySelector('li[data-field="permit"]')!;
    expect(permits.querySelector("del")!.textContent).toBe("read, create, update, delete (their projects' records)");
    expect(permits.querySelector("ins")!.textContent).toBe("no access");
    expect(changesOfRow(/Viewed as a role/)).toEqual(["Viewing as: Budi Santoso", "Role: Field worker"]);
    expect(changesOfRow(/Imported/)).toEqual(["People imported: 2", "People: Rina <rina@demo.test>, Joko <joko@demo.test>"]);
  });

  it("reads them in Indonesian", async () => {
    await renderCrud("/audit-log", { lang: "id" });
    await waitForRows(5);
    expect(changesOfRow(/Hak akses disimpan/)).toEqual(RIGHTS_ID);
    expect(changesOfRow(/Dilihat sebagai peran/)).toEqual(["Dilihat sebagai: Budi Santoso", "Peran: Field worker"]);
    expect(changesOfRow(/Diimpor/)).toEqual(["Jumlah orang diimpor: 2", "Orang: Rina <rina@demo.test>, Joko <joko@demo.test>"]);
  });

  it.each([
    ["en", "Changes", RIGHTS_EN],
    ["id", "Perubahan", RIGHTS_ID],
  ] as const)("exports a rights save with the same words (%s)", async (lang, header, words) => {
    const { user } = await renderCrud("/audit-log?filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=rights", { lang });
    await waitForRows(1);
    await user.click(screen.getByRole("button", { name: /CSV/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await readBlob(blobs[0]))
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`"${header}"$`));
    // A CSV cell doubles its quotes (none here: the words hold apostrophes only).
    expect(lines[1].endsWith(`"${words.join("; ")}"`)).toBe(true);
  });
});
