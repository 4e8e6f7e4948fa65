// What the builders share: the store, the random source, the clock, and what earlier builders made.
import type { DemoInput } from "../demo-contract";
import type { CompanyDef, ProjectDef } from "./catalog";
import type { Look } from "./pictures";
import type { Rng } from "./rand";
import type { DemoStore, Row } from "./store";
import type { Clock } from "./time";

export interface Ctx {
  input: DemoInput;
  store: DemoStore;
  rng: Rng;
  clock: Clock;
}

export type RoleKind = "admin" | "manager" | "supervisor" | "worker";

export interface Worker {
  user: Row;
  female: boolean;
  look: Look;
  /** Role on the current project (a project-role name). */
  projectRole: string;
  /** Drives between spots by motorbike (FTTH crews, logistics) rather than walking one site. */
  roams: boolean;
  /** 0-based position within the company's workers: seeds the worker's own random streams. */
  ordinal: number;
  project: ProjectBuild | null;
}

export interface ProjectBuild {
  def: ProjectDef;
  row: Row;
  company: CompanyBuild;
  workers: Worker[];
  /** Planning rows, filled by planning.ts. */
  baseline: Row | null;
  current: Row | null;
  /** Leaf tasks of the current Gantt version. */
  tasks: Row[];
  /** Work spots in metres from the site centre (FTTH nodes, site zones), filled before the field. */
  spots: Array<{ x: number; y: number; label: string }>;
}

export interface CompanyBuild {
  def: CompanyDef;
  id: number;
  row: Row;
  roles: Record<RoleKind, Row>;
  admin: Row;
  pm: Row;
  supervisor: Row;
  workers: Worker[];
  /** Every user of the company. */
  staff: Row[];
  divisions: Map<string, Row>;
  units: Map<string, Row>;
  shifts: { pagi: Row; siang: Row; malam: Row };
  projectTypes: Map<string, Row>;
  phases: Map<string, Row>;
  projectRoles: Map<string, Row>;
  projects: ProjectBuild[];
}

/** The row's value as a number / string (rows are loosely typed records). */
export const num = (row: Row, field: string): number => row[field] as number;
export const str = (row: Row, field: string): string => row[field] as string;

/** Rounds money to whole thousands of rupiah, as Indonesian quotations do. */
export const rupiah = (n: number): number => Math.round(n / 1000) * 1000;

export const round = (n: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
