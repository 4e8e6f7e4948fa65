// Trees (docs/api.md "Answers of the custom operations": `[{ id, name, children: [...] }]`):
// - template-gantt GET get-tree/{id}: the template's WBS structure;
// - folder-document-proyek GET get-tree/{project_id}: the project's folders, each with its
//   documents (document-project records with F_labels);
// - hierarchy-ftths GET tree/{project_id} (OLT → ODC → ODP → ONT, records with children) and
//   count-tree/{project_id} (counts per level and per node).
// A project or template of another company is 404. Rows whose parent is missing (or would
// close a cycle) become roots, so nothing stored is ever hidden.
import { resourceByName, type ResolvedResource } from "../../declaration";
import type { CountNode, FolderNode, TemplateNode, TreeNode } from "../../declaration/answers";
import { eq } from "../db/conditions";
import { notFound } from "../http/errors";
import type { RecordStore, WireRecord } from "../records/store";
import { registerCustom } from "../routes/custom-registry";

const PROJECT = resourceByName("project");
const TEMPLATE = resourceByName("template-gantt");
const FOLDER = resourceByName("folder-document-proyek");
const DOCUMENT = resourceByName("document-project");
const FTTH = resourceByName("hierarchy-ftths");

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

/** The project (404 unless it is the actor's company's). */
async function projectOf(store: RecordStore, raw: unknown): Promise<WireRecord> {
  const p = await store.findOne(PROJECT, store.matchParams(PROJECT, { id: raw }));
  if (!p) throw notFound();
  return p;
}

async function rowsOfProject(store: RecordStore, r: ResolvedResource, projectId: number, orderBy: string) {
  const rows = await store.rows(r, [eq("project_id", projectId)], {
    orders: [
      { column: orderBy, direction: "asc" },
      { column: "id", direction: "asc" },
    ],
  });
  return store.present(r, rows);
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

registerCustom("template-gantt", "getTree", async (ctx) => {
  const t = await ctx.store.findOne(TEMPLATE, ctx.store.matchParams(TEMPLATE, ctx.params));
  if (!t) throw notFound();
  return templateTree(t.structure);
});

// ---- folder-document-proyek ------------------------------------------------------------------

registerCustom("folder-document-proyek", "getTree", async (ctx) => {
  const project = await projectOf(ctx.store, ctx.params.project_id);
  const projectId = Number(project.id);
  const folders = await rowsOfProject(ctx.store, FOLDER, projectId, "name");
  const documents = await rowsOfProject(ctx.store, DOCUMENT, projectId, "name");
  const byFolder = new Map<unknown, WireRecord[]>();
  const known = new Set(folders.map((f) => f.id));
  const unfiled: WireRecord[] = [];
  for (const d of documents) {
    if (d.folder_id !== null && known.has(d.folder_id)) byFolder.set(d.folder_id, [...(byFolder.get(d.folder_id) ?? []), d]);
    else unfiled.push(d);
  }
  const withDocs = folders.map((f) => ({ ...f, documents: byFolder.get(f.id) ?? [] }));
  const tree: Array<TreeNode<FolderNode>> = buildTree(withDocs);
  // Documents outside any folder: a root entry without an id (the project's top level).
  if (unfiled.length) tree.unshift({ id: null, name: null, project_id: projectId, parent_id: null, color: null, children: [], documents: unfiled });
  return tree;
});

// ---- hierarchy-ftths -------------------------------------------------------------------------

const LEVELS = ["olt", "odc", "odp", "ont"] as const;
type Level = (typeof LEVELS)[number];
const levelRank = (l: unknown) => {
  const i = LEVELS.indexOf(l as Level);
  return i < 0 ? LEVELS.length : i;
};

async function ftthNodes(store: RecordStore, rawProject: unknown) {
  const project = await projectOf(store, rawProject);
  const rows = await rowsOfProject(store, FTTH, Number(project.id), "code");
  // Levels top-down, then code: the order of the network, whatever order rows were added in.
  rows.sort((a, b) => levelRank(a.level) - levelRank(b.level));
  return buildTree(rows);
}

registerCustom("hierarchy-ftths", "tree", async (ctx) => ftthNodes(ctx.store, ctx.params.project_id));

const zeroLevels = (): Record<Level, number> => ({ olt: 0, odc: 0, odp: 0, ont: 0 });

registerCustom("hierarchy-ftths", "countTree", async (ctx) => {
  const roots = await ftthNodes(ctx.store, ctx.params.project_id);
  const total = { total: 0, by_level: zeroLevels(), by_status: { planned: 0, installed: 0, active: 0 } as Record<string, number> };
  const count = (n: Node<WireRecord>): CountNode => {
    total.total++;
    const level = String(n.level) as Level;
    if (level in total.by_level) total.by_level[level]++;
    total.by_status[String(n.status)] = (total.by_status[String(n.status)] ?? 0) + 1;
    const children = n.children.map(count);
    const byLevel = zeroLevels();
    for (const c of children) {
      if (c.level in byLevel) byLevel[c.level as Level]++;
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
});
