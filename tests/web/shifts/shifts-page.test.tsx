// The shifts page (shift's bespoke list page) against the contract mock: assigning three people
// to a shift at once sends one user-to-shift/add per person with what the server expects, and a
// refusal names who was not assigned; the week view shows who works which shift, Monday to Friday
// (shifts declare no days), a rotation over the standing shift on its days, and moves by week;
// the people on a chosen shift, one taken off with user-to-shift delete/{id}, a refusal said.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, mondayOf } from "../../../src/pages/shifts/model/week";
import type { InstalledContractMock } from "../../mocks";
import { mockApi, renderCrud } from "../crud/harness";
import { server } from "../msw";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;
const monday = mondayOf(new Date().toISOString().slice(0, 10));

beforeEach(() => {
  api = mockApi();
  api.db.seed("shift", [
    { id: 1, name: "Morning", code: "M", start_time: "07:00", end_time: "15:00", grace_minutes: 15 },
    { id: 2, name: "Night", code: "N", start_time: "21:00", end_time: "05:00", grace_minutes: 10 },
  ]);
  api.db.seed("human-resource", [
    { id: 3, name: "Budi Santoso", email: "budi@demo.test", is_active: true },
    { id: 4, name: "Citra Dewi", email: "citra@demo.test", is_active: true },
    { id: 5, name: "Eko Prasetyo", email: "eko@demo.test", is_active: true },
    { id: 6, name: "Fajar Nugroho", email: "fajar@demo.test", is_active: true },
  ]);
});

type User = Awaited<ReturnType<typeof renderCrud>>["user"];
const form = () => screen.getByRole("form", { name: /Assign people to a shift|Tugaskan orang ke shift/ });
async function pick(user: User, label: string, option: string) {
  await user.click(within(form()).getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")].find(
      (o) => o.getAttribute("title") === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await user.click(item);
}
const dmy = (iso: string) => iso.split("-").reverse().join("-");
/** Types a day into the form's date picker as a user does: DD-MM-YYYY, then Tab (Enter would also submit the form). */
async function typeDay(user: User, label: string, iso: string) {
  const input = within(form()).getByLabelText(label);
  await user.click(input);
  await user.type(input, `${dmy(iso)}{Tab}`);
}
const weekCells = () => [...within(screen.getByTestId("shift-week")).queryAllByRole("row")].slice(1).map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""));

