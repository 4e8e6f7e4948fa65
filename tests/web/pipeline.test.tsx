// The sales pipeline (sales-contact's bespoke list page) against the contract mock: a column per
// declared stage with its contacts, a contact's demo request (same email) on its card; a card
// moved by its menu or with the keyboard alone moves at once and sends sales-contact/update/{id}
// with its new status; refused, the card goes back and the failure is said as the generated
// screens say theirs. jsdom lays nothing out: the columns' boxes are given here (one per 300 px).
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SALES_STAGES } from "../../declaration";
import { OWNER_USER, type InstalledContractMock } from "../mocks";
import { mockApi, renderCrud } from "./crud/harness";
import { server } from "./msw";
import { LOAD } from "./support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi({ users: [OWNER_USER] });
  api.db.seed("sales-contact", [
    { id: 1, name: "Ana Lestari", company_name: "PT Alpha", phone: "0811", email: "ana@alpha.test", status: "new" },
    { id: 2, name: "Budi Santoso", company_name: "PT Beta", phone: "0812", email: "BUDI@beta.test", status: "contacted" },
    { id: 3, name: "Citra Dewi", company_name: "PT Gamma", phone: "0813", status: "won" },
  ]);
  api.db.seed("demo-management", [
    { id: 7, name: "Budi Santoso", company_name: "PT Beta", email: "budi@beta.test", phone: "0812", status: "scheduled", demo_date: "2026-12-03T10:00:00Z" },
  ]);
});
afterEach(() => vi.restoreAllMocks());

const column = (stage: string) => screen.getByTestId(`pipeline-stage-${stage}`);
const namesIn = (stage: string) =>
  within(column(stage))
    .queryAllByRole("listitem")
    .map((li) => li.querySelector("[data-testid^='contact-card-'] > div > div")?.textContent);

async function openBoard(lang: "en" | "id" = "en") {
  const view = await renderCrud("/sales-contact", { lang, roleType: "owner" });
  await screen.findByText("Ana Lestari", {}, LOAD);
  return view;
}

async function moveByMenu(user: Awaited<ReturnType<typeof renderCrud>>["user"], name: string, target: string) {
  await user.click(screen.getByRole("button", { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole("menuitem", { name: target }));
}

function box(left: number, top: number, width: number, height: number) {
  return { x: left, y: top, left, top, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) } as DOMRect;
}

/** A column per 300 px; a card inside its column. */
function layBoardOut() {
  const stages: string[] = [...SALES_STAGES];
  return vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const section = this.closest<HTMLElement>("[data-testid^='pipeline-stage-']");
    if (!section) return box(0, 0, 0, 0);
    const x = stages.indexOf(section.dataset.testid!.replace("pipeline-stage-", "")) * 300;
    const item = this.closest("li");
    if (item) return box(x + 10, 100 + [...item.parentElement!.children].indexOf(item) * 80, 260, 70);
    return box(x, 50, 280, 700);
  });
}

describe("sales pipeline", () => {
  it("shows a column per stage in order, each with its contacts, and a contact's demo request on its card", async () => {
    await openBoard();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["New (1)", "Contacted (1)", "Demo done (0)", "Won (1)", "Lost (0)"]);
    expect(namesIn("new")).toEqual(["Ana Lestari"]);
    expect(namesIn("contacted")).toEqual(["Budi Santoso"]);
    expect(namesIn("won")).toEqual(["Citra Dewi"]);
    // Budi asked for a demo with the same email (any case): its state and date on his card.
    expect(within(screen.getByTestId("contact-card-2")).getByText(/Demo: Scheduled · 03-12-2026/)).toBeInTheDocument();
    expect(within(screen.getByTestId("contact-card-1")).queryByText(/Demo:/)).toBeNull();
  });

  it("a card moved by its menu moves at once and the server is sent its new status", async () => {
    const { user } = await openBoard();
    api.clearLog();
    await moveByMenu(user, "Ana Lestari", "Move to Demo done");
    await waitFor(() => expect(namesIn("demo_done")).toEqual(["Ana Lestari"]));
    expect(namesIn("new")).toEqual([]);
    await waitFor(() => expect(api.requests("PUT", "sales-contact/update/1")).toHaveLength(1));
    expect(api.requests("PUT", "sales-contact/update/1")[0]!.body).toEqual({ status: "demo_done" });
    expect(api.db.find("sales-contact", 1)).toMatchObject({ status: "demo_done" });
  });

  it.each([
    [409, "Changed by someone else"],
    [500, "Server error"],
  ])("refused with %i, the card goes back and the failure is said with the server's reason", async (status, message) => {
    const { user } = await openBoard();
    let release = () => {};
    const answered = new Promise<void>((res) => (release = res));
    server.use(
      http.put(/\/api\/sales-contact\/update\/2$/, async () => {
        await answered;
        return HttpResponse.json({ status: false, message }, { status });
      }),
    );
    await moveByMenu(user, "Budi Santoso", "Move to Won");
    // Moved before the server answers...
    await waitFor(() => expect(namesIn("won")).toEqual(["Budi Santoso", "Citra Dewi"]));
    release();
    // ...and back where it was when it refuses.
    await waitFor(() => expect(namesIn("contacted")).toEqual(["Budi Santoso"]));
    expect(namesIn("won")).toEqual(["Citra Dewi"]);
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(api.db.find("sales-contact", 2)).toMatchObject({ status: "contacted" });
  });

  it("a card moved with the keyboard alone (space, arrow right, space) goes one stage on", async () => {
    await openBoard();
    layBoardOut();
    api.clearLog();
    const handle = screen.getByRole("button", { name: "Move contact: Ana Lestari" });
    handle.focus();
    await act(async () => void fireEvent.keyDown(handle, { code: "Space", key: " " }));
    await waitFor(() => expect(handle).toHaveAttribute("aria-pressed", "true"));
    // dnd-kit's keyboard sensor listens for the next keys from a task it queues on pick-up.
    await act(() => new Promise((next) => setTimeout(next)));
    await act(async () => void fireEvent.keyDown(document, { code: "ArrowRight", key: "ArrowRight" }));
    await act(async () => void fireEvent.keyDown(document, { code: "Space", key: " " }));
    await waitFor(() => expect(namesIn("contacted")).toEqual(["Ana Lestari", "Budi Santoso"]));
    expect(await screen.findByText("Contact Ana Lestari was dropped in stage Contacted.")).toHaveAttribute("role", "status");
    await waitFor(() => expect(api.requests("PUT", "sales-contact/update/1")).toHaveLength(1));
    expect(api.requests("PUT", "sales-contact/update/1")[0]!.body).toEqual({ status: "contacted" });
  });

  it("reads in Indonesian", async () => {
    const { user } = await renderCrud("/sales-contact", { lang: "id", roleType: "owner" });
    await screen.findByText("Ana Lestari", {}, LOAD);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Baru (1)", "Dihubungi (1)", "Demo selesai (0)", "Berhasil (1)", "Gagal (0)"]);
    expect(within(screen.getByTestId("contact-card-2")).getByText(/Demo: Terjadwal/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tindakan untuk Ana Lestari" }));
    expect(await screen.findByRole("menuitem", { name: "Pindahkan ke Demo selesai" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pindahkan kontak: Ana Lestari" })).toBeInTheDocument();
  });
});
