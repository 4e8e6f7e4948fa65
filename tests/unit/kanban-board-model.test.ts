// The board's small rules: where a drop lands (dropTarget), when a card is overdue and whose
// initials its avatar shows (cardFace), and the server's placement in a column (kanban-order),
// which the web tests' mock shares.
import { describe, expect, it } from "vitest";
import { closeGaps, placeInColumn } from "../../server/records/kanban-order";
import { initialsOf, isOverdue } from "../../src/pages/kanban/model/cardFace";
import { KANBAN_CARD_STATUSES, resourceByName } from "../../declaration";
import { boardColumns, CARD_STATUSES, type BoardCard } from "../../src/pages/kanban/model/cardMove";
import { dropTarget, parseDndId } from "../../src/pages/kanban/model/dropTarget";

const cards: BoardCard[] = [
  { id: 1, status: "todo", position: 0 },
  { id: 2, status: "todo", position: 1 },
  { id: 3, status: "todo", position: 2 },
  { id: 4, status: "review", position: 0 },
];

describe("dropTarget", () => {
  it("over a card of its own column: that card's index (arrayMove)", () => {
    expect(dropTarget(cards, 1, { kind: "card", id: 3 })).toEqual({ status: "todo", index: 2 });
    expect(dropTarget(cards, 3, { kind: "card", id: 1 })).toEqual({ status: "todo", index: 0 });
  });

  it("over a card of another column: before it, or after it when dropped below its middle", () => {
    expect(dropTarget(cards, 2, { kind: "card", id: 4 })).toEqual({ status: "review", index: 0 });
    expect(dropTarget(cards, 2, { kind: "card", id: 4 }, true)).toEqual({ status: "review", index: 1 });
  });

  it("over a column's empty area: its bottom; unknown cards: nothing", () => {
    expect(dropTarget(cards, 1, { kind: "column", status: "done" })).toEqual({ status: "done", index: 0 });
    expect(dropTarget(cards, 1, { kind: "column", status: "todo" })).toEqual({ status: "todo", index: 2 });
    expect(dropTarget(cards, 99, { kind: "column", status: "done" })).toBeNull();
    expect(dropTarget(cards, 1, { kind: "card", id: 99 })).toBeNull();
  });

  it("reads dnd-kit ids back: a card, any column the board has (a status the server added too), nothing else", () => {
    expect(parseDndId("card-12")).toEqual({ kind: "card", id: 12 });
    expect(parseDndId("column-in_progress")).toEqual({ kind: "column", status: "in_progress" });
    expect(parseDndId("column-blocked")).toEqual({ kind: "column", status: "blocked" });
    expect(parseDndId("column-")).toBeNull();
    expect(parseDndId("other")).toBeNull();
  });
});

describe("the board's columns", () => {
  it("are the declared statuses, once: the field's options, the server's columns and the board's are the same list", () => {
    const field = resourceByName("kanban-card").fields.find((f) => f.name === "status")!;
    expect(field.options).toBe(KANBAN_CARD_STATUSES);
    expect(CARD_STATUSES).toBe(KANBAN_CARD_STATUSES);
    expect(boardColumns([])).toEqual([...KANBAN_CARD_STATUSES]);
  });

  it("every status get-data answers has a column: the declared ones first, in order, then the others as answered", () => {
    expect(boardColumns(["todo", "in_progress", "review", "done"])).toEqual(["todo", "in_progress", "review", "done"]);
    expect(boardColumns(["done", "blocked", "todo", "archived"])).toEqual(["todo", "in_progress", "review", "done", "blocked", "archived"]);
  });
});

describe("cardFace", () => {
  const today = new Date(2026, 10, 23, 9, 0); // 23 November 2026, local time
  it("a card is overdue when due before today and not done", () => {
    expect(isOverdue("2026-11-22", "todo", today)).toBe(true);
    expect(isOverdue("2026-11-23", "todo", today)).toBe(false);
    expect(isOverdue("2026-11-01", "done", today)).toBe(false);
    expect(isOverdue(null, "todo", today)).toBe(false);
  });

  it("initials of the assignee's first two names", () => {
    expect(initialsOf("wawan worker setiawan")).toBe("WW");
    expect(initialsOf("Budi")).toBe("B");
    expect(initialsOf(null)).toBe("");
  });
});

describe("kanban-order", () => {
  const column = [
    { id: 7, position: 4 },
    { id: 5, position: 0 },
    { id: 6, position: 0 },
  ];
  it("places a card at the index asked among the others (in board order), clamped, renumbering 0, 1, 2...", () => {
    expect([...placeInColumn(column, 9, 1)]).toEqual([
      [5, 0],
      [9, 1],
      [6, 2],
      [7, 3],
    ]);
    expect([...placeInColumn(column, 9, 99)].at(-1)).toEqual([9, 3]);
    expect([...placeInColumn(column, 9, -3)][0]).toEqual([9, 0]);
    expect([...placeInColumn(column, 9, null)].at(-1)).toEqual([9, 3]);
  });

  it("the card itself among the others is ignored (it is being placed); a column left behind closes its gaps", () => {
    expect([...placeInColumn(column, 6, 0)]).toEqual([
      [6, 0],
      [5, 1],
      [7, 2],
    ]);
    expect([...closeGaps(column)]).toEqual([
      [5, 0],
      [6, 1],
      [7, 2],
    ]);
  });
});
