// The tree answers (docs/api.md "Answers of the custom operations": `[{ id, name, children: [...] }]`),
// pure: answered records → the trees of template-gantt get-tree, folder-document-proyek get-tree,
// hierarchy-ftths tree and count-tree. One computation for the server (server/custom/trees.ts,
// which reads the rows) and the web tests' contract mock (tests/mocks/trees.ts). Rows whose parent
// is missing (or would close a cycle) become roots, so nothing stored is ever hidden.
import type { AnswerRecord, CountNode, CountTree, FolderNode, FtthLevel, TemplateNode, TreeNode } from "./answers";

export type Node<T> = T & { children: Array<Node<T>> };

/** Records with `id` and `parent_id` → forest, keeping the given order among siblings. */
export function buildTree<T extends Record<string, unknown>>(records: T[]): Array<Node<T>> {
  const nodes = new Map<unknown, Node<T>>(records.map((r) => [r.id, { ...r, children: [] }]));
  const parentOf = (n: Node<T>) => (n.parent_id === null || n.parent_id === undefined ? undefined : nodes.get(n.parent_id));
  const closesCycle = (node: Node<T>, parent: Node<T>): boolean => {
    for (let cur: Node<T> | undefined = parent, d = 0; cur && d <= records.length; cur = parentOf(cur), d++) if (cur === node) return true;
    return false;
  };
  const roots: Array<Node<T>> = [];
  for (const r of records) {
    const node = nodes.get(r.id)!;
    const parent = parentOf(node);
    if (parent && !closesCycle(node, parent)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

// ---- template-gantt --------------------------------------------------------------------------

const MAX_TEMPLATE_NODES = 5000;
const CHILD_KEYS = ["children", "tasks", "phases", "items"];

/**
 * A template's `structure` (free JSON; the demo's is `{ phases: [{ code, name, type,
 * children: [...] }] }`) as a tree. Nodes are objects with a name (`name`, `title` or `text`)
 * and children under `children`, `tasks`, `phases` or `items`; the top is such a list or an
 * object holding one. `id` is the node's own `id` or `code`, else its position ("1", "1.2").
 * Other plain values of a node (type, code, duration_days, link) are kept.
 */
export function templateTree(structure: unknown): TemplateNode[] {
  let count = 0;
  const listOf = (v: unknown): unknown[] | null => {
    if (Array.isArray(v)) return v;
    if (v && typeof v === "object") {
      for (const k of CHILD_KEYS) if (Array.isArray((v as Record<string, unknown>)[k])) return (v as Record<string, unknown>)[k] as unknown[];
    }
    return null;
  };
  const walk = (list: unknown[], prefix: string, depth: number): TemplateNode[] => {
    const out: TemplateNode[] = [];
    list.forEach((item, i) => {
      if (!item || typeof item !== "object" || Array.isArray(item) || count >= MAX_TEMPLATE_NODES || depth > 20) return;
      count++;
      const o = item as Record<string, unknown>;
      const position = prefix ? `${prefix}.${i + 1}` : String(i + 1);
      const own = o.id ?? o.code;
      const node: TemplateNode = { id: typeof own === "string" || typeof own === "number" ? String(own) : position, name: "", children: [] };
      for (const [k, v] of Object.entries(o)) {
        if (CHILD_KEYS.includes(k) || k === "id") continue;
        if (v === null || ["string", "number", "boolean"].includes(typeof v)) node[k] = v;
      }
      const name = o.name ?? o.title ?? o.text;
      node.name = typeof name === "string" || typeof name === "number" ? String(name) : "";
      const kids = listOf(o);
      node.children = kids ? walk(kids, position, depth + 1) : [];
      out.push(node);
    });
    return out;
  };
  const top = listOf(structure);
  return top ? walk(top, "", 0) : [];
}

// ---- folder-document-proyek ------------------------------------------------------------------

/**
 * A project's folders (ordered by name, then id), each with its documents (likewise); documents
 * in no folder of the project first, as a root entry without an id (the project's top level).
 */
export function folderTree(projectId: number, folders: readonly AnswerRecord[], documents: readonly AnswerRecord[]): Array<TreeNode<FolderNode>> {
  const byFolder = new Map<unknown, AnswerRecord[]>();
  const known = new Set(folders.map((f) => f.id));
  const unfiled: AnswerRecord[] = [];
  for (const d of documents) {
    if (d.folder_id !== null && known.has(d.folder_id)) byFolder.set(d.folder_id, [...(byFolder.get(d.folder_id) ?? []), d]);
    else unfiled.push(d);
  }
  const tree: Array<TreeNode<FolderNode>> = buildTree(folders.map((f) => ({ ...f, documents: byFolder.get(f.id) ?? [] })));
  if (unfiled.length) tree.unshift({ id: null, name: null, project_id: projectId, parent_id: null, color: null, children: [], documents: unfiled });
  return tree;
}

// ---- hierarchy-ftths -------------------------------------------------------------------------

const LEVELS: readonly FtthLevel[] = ["olt", "odc", "odp", "ont"];
const levelRank = (l: unknown) => {
  const i = LEVELS.indexOf(l as FtthLevel);
  return i < 0 ? LEVELS.length : i;
};

/** A project's network nodes (ordered by code, then id) as a tree: levels top-down, then code, whatever order rows were added in. */
export function ftthTree<T extends AnswerRecord>(rows: readonly T[]): Array<Node<T>> {
  return buildTree([...rows].sort((a, b) => levelRank(a.level) - levelRank(b.level)));
}

const zeroLevels = (): Record<FtthLevel, number> => ({ olt: 0, odc: 0, odp: 0, ont: 0 });

/** The network's totals (per level and status) and each node with the count of nodes below it. */
export function countTree(roots: ReadonlyArray<Node<AnswerRecord>>): CountTree {
  const total = { total: 0, by_level: zeroLevels(), by_status: { planned: 0, installed: 0, active: 0 } as Record<string, number> };
  const count = (n: Node<AnswerRecord>): CountNode => {
    total.total++;
    const level = String(n.level) as FtthLevel;
    if (level in total.by_level) total.by_level[level]++;
    total.by_status[String(n.status)] = (total.by_status[String(n.status)] ?? 0) + 1;
    const children = n.children.map(count);
    const byLevel = zeroLevels();
    for (const c of children) {
      if (c.level in byLevel) byLevel[c.level as FtthLevel]++;
      for (const l of LEVELS) byLevel[l] += c.by_level[l];
    }
    return {
      id: Number(n.id),
      name: String(n.name),
      code: String(n.code),
      level,
      status: String(n.status),
      count: children.reduce((a, c) => a + 1 + c.count, 0),
      by_level: byLevel,
      children,
    };
  };
  const tree = roots.map(count);
  return { ...total, tree };
}
