// Collects rows per table with ids from the loader's `nextId`, plus the files to write.
import type { DemoTable } from "../demo-contract";
import type { Rng } from "./rand";

export type Row = Record<string, unknown> & { id: number };

export interface DemoFile {
  folder: string;
  name: string;
  content: Uint8Array;
  mime: string;
}

export class DemoStore {
  private readonly tables = new Map<string, Row[]>();
  private readonly counters = new Map<string, number>();
  readonly files: DemoFile[] = [];

  constructor(
    private readonly nextId: (resource: string) => number,
    /** Draws the server-style names of stored files. */
    private readonly names: Rng,
  ) {}

  /** Adds a row with the table's next id and returns it (the same object, now with `id`). */
  insert(resource: string, row: Record<string, unknown>): Row {
    const id = this.counters.get(resource) ?? this.nextId(resource);
    this.counters.set(resource, id + 1);
    const withId = { id, ...row } as Row;
    let rows = this.tables.get(resource);
    if (!rows) this.tables.set(resource, (rows = []));
    rows.push(withId);
    return withId;
  }

  rows(resource: string): Row[] {
    return this.tables.get(resource) ?? [];
  }

  /** Stores a file under a server-made name (random hex like an upload gets) and returns the name. */
  addFile(folder: string, extension: string, content: Uint8Array, mime: string): string {
    const name = `${this.names.hex(32)}.${extension}`;
    this.files.push({ folder, name, content, mime });
    return name;
  }

  /** The tables in the given order; fails on a table that has rows but no place in the order. */
  toTables(order: readonly string[]): DemoTable[] {
    const unplaced = [...this.tables.keys()].filter((t) => !order.includes(t));
    if (unplaced.length) throw new Error(`demo tables without a place in the insertion order: ${unplaced.join(", ")}`);
    return order.filter((t) => this.tables.has(t)).map((resource) => ({ resource, rows: this.rows(resource) }));
  }
}
