// The kanban page against the contract mock: a board's columns and cards (a column for every
// status the server answers), a card moved with the keyboard alone (space, arrow, space) moves
// at once and sends kanban-card/update/{id} with its status and position; refused (4xx or 5xx),
// the card goes back and the failure is said as the generated screens say theirs.
// jsdom lays nothing out: element boxes are given here as the board would draw them (a column
// per 300 px, cards 80 px apart), which is all dnd-kit's keyboard coordinates need.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useKanbanStore } from "../../src/pages/kanban/store/kanbanStore";
import { mockApi, renderCrud } from "./crud/harness";
import { server } from "./msw";
import type { InstalledContractMock } from "../mocks";
import { LOAD } from "./support/waits";

function box(left: number, top: number, width: number, height: number) {
  return { x: left, y: top, left, top, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) } as DOMRect;
}

/** Boxes by place on the board: the column from the enclosing section, the card from its row; the drag overlay where its card is. */
function layBoardOut() {
  return vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const column = this.closest<HTMLElement>("[data-testid^='kanban-column-']");
    if (!column) {
      // The drag overlay: where its card stands on the board.
      const face = this.closest("[data-testid^='kanban-card-']") ?? this.querySelector("[data-testid^='kanban-card-']");
      const onBoard = face && document.querySelector(`li [data-testid='${face.getAttribute("data-testid")}']`);
      return onBoard ? onBoard.getBoundingClientRect() : box(0, 0, 0, 0);
    }
    const x = useKanbanStore.getState().columns.indexOf(column.dataset.testid!.replace("kanban-column-", "")) * 300;
    const item = this.closest("li");
    if (item) return box(x + 10, 100 + [...item.parentElement!.children].indexOf(item) * 80, 260, 70);
    if (this.tagName === "UL") return box(x + 10, 100, 260, 600);
    return box(x, 50, 280, 700);
  });
}

let api: InstalledContractMock;

beforeEach(() => {
  api = mockApi();
  api.db.seed("project-type", [{ id: 1, name: "Gedung" }]);
  api.db.seed("project", [{ id: 1, name: "Tower One", code: "T1", project_type_id: 1, status: "in_progress" }]);
  api.db.seed("human-resource", [{ id: 5, name: "Wawan Worker", email: "wawan@demo.test" }]);
  api.db.seed("kanban-board", [{ id: 1, project_id: 1, name: "Site works", order: 1 }]);
  api.db.seed("kanban-card", [
    { id: 1, kanban_board_id: 1, title: "Check rebar", status: "todo", position: 0, assignee_id: 5, due_date: "2020-01-01" },
    { id: 2, kanban_board_id: 1, title: "Set formwork", status: "todo", position: 1 },
    { id: 3, kanban_board_id: 1, title: "Pour slab", status: "in_progress", position: 0 },
  ]);
});
afterEach(() => vi.restoreAllMocks());

const column = (status: string) => screen.getByTestId(`kanban-column-${status}`);
const titlesIn = (status: string) =>
  within(column(status))
    .queryAllByRole("listitem")
    .map((li) => within(li).getAllByRole("button")[1]!.textContent);

/** Picks the card up by its handle with the keyboard, one step right, and drops it. */
async function moveRightWithKeyboard(title: string, handleName = `Move card: ${title}`) {
  const handle = screen.getByRole("button", { name: handleName });
  handle.focus();
  await act(async () => void fireEvent.keyDown(handle, { code: "Space", key: " " }));
  await waitFor(() => expect(handle).toHaveAttribute("aria-pressed", "true"));
  // dnd-kit's keyboard sensor listens for the next keys from a task it queues on pick-up.
  await act(() => new Promise((next) => setTimeout(next)));
  await act(async () => void fireEvent.keyDown(document, { code: "ArrowRight", key: "ArrowRight" }));
  await act(async () => void fireEvent.keyDown(document, { code: "Space", key: " " }));
}

