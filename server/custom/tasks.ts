// task GET (base): the acting user's to-do list.
// - activities they are assigned to (user-to-activity): kind "activity", with the project, the
//   Gantt version, dates and progress;
// - kanban cards assigned to them (assignee_id): kind "card", the card's due date as end_date,
//   its board's project, progress 100 when done.
// Each row: { kind, activity_id, kanban_card_id, kanban_board_id, version_gantt_id, name, code,
// project_id, start_date, end_date, progress, status (todo | in_progress | review | done) } with
// activity_id_label and project_id_label. Open work first, then by end date, then name.
// Query string: project_id, kind, status (equality) narrow the list.
import { resourceByName, type ResolvedResource } from "../../declaration";
import { attachLabels } from "../records/labels";
import { eq, inList } from "../db/conditions";
import type { RecordStore, Row } from "../records/store";
import { registerCustom } from "../routes/custom-registry";

const TASK = resourceByName("task");
const ACTIVITY = resourceByName("activity");
const ASSIGNED = resourceByName("user-to-activity");
const CARD = resourceByName("kanban-card");
const BOARD = resourceByName("kanban-board");
const CHUNK = 500;

export interface TaskRow {
  kind: "activity" | "card";
  activity_id: number | null;
  kanban_card_id: number | null;
  kanban_board_id: number | null;
  version_gantt_id: number | null;
  name: string;
  code: string | null;
  project_id: number | null;
  start_date: string | null;
  end_date: string | null;
  progress: number | null;
  status: string;
  [k: string]: unknown;
}

async function byIds(store: RecordStore, r: ResolvedResource, ids: number[]): Promise<Row[]> {
  const out: Row[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) out.push(...(await store.rows(r, [inList("id", unique.slice(i, i + CHUNK))])));
  return out;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function tasksOf(store: RecordStore, userId: number): Promise<TaskRow[]> {
  const links = await store.rows(ASSIGNED, [eq("user_id", userId)]);
  const activities = await byIds(
    store,
    ACTIVITY,
    links.map((l) => Number(l.activity_id)),
  );
  const rows: TaskRow[] = activities.map((a) => {
    const progress = Number(a.progress ?? 0);
    return {
      kind: "activity",
      activity_id: Number(a.id),
      kanban_card_id: null,
      kanban_board_id: null,
      version_gantt_id: num(a.version_gantt_id),
      name: String(a.name),
      code: str(a.code),
      project_id: num(a.project_id),
      start_date: str(a.start_date),
      end_date: str(a.end_date),
      progress,
      status: progress >= 100 ? "done" : progress > 0 ? "in_progress" : "todo",
    };
  });
  const cards = await store.rows(CARD, [eq("assignee_id", userId)]);
  const boards = new Map(
    (
      await byIds(
        store,
        BOARD,
        cards.map((c) => Number(c.kanban_board_id)),
      )
    ).map((b) => [Number(b.id), b]),
  );
  for (const c of cards) {
    const board = boards.get(Number(c.kanban_board_id));
    rows.push({
      kind: "card",
      activity_id: num(c.activity_id),
      kanban_card_id: Number(c.id),
      kanban_board_id: num(c.kanban_board_id),
      version_gantt_id: null,
      name: String(c.title),
      code: null,
      project_id: board ? num(board.project_id) : null,
      start_date: null,
      end_date: str(c.due_date),
      progress: c.status === "done" ? 100 : null,
      status: String(c.status),
    });
  }
  rows.sort(
    (a, b) =>
      Number(a.status === "done") - Number(b.status === "done") ||
      (a.end_date ?? "9999").localeCompare(b.end_date ?? "9999") ||
      a.name.localeCompare(b.name) ||
      (a.activity_id ?? 0) - (b.activity_id ?? 0),
  );
  return rows;
}

registerCustom("task", "list", async (ctx) => {
  let rows = await tasksOf(ctx.store, ctx.actor.userId);
  const q = ctx.query;
  const one = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined || v === "" ? null : [String(v)]);
  const projects = one(q.project_id);
  const kinds = one(q.kind);
  const statuses = one(q.status);
  if (projects) rows = rows.filter((r) => projects.includes(String(r.project_id)));
  if (kinds) rows = rows.filter((r) => kinds.includes(r.kind));
  if (statuses) rows = rows.filter((r) => statuses.includes(r.status));
  await attachLabels(ctx.db, ctx.actor, TASK, rows);
  return rows;
});
