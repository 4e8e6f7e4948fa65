// The generated list on a simple resource (divisi): columns, '-' for missing values, the empty
// state, paging / sorting / filter requests and the URL, CSV export, Indonesian labels and titles.
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { COUNT_ESTIMATE } from "../../../server/cache";
import { documentTitle } from "../../../src/shell/documentTitle";
import type { InstalledContractMock } from "../../mocks";
import { headerTexts, mockApi, renderCrud, rowTexts, waitForRows, waitForTitle } from "./harness";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;
beforeEach(() => {
  api = mockApi();
});

const seedDivisions = (n: number) =>
  api.db.seed(
    "divisi",
    Array.from({ length: n }, (_, i) => ({ name: `Division ${String(i + 1).padStart(2, "0")}`, code: i % 2 ? `D${i + 1}` : null, description: null })),
  );

describe("generated list (divisi)", () => {
  it("shows the declared columns, '-' for missing values and a page of rows", async () => {
    seedDivisions(12);
    await renderCrud("/divisi");
    await waitForTitle("Divisions");
    await waitForRows(10);
    expect(headerTexts()).toEqual(expect.arrayContaining(["ID", "Name", "Code", "Actions"]));
    expect(headerTexts()).not.toContain("Description"); // text fields are not listed
    const rows = rowTexts();
    expect(rows[0].slice(0, 3)).toEqual(["1", "Division 01", "-"]);
    expect(rows[1].slice(0, 3)).toEqual(["2", "Division 02", "D2"]);
    const search = api.requests("POST", "divisi/search");
    expect(search[0].body).toEqual({ paging: { start: 0, length: 10 }, columns: [] });
    expect(screen.getByText("1-10 of 12")).toBeInTheDocument();
  });

  it("says 'about' when the server's count is an estimate (a big list after a write)", async () => {
    const n = COUNT_ESTIMATE.above + 35;
    seedDivisions(n);
    const { user } = await renderCrud("/divisi");
    await waitForRows(10);
    expect(screen.getByText(`1-10 of ${n}`)).toBeInTheDocument();
    api.db.touch("divisi"); // a write: the server answers its last count as an estimate
    await user.click(screen.getByTitle("Next Page"));
    await waitFor(() => expect(api.requests("POST", "divisi/search").at(-1)!.body).toMatchObject({ paging: { start: 10 } }));
    expect(await screen.findByText("11-20 of about 10,000")).toBeInTheDocument();
  });

  it("says 'sekitar' for an estimated count in Indonesian", async () => {
    seedDivisions(COUNT_ESTIMATE.above + 35);
    const { user } = await renderCrud("/divisi", { lang: "id" });
    await waitForRows(10);
    api.db.touch("divisi");
    await user.click(screen.getByTitle("Halaman Berikutnya"));
    expect(await screen.findByText("11-20 dari sekitar 10.000")).toBeInTheDocument();
  });

  it("shows 'Data not yet available' when there is nothing", async () => {
    await renderCrud("/divisi");
    expect(await screen.findByText("Data not yet available", {}, LOAD)).toBeInTheDocument();
  });

  it("asks the server for the next page and keeps it in the URL", async () => {
    seedDivisions(12);
    const { user, location } = await renderCrud("/divisi");
    await waitForRows(10);
    await user.click(screen.getByTitle("Next Page"));
    await waitForRows(2);
    expect(api.requests("POST", "divisi/search").at(-1)!.body).toMatchObject({ paging: { start: 10, length: 10 } });
    expect(location.search).toContain("currentPage=2");
    expect(rowTexts()[0][1]).toBe("Division 11");
  });

  it("sorts on the server by a sortable column", async () => {
    seedDivisions(3);
    const { user, location } = await renderCrud("/divisi");
    await waitForRows(3);
    const nameHeader = () => screen.getAllByText("Name", { selector: ".ant-table-thead .ant-table-column-title" })[0];
    await user.click(nameHeader());
    await waitFor(() => expect(api.requests("POST", "divisi/search").at(-1)!.body).toMatchObject({ orders: { columns: ["name"], ascending: true } }));
    await user.click(nameHeader());
    await waitFor(() => expect(api.requests("POST", "divisi/search").at(-1)!.body).toMatchObject({ orders: { columns: ["name"], ascending: false } }));
    await waitFor(() => expect(rowTexts()[0][1]).toBe("Division 03"));
    expect(location.search).toContain("sorters[0][field]=name");
  });

  it("filters by the label field (contains), back on page 1, with the filter in the URL", async () => {
    seedDivisions(12);
    const { user, location } = await renderCrud("/divisi");
    await waitForRows(10);
    await user.click(screen.getByTitle("Next Page"));
    await waitForRows(2);
    await user.type(screen.getByPlaceholderText("Contains..."), "division 1");
    await user.click(screen.getByRole("button", { name: /Search/ }));
    await waitForRows(3);
    expect(api.requests("POST", "divisi/search").at(-1)!.body).toEqual({
      paging: { start: 0, length: 10 },
      columns: [{ data: "name", value: "division 1", operator: "like" }],
    });
    await waitFor(() => expect(location.search).toContain("filters[0][field]=name"));
    expect(location.search).toContain("filters[0][operator]=contains");
    expect(location.search).toContain("currentPage=1");
  });

  it("reads paging and filters from the URL on arrival", async () => {
    seedDivisions(12);
    await renderCrud("/divisi?currentPage=1&pageSize=10&filters[0][field]=name&filters[0][operator]=contains&filters[0][value]=02");
    await waitForRows(1);
    expect(api.requests("POST", "divisi/search")[0].body).toMatchObject({ columns: [{ data: "name", value: "02", operator: "like" }] });
    expect(screen.getByPlaceholderText("Contains...")).toHaveValue("02");
  });

  it("labels in Indonesian when the language is id", async () => {
    seedDivisions(1);
    await renderCrud("/divisi", { lang: "id" });
    await waitForTitle("Divisi");
    await waitForRows(1);
    expect(headerTexts()).toEqual(expect.arrayContaining(["Nama", "Kode", "Aksi"]));
    expect(screen.getByRole("button", { name: /Ekspor CSV/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Tambah/ })).toBeInTheDocument();
  });

  it("titles an Indonesian create form with the singular, noun first (and the document title alike)", async () => {
    await renderCrud("/project-type/create", { lang: "id" });
    await waitForTitle("Tipe proyek baru");
    expect(documentTitle({ resource: { name: "project-type" }, action: "edit", params: { id: "4" } })).toBe("Ubah tipe proyek #4 | Fieldworks");
  });
});
