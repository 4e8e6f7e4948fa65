// What the audit screen shows of an entry besides its changes: the declared list fields but the
// raw before/after (read as the changes column instead), the person by name even when they are
// gone (the name kept in the entry).
import type { ResolvedField, ResolvedResource } from "../../../../declaration";
import { listFieldsOf } from "../../../crud/model";

type Row = Record<string, unknown>;

export const CHANGE_FIELDS = new Set(["before", "after"]);

export const auditColumnsOf = (r: ResolvedResource): ResolvedField[] => listFieldsOf(r).filter((f) => !CHANGE_FIELDS.has(f.name));

/** The entry with its person's name where the person's record no longer names them. */
export const withActorName = (row: Row): Row =>
  (row.actor_id_label === undefined || row.actor_id_label === null || row.actor_id_label === "") && row.actor_name ? { ...row, actor_id_label: row.actor_name } : row;
