// The request mixes of bench:api's project search (a):
// - repeated: 16 fixed bodies sent over and over, as one list screen's pages are asked again;
// - fresh: bodies never repeated within a bench run, as many people each filtering by their own
//   status, type, phase and manager, paging further and sorting the other way would send:
//   every combination of those filters (each present or not) with start_date descending or
//   ascending and each page the filter has (its expected rows from the generated data, at most
//   100 pages of 20), shuffled by a fixed seed; each load run takes the next unused ones;
// - writes: the fresh bodies with every tenth request a project update (its progress), on a
//   project drawn at random.
// Requests are written to a file the load generator (cannon-child.ts) reads and sends in order.
import { writeFileSync } from "node:fs";
import { Rng } from "../../server/seed/demo/rand";
import { PHASE_SHARE, MANAGER_SHARE, STATUSES } from "./data";
import type { Fixture } from "./fixture";

export interface BenchRequest {
  method: string;
  path: string;
  body: string;
}

export type MixName = "repeated" | "fresh" | "writes";

export const MIX_TITLES: Record<MixName, string> = {
  repeated: "the 16 repeated bodies",
  fresh: "never-repeated bodies",
  writes: "never-repeated bodies, 10 % project updates",
};

/** Every WRITE_EVERY-th request of the writes mix is an update. */
export const WRITE_EVERY = 10;
const PAGE = 20;
const MAX_PAGES = 100;
const SEARCH_PATH = "/api/project/search";

type Body = Record<string, unknown>;
const byStart = (ascending: boolean) => ({ columns: ["start_date"], ascending });
const page = (start: number) => ({ start, length: PAGE });
const status = (s: string) => ({ data: "status", operator: "=", value: s });

/** The fixed mix: status tabs, type, manager, date ranges, name `like`, pages 0-100, start_date desc/asc. */
export function repeatedBodies(f: Fixture): Body[] {
  const desc = byStart(false);
  return [
    { columns: [status("in_progress")], orders: desc, paging: page(0) },
    { columns: [status("in_progress")], orders: desc, paging: page(20) },
    { columns: [status("in_progress")], orders: desc, paging: page(100) },
    { columns: [status("in_progress")], orders: byStart(true), paging: page(0) },
    { columns: [status("planning")], orders: desc, paging: page(0) },
    { columns: [status("planning")], orders: desc, paging: page(40) },
    { columns: [status("on_hold")], orders: desc, paging: page(0) },
    { columns: [status("completed")], orders: desc, paging: page(60) },
    { columns: [status("in_progress"), { data: "project_type_id", operator: "=", value: f.typeIds[2] }], orders: desc, paging: page(0) },
    { columns: [status("in_progress"), { data: "project_type_id", operator: "=", value: f.typeIds[5] }], orders: desc, paging: page(20) },
    { columns: [status("in_progress"), { data: "start_date", operator: "range", value: "2025-01-01", value1: "2025-12-31" }], orders: desc, paging: page(0) },
    { columns: [{ data: "status", operator: "in", value: ["planning", "on_hold"] }], orders: desc, paging: page(0) },
    { columns: [status("in_progress"), { data: "manager_id", operator: "=", value: f.managerIds[7] }], orders: desc, paging: page(0) },
    { columns: [{ data: "start_date", operator: "range", value: "2024-01-01", value1: "2024-06-30" }], orders: desc, paging: page(0) },
    { columns: [status("in_progress"), { data: "name", operator: "like", value: "jembatan" }], orders: desc, paging: page(0) },
    { columns: [status("completed"), { data: "name", operator: "like", value: "bandung" }], orders: desc, paging: page(20) },
  ];
}

/**
 * Every distinct fresh body of the generated data (see above), shuffled. `projects`: how many
 * the data holds (the expected rows of a filter scale with it).
 */
export function freshBodies(f: Fixture, projects: number, seed = 32): Body[] {
  const out: Body[] = [];
  const statuses: Array<[string | null, number]> = [[null, 1], ...STATUSES];
  const types: Array<number | null> = [null, ...f.typeIds];
  const phases: Array<number | null> = [null, ...f.phaseIds];
  const managers: Array<number | null> = [null, ...f.managerIds];
  for (const [s, sShare] of statuses)
    for (const t of types)
      for (const p of phases)
        for (const m of managers) {
          const share =
            sShare * (t === null ? 1 : 1 / f.typeIds.length) * (p === null ? 1 : PHASE_SHARE / f.phaseIds.length) * (m === null ? 1 : MANAGER_SHARE / f.managerIds.length);
          const pages = Math.min(MAX_PAGES, Math.ceil((projects * share) / PAGE));
          const columns: Body[] = [];
          if (s !== null) columns.push(status(s));
          if (t !== null) columns.push({ data: "project_type_id", operator: "=", value: t });
          if (p !== null) columns.push({ data: "project_phase_id", operator: "=", value: p });
          if (m !== null) columns.push({ data: "manager_id", operator: "=", value: m });
          for (let i = 0; i < pages; i++) for (const ascending of [false, true]) out.push({ columns, orders: byStart(ascending), paging: page(i * PAGE) });
        }
  const rng = new Rng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A project update of the writes mix: a random project's progress. */
export function updateRequest(rng: Rng, projectIds: { first: number; last: number }): BenchRequest {
  const id = rng.int(projectIds.first, projectIds.last);
  return { method: "PUT", path: `/api/project/update/${id}`, body: JSON.stringify({ progress: rng.int(0, 100) }) };
}

export const searchRequest = (body: Body): BenchRequest => ({ method: "POST", path: SEARCH_PATH, body: JSON.stringify(body) });

/**
 * The requests of one mix, written to `file` for the load generator: the repeated bodies, or
 * `count` fresh bodies from `fresh[offset…]` (with an update every WRITE_EVERY-th request in the
 * writes mix). The load generator sends them in order and starts over when it runs out (the
 * bench says so).
 */
export function writeMix(
  file: string,
  mix: MixName,
  o: { repeated: Body[]; fresh: Body[]; offset: number; count: number; projectIds: { first: number; last: number }; seed: number },
): { requests: number; searches: number } {
  const requests: BenchRequest[] = [];
  let searches = 0;
  if (mix === "repeated") requests.push(...o.repeated.map(searchRequest));
  else {
    const rng = new Rng(o.seed);
    for (let i = 0; requests.length < o.count && o.offset + searches < o.fresh.length; i++) {
      if (mix === "writes" && i % WRITE_EVERY === WRITE_EVERY - 1) requests.push(updateRequest(rng, o.projectIds));
      else requests.push(searchRequest(o.fresh[o.offset + searches++]));
    }
  }
  writeFileSync(file, JSON.stringify(requests));
  return { requests: requests.length, searches };
}

/** How many of a mix's first `taken` requests were searches. */
export const searchesIn = (mix: MixName, taken: number): number => (mix === "writes" ? taken - Math.floor(taken / WRITE_EVERY) : taken);
