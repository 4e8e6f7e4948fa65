// version-gantt save-plan/{id} in the contract mock: the server's rules that a client sees
// (server/custom/gantt-plan.ts): 409 plan_stale on an older revision, the plan replaces the
// version's activities (new ones get ids), the answer is { revision, activities }.
import { conflict, notFound } from "../../server/http/errors";
import type { MockDb, Row } from "./db";

interface PlanEntry {
  id?: number;
  key?: string;
  parent?: number | string | null;
  predecessors?: Array<{ id: number | string; type: string; lag?: number }>;
  [field: string]: unknown;
}

export function savePlanMock(db: MockDb, versionId: unknown, payload: Row): { revision: number; activities: Row[] } {
  const version = db.find("version-gantt", Number(versionId));
  if (!version) throw notFound();
  const current = Number(version.revision ?? 0);
  if (payload.revision !== current) throw conflict(undefined, "plan_stale");
  const entries = (Array.isArray(payload.activities) ? payload.activities : []) as PlanEntry[];
  const kept = new Set(entries.map((e) => e.id).filter((id): id is number => typeof id === "number"));
  db.remove("activity", (a) => Number(a.version_gantt_id) === version.id && !kept.has(Number(a.id)));
  const idOf = new Map<number | string, number>();
  const rows = entries.map((e, i) => {
    const { id, key, parent: _parent, predecessors: _links, ...fields } = e;
    const base = { ...fields, project_id: version.project_id, version_gantt_id: version.id, order: i + 1 };
    const row = typeof id === "number" ? Object.assign(db.find("activity", id)!, base) : db.insert("activity", base);
    idOf.set(typeof id === "number" ? id : String(key), Number(row.id));
    return row;
  });
  entries.forEach((e, i) => {
    rows[i].parent_id = e.parent === null || e.parent === undefined ? null : (idOf.get(e.parent) ?? null);
    rows[i].predecessors = (e.predecessors ?? []).map((p) => ({ ...p, id: idOf.get(p.id) ?? p.id }));
  });
  version.revision = current + 1;
  return { revision: current + 1, activities: rows };
}
