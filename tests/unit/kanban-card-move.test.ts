import { describe, expect, it } from "vitest";
import { columnCards, moveCard, revertMove, type BoardCard } from "../../src/pages/kanban/model/cardMove";

type Card = BoardCard & { title: string };
const board: Card[] = [
  { id: 1, status: "todo", position: 0, title: "Pasang bekisting" },
  { id: 2, status: "todo", position: 1, title: "Pembesian pelat" },
  { id: 3, status: "todo", position: 2, title: "Uji slump" },
  { id: 4, status: "in_progress", position: 0, title: "Pengecoran" },
  { id: 5, status: "in_progress", position: 1, title: "Bongkar bekisting" },
  { id: 6, status: "done", position: 0, title: "Rapat MK" },
];
const ids = (cards: Card[], status: Card["status"]) => columnCards(cards, status).map((c) => c.id);

describe("kanban optimistic move", () => {
  it("moves a card to another column at an index and renumbers both columns", () => {
    const move = moveCard(board, 2, "in_progress", 1)!;
    expect(ids(move.cards, "todo")).toEqual([1, 3]);
    expect(ids(move.cards, "in_progress")).toEqual([4, 2, 5]);
    // The moved card first, then the others whose position changed; nothing for unmoved cards.
    expect(move.updates).toEqual([
      { id: 2, status: "in_progress", position: 1 },
      { id: 3, status: "todo", position: 1 },
      { id: 5, status: "in_progress", position: 2 },
    ]);
    expect(move.previous).toEqual([
      { id: 2, status: "todo", position: 1 },
      { id: 3, status: "todo", position: 2 },
      { id: 5, status: "in_progress", position: 1 },
    ]);
    expect(move.cards.find((c) => c.id === 2)?.title).toBe("Pembesian pelat");
    expect(board.find((c) => c.id === 2)?.status).toBe("todo");
  });

  it("reorders within a column (the index is where the card ends up)", () => {
    const move = moveCard(board, 1, "todo", 2)!;
    expect(ids(move.cards, "todo")).toEqual([2, 3, 1]);
    expect(move.updates).toEqual([
      { id: 1, status: "todo", position: 2 },
      { id: 2, status: "todo", position: 0 },
      { id: 3, status: "todo", position: 1 },
    ]);
  });

  it("drops into an empty column and clamps indexes beyond either end", () => {
    expect(moveCard(board, 6, "review", 5)?.updates).toEqual([{ id: 6, status: "review", position: 0 }]);
    expect(ids(moveCard(board, 3, "in_progress", 99)!.cards, "in_progress")).toEqual([4, 5, 3]);
    expect(ids(moveCard(board, 3, "in_progress", -4)!.cards, "in_progress")).toEqual([3, 4, 5]);
  });

  it("makes sparse positions dense", () => {
    const sparse: Card[] = [
      { id: 1, status: "todo", position: 10, title: "a" },
      { id: 2, status: "todo", position: 20, title: "b" },
      { id: 3, status: "review", position: 7, title: "c" },
    ];
    expect(moveCard(sparse, 3, "todo", 1)?.updates).toEqual([
      { id: 3, status: "todo", position: 1 },
      { id: 1, status: "todo", position: 0 },
      { id: 2, status: "todo", position: 2 },
    ]);
  });

  it("answers null when nothing changes or the card is unknown", () => {
    expect(moveCard(board, 1, "todo", 0)).toBeNull();
    expect(moveCard(board, 99, "done", 0)).toBeNull();
  });

  it("rolls a refused move back, keeping a later move of other cards", () => {
    const refused = moveCard(board, 2, "in_progress", 1)!;
    const later = moveCard(refused.cards, 6, "review", 0)!;
    const back = revertMove(later.cards, refused);
    expect(ids(back, "todo")).toEqual([1, 2, 3]);
    expect(ids(back, "in_progress")).toEqual([4, 5]);
    expect(ids(back, "review")).toEqual([6]);
    expect(revertMove(refused.cards, refused)).toEqual(board);
  });
});
