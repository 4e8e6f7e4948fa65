// The owner's companies screen: per company its package, subscription state (active / ends soon /
// ended, in the company's zone), storage used against the quota, its people, time zone and pay
// period, in English and Indonesian; the subscription filter goes to the server's search.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../../src/pages/companies/model/subscription";
import type { InstalledContractMock } from "../../mocks";
import { bodyRows, mockApi, renderCrud, waitForRows } from "../crud/harness";

let api: InstalledContractMock;
const MB = 1024 * 1024;
const today = todayIn("Asia/Jakarta");

beforeEach(() => {
  api = mockApi();
  api.db.seed("package-management", [{ id: 1, name: "Pro", price: 1000000, duration_days: 30 }]);
  const company = { industry: "construction", email: "info@x.test", status: "trial", package_id: 1, time_zone: "Asia/Jakarta", storage_quota_mb: 2, language: "id" };
  api.db.seed("company-management", [
    { ...company, id: 1, name: "PT Alpha", code: "ALPHA", subscription_end: addDays(today, 60), pay_period: "monthly" },
    { ...company, id: 2, name: "PT Beta", code: "BETA", subscription_end: addDays(today, 5), pay_period: "weekly", time_zone: "Asia/Makassar", storage_quota_mb: null },
    { ...company, id: 3, name: "PT Gamma", code: "GAMMA", subscription_end: addDays(today, -3), pay_period: "two_weekly" },
  ]);
  const person = { employee_type: "permanent", role_id: 1 };
  api.db.seed("human-resource", [
    { ...person, id: 11, company_id: 1, name: "Ana", email: "ana@a.test", is_active: true },
    { ...person, id: 12, company_id: 1, name: "Budi", email: "budi@a.test", is_active: true },
    { ...person, id: 13, company_id: 1, name: "Citra", email: "citra@a.test", is_active: false },
    { ...person, id: 21, company_id: 2, name: "Dewi", email: "dewi@b.test", is_active: true },
  ]);
  api.db.seed("image", [
    { id: 1, company_id: 1, folder: "selfie", owner_id: 11, file_name: "a.png", size: MB / 2 },
    { id: 2, company_id: 2, folder: "selfie", owner_id: 21, file_name: "b.png", size: 3 * MB },
  ]);
});

const cellsOf = (name: string) => {
  const row = bodyRows().find((r) => r.textContent?.includes(name))!;
  return [...row.querySelectorAll("td")].map((td) => td.textContent);
};

describe("the owner's companies screen", () => {
  it("shows each company's package, subscription state, storage against the quota, people, zone and pay period", async () => {
    const { user, location } = await renderCrud("/company-management", { roleType: "owner" });
    await waitForRows(3);
    await waitFor(() => expect(cellsOf("PT Alpha")).toContain("2 active of 3"));
    const alpha = cellsOf("PT Alpha");
    expect(alpha).toEqual(expect.arrayContaining(["Pro", "Active", "512.0 KB of 2.0 MB", "2 active of 3", "Monthly"]));
    expect(alpha.join(" ")).toContain("Asia/Jakarta");
    expect(cellsOf("PT Beta")).toEqual(expect.arrayContaining(["Ends soon", "3.0 MB (no quota)", "1 active of 1", "WITA (Asia/Makassar)", "Weekly"]));
    expect(cellsOf("PT Gamma")).toEqual(expect.arrayContaining(["Ended", "0 B of 2.0 MB", "0 active of 0", "Every two weeks"]));
    // Each company's generated show and edit.
    const row = bodyRows().find((r) => r.textContent?.includes("PT Beta"))!;
    expect(await within(row).findByRole("button", { name: "Edit" })).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Details" }));
    await waitFor(() => expect(location.pathname).toBe("/company-management/show/2"));
  });

  it("reads in Indonesian", async () => {
    await renderCrud("/company-management", { lang: "id", roleType: "owner" });
    await waitForRows(3);
    await waitFor(() => expect(cellsOf("PT Alpha")).toContain("2 aktif dari 3"));
    expect(cellsOf("PT Beta")).toEqual(expect.arrayContaining(["Segera berakhir", "3,0 MB (tanpa kuota)"]));
    expect(cellsOf("PT Gamma")).toEqual(expect.arrayContaining(["Berakhir", "0 B dari 2,0 MB"]));
    expect(screen.getAllByRole("columnheader", { name: "Status langganan" }).length).toBeGreaterThan(0);
  });

  it("filters by subscription state on the server", async () => {
    const { user } = await renderCrud("/company-management", { roleType: "owner" });
    await waitForRows(3);
    await user.click(screen.getByRole("combobox", { name: "Subscription state" }));
    await user.click(await screen.findByTitle("Ends soon"));
    await waitForRows(1);
    expect(bodyRows()[0]!.textContent).toContain("PT Beta");
    const search = api.requests("POST", "company-management/search").at(-1)!;
    expect(search.body).toMatchObject({ columns: [{ data: "subscription_end", operator: "range", value: todayIn(undefined), value1: addDays(todayIn(undefined), 14) }] });
    await user.click(screen.getByRole("combobox", { name: "Subscription state" }));
    await user.click(await screen.findByTitle("Ended"));
    await waitForRows(1);
    expect(bodyRows()[0]!.textContent).toContain("PT Gamma");
    expect(api.requests("POST", "company-management/search").at(-1)!.body).toMatchObject({ columns: [{ data: "subscription_end", operator: "<", value: todayIn(undefined) }] });
  });
});

describe("the companies screen for a company given its menu", () => {
  it("asks only for its own company's storage (the all-company answer is the owner's)", async () => {
    await renderCrud("/company-management", { roleType: "admin" });
    await waitForRows(3);
    await waitFor(() => expect(cellsOf("PT Alpha")).toContain("512.0 KB of 2.0 MB"));
    expect(api.requests("GET", "information-storage/1")).toHaveLength(1);
    expect(api.requests("GET", "information-storage-all-company")).toHaveLength(0);
  });
});
