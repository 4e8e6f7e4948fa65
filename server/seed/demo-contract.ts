// The interface between the demo-data builder (server/seed/demo.ts) and the seed loader
// (server/seed/load.ts). The builder is pure: it makes rows; the loader encodes and inserts.
import type { MenuLine } from "../../declaration/answers";

/** What the loader knows after the base seed (menus, reference data, platform owner). */
export interface DemoInput {
  /** Menus made by the base seed from the declaration (group menus have a menu group as alias). */
  menus: Array<Pick<MenuLine, "id" | "alias" | "parent_id">>;
  /** Issue statuses of the base seed. */
  issueStatuses: Array<{ id: number; name: string; is_closed: boolean }>;
  /** The first free id of each table (by resource name), so demo ids never clash with the base seed. */
  nextId: (resource: string) => number;
  /** "Now" for the demo (dates are relative to it: a week of waypoints ending today). */
  now: Date;
}

export interface DemoTable {
  /** A resource name of resources.config.ts (API or legacy), e.g. "human-resource", "alert". */
  resource: string;
  /**
   * Rows in wire format (docs/api.md "Values on the wire"), with explicit `id` where other rows refer to
   * them, and `company_id` on company-scoped rows. Users carry no password: the loader sets the
   * hash of `passwordPlain` on every row of "human-resource".
   */
  rows: Array<Record<string, unknown>>;
}

export interface DemoData {
  /** The demo password of every demo account (the README says it is for the demo seed only). */
  passwordPlain: string;
  /** In insertion order: a table comes after the tables it refers to. */
  tables: DemoTable[];
  /**
   * Rows of the server's own tables (not resources of the declaration), inserted as they are after
   * the resources: `panic_event`, the alarms' trails (server/events/panic-trail.ts).
   */
  serverTables?: Array<{ table: "panic_event"; rows: Array<Record<string, unknown>> }>;
  /** Big tables generated lazily in chunks (waypoints): rows in wire format, no ids needed. */
  streams?: Array<{ resource: string; chunks: () => Iterable<Array<Record<string, unknown>>> }>;
  /** Files to write under DATA_DIR (selfies, documents), by server-made name. */
  files?: Array<{ folder: string; name: string; content: Uint8Array; mime: string }>;
}

export type BuildDemo = (input: DemoInput) => DemoData;