describe("shifts page", () => {
  it("lists the shifts with their hours and grace period", async () => {
    await renderCrud("/shift");
    const table = (await screen.findByText("Night", {}, LOAD)).closest("table")!;
    expect(within(table).getByText("21:00")).toBeInTheDocument();
    expect(within(table).getByText("10")).toBeInTheDocument();
  });

  it("assigns three people at once: one user-to-shift/add per person, as the server expects", async () => {
    const { user } = await renderCrud("/shift");
    await screen.findByText("Night", {}, LOAD);
    api.clearLog();
    await pick(user, "Shift", "Night (21:00–05:00)");
    await pick(user, "People", "Budi Santoso");
    await pick(user, "People", "Citra Dewi");
    await pick(user, "People", "Eko Prasetyo");
    await typeDay(user, "From", monday);
    // The app's date picker: the day shown DD-MM-YYYY, sent YYYY-MM-DD.
    expect(within(form()).getByLabelText("From")).toHaveValue(dmy(monday));
    await user.click(within(form()).getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(api.requests("POST", "user-to-shift/add")).toHaveLength(3));
    expect(await screen.findByText("3 people assigned to the shift", {}, LOAD)).toBeInTheDocument();
    expect(api.requests("POST", "user-to-shift/add").map((r) => r.body)).toEqual([
      { user_id: 3, shift_id: 2, start_date: monday },
      { user_id: 4, shift_id: 2, start_date: monday },
      { user_id: 5, shift_id: 2, start_date: monday },
    ]);
    expect(await screen.findByText("3 people assigned to the shift", {}, LOAD)).toBeInTheDocument();
    expect(api.db.rows("user-to-shift").map((r) => Number(r.user_id))).toEqual([3, 4, 5]);
    // The week view reads them again: Night, Monday to Friday.
    await waitFor(() => expect(weekCells()).toHaveLength(3));
    expect(weekCells()[0]).toEqual(["Budi Santoso", "Night", "Night", "Night", "Night", "Night", "", ""]);
  });

  it("says who was not assigned when the server refuses one of them", async () => {
    const { user } = await renderCrud("/shift", { lang: "id" });
    await screen.findByText("Night", {}, LOAD);
    server.use(
      http.post(/\/api\/user-to-shift\/add$/, async ({ request }) => {
        const body = (await request.clone().json()) as { user_id: number };
        if (body.user_id === 4) return HttpResponse.json({ status: false, message: "Citra already has a shift" }, { status: 409 });
        return undefined;
      }),
    );
    await pick(user, "Shift", "Morning (07:00–15:00)");
    await pick(user, "Orang", "Budi Santoso");
    await pick(user, "Orang", "Citra Dewi");
    await pick(user, "Orang", "Eko Prasetyo");
    await typeDay(user, "Mulai", monday);
    await user.click(within(form()).getByRole("button", { name: "Tugaskan" }));
    expect(await screen.findByText("2 dari 3 ditugaskan; tidak ditugaskan: Citra Dewi", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("Citra already has a shift")).toBeInTheDocument();
    expect(api.db.rows("user-to-shift").map((r) => Number(r.user_id))).toEqual([3, 5]);
  });

  it("the week view shows who works which shift, a rotation on its days, and moves by week", async () => {
    api.db.seed("user-to-shift", [
      { id: 1, user_id: 3, shift_id: 1, start_date: addDays(monday, -30) },
      { id: 2, user_id: 4, shift_id: 1, start_date: addDays(monday, -30) },
      // Citra's rotation onto nights, Wednesday and Thursday of this week.
      { id: 3, user_id: 4, shift_id: 2, start_date: addDays(monday, 2), end_date: addDays(monday, 3) },
      // Fajar starts next week.
      { id: 4, user_id: 6, shift_id: 2, start_date: addDays(monday, 7) },
    ]);
    const { user } = await renderCrud("/shift", { lang: "id" });
    await waitFor(() => expect(weekCells()).toHaveLength(2), LOAD);
    // Days shown DD-MM-YYYY, as everywhere in the app.
    expect(screen.getByText(`Minggu ${dmy(monday)} sampai ${dmy(addDays(monday, 6))}`)).toBeInTheDocument();
    const header = [...within(screen.getByTestId("shift-week")).getAllByRole("columnheader")].map((th) => th.textContent);
    expect(header[0]).toBe("Orang");
    expect(header[1]).toMatch(/^Sen /);
    expect(header[7]).toMatch(/^Min /);
    expect(weekCells()).toEqual([
      ["Budi Santoso", "Morning", "Morning", "Morning", "Morning", "Morning", "", ""],
      ["Citra Dewi", "Morning", "Morning", "Night", "Night", "Morning", "", ""],
    ]);
    await user.click(screen.getByRole("button", { name: "Minggu berikutnya" }));
    await waitFor(() => expect(weekCells()).toHaveLength(3));
    expect(weekCells()).toEqual([
      ["Budi Santoso", "Morning", "Morning", "Morning", "Morning", "Morning", "", ""],
      ["Citra Dewi", "Morning", "Morning", "Morning", "Morning", "Morning", "", ""],
      ["Fajar Nugroho", "Night", "Night", "Night", "Night", "Night", "", ""],
    ]);
  });

  const seedMorning = () =>
    api.db.seed("user-to-shift", [
      { id: 1, user_id: 3, shift_id: 1, start_date: addDays(monday, -30) },
      { id: 2, user_id: 4, shift_id: 1, start_date: addDays(monday, -30), end_date: addDays(monday, 30) },
      { id: 3, user_id: 5, shift_id: 2, start_date: addDays(monday, -30) },
    ]);
  const members = () => [...within(screen.getByTestId("shift-members")).queryAllByRole("row")].slice(1).map((tr) => tr.querySelector("td")?.textContent);

  it("shows who is on the chosen shift and takes one off: user-to-shift delete/{id}", async () => {
    seedMorning();
    const { user } = await renderCrud("/shift");
    await waitFor(() => expect(weekCells()).toHaveLength(3), LOAD);
    await pick(user, "Shift", "Morning (07:00–15:00)");
    expect(await screen.findByText("On the shift Morning")).toBeInTheDocument();
    expect(members()).toEqual(["Budi Santoso", "Citra Dewi"]);
    api.clearLog();
    await user.click(screen.getByRole("button", { name: "Remove Citra Dewi from the shift" }));
    await user.click(await screen.findByRole("button", { name: "Remove" }));
    await waitFor(() => expect(api.requests("DELETE", "user-to-shift/delete/2")).toHaveLength(1));
    expect(await screen.findByText("Data deleted", {}, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(members()).toEqual(["Budi Santoso"]));
    expect(api.db.rows("user-to-shift").map((r) => Number(r.id))).toEqual([1, 3]);
    expect(weekCells().map((r) => r[0])).toEqual(["Budi Santoso", "Eko Prasetyo"]);
  });

  it("a refused removal is said with the server's reason and the person stays on the shift", async () => {
    seedMorning();
    const { user } = await renderCrud("/shift", { lang: "id" });
    await waitFor(() => expect(weekCells()).toHaveLength(3), LOAD);
    server.use(http.delete(/\/api\/user-to-shift\/delete\/1$/, () => HttpResponse.json({ status: false, message: "Budi is clocked in" }, { status: 409 })));
    await pick(user, "Shift", "Morning (07:00–15:00)");
    await user.click(await screen.findByRole("button", { name: "Keluarkan Budi Santoso dari shift" }));
    await user.click(await screen.findByRole("button", { name: "Keluarkan" }));
    expect(await screen.findByText("Budi is clocked in", {}, LOAD)).toBeInTheDocument();
    expect(members()).toEqual(["Budi Santoso", "Citra Dewi"]);
    expect(api.db.rows("user-to-shift")).toHaveLength(3);
  });
});
