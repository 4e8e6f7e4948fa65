// How much of a search result one answer holds: the requested page, capped by the resource's
// maxPageLength (or DEFAULT_MAX_PAGE); -1 asks for all and is capped too. Pure, so the web
// tests' contract mock pages exactly as the server does.
import type { ResolvedResource } from "../../declaration";
import type { Paging } from "./query";

/** Most rows one answer holds when a resource declares no maxPageLength. */
export const DEFAULT_MAX_PAGE = 1000;

export const maxPageOf = (r: ResolvedResource): number => r.maxPageLength ?? DEFAULT_MAX_PAGE;

export interface PageWindow {
  start: number;
  length: number;
  /** The page asked for more than the cap: the answer says so (`page_capped`) when rows were left out. */
  capped: boolean;
}

export function pageWindow(r: ResolvedResource, paging: Paging): PageWindow {
  const cap = maxPageOf(r);
  const capped = paging.length === -1 || paging.length > cap;
  return { start: paging.start, length: capped ? cap : paging.length, capped };
}
