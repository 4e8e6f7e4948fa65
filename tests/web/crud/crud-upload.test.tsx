// A resource whose create is a multipart upload (document-project: upload): the file travels in
// the body with the other fields; a ref to a resource that cannot be listed is an id input.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { InstalledContractMock } from "../../mocks";
import { control, fieldError, mockApi, pick, renderCrud, waitForTitle } from "./harness";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("project", [{ id: 2, name: "Tower A", code: "P-002", project_type_id: 1, start_date: "2026-03-01", end_date: "2026-12-31", status: "planning" }]);
});

describe("multipart create (document-project)", () => {
  it("asks for the file, then sends it with the record's fields in one multipart body", async () => {
    const { user, container } = await renderCrud("/document-project/create", { lang: "id" });
    await waitForTitle("Dokumen baru");
    await user.click(screen.getByRole("button", { name: /Simpan/ }));
    await waitFor(() => expect(fieldError("Berkas")).toBe("Wajib diisi"));
    expect(api.requests("POST", "document-project/upload")).toHaveLength(0);

    await pick(user, "Proyek", "Tower A");
    fireEvent.change(control("Folder"), { target: { value: "7" } });
    fireEvent.change(control("Deskripsi"), { target: { value: "Site plan rev. B" } });
    const file = new File(["%PDF-1.7 test"], "site-plan.pdf", { type: "application/pdf" });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(screen.getByRole("button", { name: /Simpan/ }));
    await waitFor(() => expect(api.requests("POST", "document-project/upload")).toHaveLength(1));
    const sent = api.requests("POST", "document-project/upload")[0];
    expect(sent.headers["content-type"]).toMatch(/^multipart\/form-data/);
    expect(sent.body).toMatchObject({ project_id: "2", folder_id: "7", description: "Site plan rev. B", file: { size: file.size } });
    expect(api.db.rows("document-project")[0]).toMatchObject({ project_id: 2, folder_id: 7, description: "Site plan rev. B" });
  });
});
