// The open board's cards as the user sees them (moves applied at once, before the server
// answers) and which card's drawer is open. One store: the columns, the cards, the drawer and the
// move hook all read it.
import { create } from "zustand";
import { CARD_STATUSES, boardColumns, type BoardCard, type CardStatus } from "../model/cardMove";

/** A card of `kanban-card/get-data` (labels of its refs included). */
export type KanbanCard = BoardCard & {
  kanban_board_id: number;
  title: string;
  description?: string | null;
  assignee_id?: number | null;
  assignee_id_label?: string | null;
  activity_id?: number | null;
  activity_id_label?: string | null;
  due_date?: string | null;
  color?: string | null;
};

/** The drawer: closed, a card to edit, or a new card for a column. */
export type CardDrawerState = { mode: "closed" } | { mode: "edit"; cardId: number } | { mode: "add"; status: CardStatus };

interface KanbanState {
  boardId: number | null;
  /** The board's columns: every declared status and any other the server answered. */
  columns: CardStatus[];
  cards: KanbanCard[];
  drawer: CardDrawerState;
  /** The board's columns (statuses) and cards as the server answered them. */
  load: (boardId: number, statuses: CardStatus[], cards: KanbanCard[]) => void;
  /** The board after a move (or its undoing). */
  setCards: (update: (cards: KanbanCard[]) => KanbanCard[]) => void;
  openDrawer: (drawer: CardDrawerState) => void;
  closeDrawer: () => void;
  /** No board open (the workspace has gone): nothing of it is shown when one opens next. */
  reset: () => void;
}

export const useKanbanStore = create<KanbanState>()((set) => ({
  boardId: null,
  columns: [...CARD_STATUSES],
  cards: [],
  drawer: { mode: "closed" },
  load: (boardId, statuses, cards) => set((s) => ({ boardId, columns: boardColumns(statuses), cards, drawer: s.boardId === boardId ? s.drawer : { mode: "closed" } })),
  setCards: (update) => set((s) => ({ cards: update(s.cards) })),
  openDrawer: (drawer) => set({ drawer }),
  closeDrawer: () => set({ drawer: { mode: "closed" } }),
  reset: () => set({ boardId: null, columns: [...CARD_STATUSES], cards: [], drawer: { mode: "closed" } }),
}));