async function openBoard(lang: "en" | "id" = "en") {
  // renderCrud mounts the app's one toast container.
  const view = await renderCrud("/kanban-board?project=1&board=1", { lang });
  await screen.findByText("Check rebar", {}, LOAD);
  layBoardOut();
  return view;
}

describe("kanban board", () => {
  it("shows the board's columns and cards: assignee, due date in red when overdue", async () => {
    await openBoard();
    expect(titlesIn("todo")).toEqual(["Check rebar", "Set formwork"]);
    expect(titlesIn("in_progress")).toEqual(["Pour slab"]);
    expect(within(column("todo")).getByLabelText("Assigned to Wawan Worker")).toHaveTextContent("WW");
    expect(within(column("todo")).getByText(/01-01-2020/)).toHaveAttribute("data-overdue", "true"); // DD-MM-YYYY, the spec's date display
  });

  it("a card moved with the keyboard moves at once and the server is sent its status and position", async () => {
    await openBoard();
    api.clearLog();
    await moveRightWithKeyboard("Check rebar");
    await waitFor(() => expect(titlesIn("in_progress")).toEqual(["Check rebar", "Pour slab"]));
    expect(titlesIn("todo")).toEqual(["Set formwork"]);
    // Screen readers hear where it went (dnd-kit's live region).
    expect(await screen.findByText("Card Check rebar was dropped in column In progress, position 1 of 2.")).toHaveAttribute("role", "status");
    await waitFor(() => expect(api.requests("PUT", "kanban-card/update/1")).toHaveLength(1));
    expect(api.requests("PUT", "kanban-card/update/1")[0]!.body).toEqual({ status: "in_progress", position: 0 });
    // The mock placed it as the server does: the card below shifted.
    expect(api.db.find("kanban-card", 3)).toMatchObject({ status: "in_progress", position: 1 });
  });

  it.each([
    [409, "Changed by someone else"],
    [500, "Server error"],
  ])("refused with %i, the card goes back and the failure is said with the server's reason", async (status, message) => {
    await openBoard();
    let release = () => {};
    const answered = new Promise<void>((res) => (release = res));
    server.use(
      http.put(/\/api\/kanban-card\/update\/1$/, async () => {
        await answered;
        return HttpResponse.json({ status: false, message }, { status });
      }),
    );
    await moveRightWithKeyboard("Check rebar");
    // Moved before the server answers...
    await waitFor(() => expect(titlesIn("in_progress")).toEqual(["Check rebar", "Pour slab"]));
    release();
    // ...and back where it was when it refuses.
    await waitFor(() => expect(titlesIn("todo")).toEqual(["Check rebar", "Set formwork"]));
    expect(titlesIn("in_progress")).toEqual(["Pour slab"]);
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("a status the server answers beyond the declared ones gets its column, with its card, after the declared ones", async () => {
    server.use(
      http.get(/\/api\/kanban-card\/get-data/, () =>
        HttpResponse.json({
          status: true,
          data: [
            { status: "todo", cards: [{ id: 1, kanban_board_id: 1, title: "Check rebar", status: "todo", position: 0 }] },
            { status: "in_progress", cards: [] },
            { status: "review", cards: [] },
            { status: "done", cards: [] },
            { status: "blocked", cards: [{ id: 9, kanban_board_id: 1, title: "Wait for permit", status: "blocked", position: 0 }] },
          ],
        }),
      ),
    );
    await openBoard();
    const regions = screen
      .getAllByRole("region")
      .map((r) => r.getAttribute("data-testid"))
      .filter((id) => id?.startsWith("kanban-column-"));
    expect(regions).toEqual(["kanban-column-todo", "kanban-column-in_progress", "kanban-column-review", "kanban-column-done", "kanban-column-blocked"]);
    expect(titlesIn("blocked")).toEqual(["Wait for permit"]);
    expect(within(column("blocked")).getByRole("heading")).toHaveTextContent("blocked (1)");
  });

  it("in Indonesian: the columns, the drag handle (its role description and instructions) and what screen readers hear", async () => {
    await openBoard("id");
    expect(within(column("todo")).getByRole("heading")).toHaveTextContent("Akan dikerjakan (2)");
    const handle = screen.getByRole("button", { name: "Pindahkan kartu: Check rebar" });
    // dnd-kit's own words ("sortable", its English instructions) are not left in.
    expect(handle).toHaveAttribute("aria-roledescription", "kartu yang dapat dipindahkan");
    expect(document.getElementById(handle.getAttribute("aria-describedby")!)).toHaveTextContent(/^Untuk mengambil kartu, tekan spasi/);
    server.use(
      http.put(/\/api\/kanban-card\/update\/1$/, () =>
        HttpResponse.json({ status: false, key: "conflict", message: "Data ini bertentangan dengan data yang ada." }, { status: 409 }),
      ),
    );
    await moveRightWithKeyboard("Check rebar", "Pindahkan kartu: Check rebar");
    expect(await screen.findByText("Kartu Check rebar diletakkan di kolom Berjalan, posisi 1 dari 2.", {}, LOAD)).toHaveAttribute("role", "status");
    // Refused: said in Indonesian, in a notification whose close button and region are named in Indonesian.
    expect(await screen.findByText("Data tidak dapat disimpan", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Notifikasi (Alt+T)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Tutup" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^close$/i })).not.toBeInTheDocument();
  });

  it("adds a card to a column through the drawer (kanban-card/add, beyond the spec): it shows at the column's bottom", async () => {
    const { user } = await openBoard();
    api.clearLog();
    await user.click(screen.getByRole("button", { name: "Add a card to In progress" }));
    const drawer = await screen.findByRole("dialog", {}, LOAD);
    expect(within(drawer).getByText("New card in In progress")).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText("Title"), "Cure slab");
    await user.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(titlesIn("in_progress")).toEqual(["Pour slab", "Cure slab"]), LOAD);
    expect(api.requests("POST", "kanban-card/add")[0]!.body).toMatchObject({ kanban_board_id: 1, title: "Cure slab", status: "in_progress" });
    expect(api.requests("POST", "kanban-card/add")[0]!.body).not.toHaveProperty("position");
  });

  it("a card's edit refused by the server: the generated screens' failure notification with its reason, the field's error by the field, the drawer stays open", async () => {
    const { user } = await openBoard();
    server.use(
      http.put(/\/api\/kanban-card\/update\/1$/, () =>
        HttpResponse.json({ status: false, key: "validation_failed", message: "Some fields are not valid.", errors: { title: "At most 10 characters." } }, { status: 400 }),
      ),
    );
    await user.click(screen.getByRole("button", { name: "Check rebar" }));
    const drawer = await screen.findByRole("dialog", {}, LOAD);
    const title = within(drawer).getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Check the rebar twice");
    await user.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("Some fields are not valid.")).toBeInTheDocument();
    expect(await within(drawer).findByText("At most 10 characters.", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeVisible();
    // Nothing stored: the card keeps its title.
    expect(api.db.find("kanban-card", 1)).toMatchObject({ title: "Check rebar" });
  });

  it("a new board refused: the failure notification, the modal stays open", async () => {
    const { user } = await openBoard();
    server.use(
      http.post(/\/api\/kanban-board\/add$/, () =>
        HttpResponse.json({ status: false, key: "server_error", message: "Something went wrong on the server. Please try again." }, { status: 500 }),
      ),
    );
    await user.click(screen.getByRole("button", { name: "Add board" }));
    const modal = await screen.findByRole("dialog", {}, LOAD);
    await user.type(within(modal).getByLabelText("Name"), "Finishing");
    await user.click(within(modal).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The data could not be saved", {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText("Something went wrong on the server. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeVisible();
  });
});
