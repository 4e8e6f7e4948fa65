// Bespoke pages that replace a generated screen: the declaration names them (`pages.list`,
// ...), this registry maps a name to its lazy import. A page whose resource has its own
// `route` (the map at /map/view) is routed by the shell and needs no entry here.
import type { ComponentType } from "react";

export type BespokeLoader = () => Promise<{ default: ComponentType }>;

export const BESPOKE_PAGES: Record<string, BespokeLoader> = {};
