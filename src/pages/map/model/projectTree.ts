// The project tree's nodes: projects (checkable; key = the project id) and, loaded when a project
// is expanded, its FTTH hierarchy (hierarchy-ftths tree: OLT → ODC → ODP → ONT), not checkable,
// keyed "ftth:<id>" so they never mix with the selected project ids. Pure (unit tests).
import type { ProjectTreeNode } from "../store/mapStore";

export const FTTH_KEY_PREFIX = "ftth:";
export const isFtthKey = (key: string): boolean => key.startsWith(FTTH_KEY_PREFIX);

type FtthRecord = { id?: unknown; name?: unknown; code?: unknown; level?: unknown; location?: unknown; children?: unknown };

const locationOf = (v: unknown): [number, number] | null => (Array.isArray(v) && v.length >= 2 && typeof v[0] === "number" && typeof v[1] === "number" ? [v[0], v[1]] : null);

/** "ODP ODP-01 · Jl. Melati" (level in capitals, code, name; the parts that exist). */
export function ftthTitle(r: FtthRecord): string {
  const level = typeof r.level === "string" ? r.level.toUpperCase() : "";
  const code = r.code ? String(r.code) : "";
  const name = r.name ? String(r.name) : "";
  const head = [level, code && code !== name ? code : ""].filter(Boolean).join(" ");
  return [head, name].filter(Boolean).join(" · ") || String(r.id ?? "");
}

export function ftthNodes(records: readonly FtthRecord[]): ProjectTreeNode[] {
  return records.map((r) => {
    const children = Array.isArray(r.children) ? ftthNodes(r.children as FtthRecord[]) : [];
    return {
      key: `${FTTH_KEY_PREFIX}${String(r.id)}`,
      title: ftthTitle(r),
      checkable: false,
      isLeaf: children.length === 0,
      location: locationOf(r.location),
      ...(children.length ? { children } : {}),
    };
  });
}

/** The tree with the project's FTTH nodes put under it (an empty network makes it a leaf). */
export function withProjectChildren(tree: readonly ProjectTreeNode[], projectKey: string, children: ProjectTreeNode[]): ProjectTreeNode[] {
  return tree.map((n) => (n.key === projectKey ? { ...n, children, isLeaf: children.length === 0 } : n));
}

/** Project nodes from the project list; their networks load on expand (fresh each visit). */
export function projectNodes(projects: readonly { id: string | number; name: string }[]): ProjectTreeNode[] {
  return projects.map((p) => ({ key: String(p.id), title: p.name }));
}

/** The checked keys of a tree change (checkStrictly) → the selected project ids (numbers where numeric). */
export function checkedProjectIds(keys: readonly (string | number | bigint)[]): (string | number)[] {
  return keys
    .map(String)
    .filter((k) => !isFtthKey(k))
    .map((k) => (/^\d+$/.test(k) ? Number(k) : k));
}
