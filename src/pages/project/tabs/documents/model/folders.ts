// The project's folder tree as the server answers it (folder-document-proyek get-tree: folders
// with `children` and `documents`; documents outside any folder in an entry with id null),
// turned into what the tab shows: tree nodes, a folder's files, and the folder keys.
import type { AnswerRecord, FolderNode, TreeNode } from "../../../../../../declaration/answers";

export type Folder = TreeNode<FolderNode>;
export type DocumentRow = AnswerRecord;

/** The key of the project's top level (documents in no folder). */
export const ROOT_KEY = "root";

export const folderKey = (id: unknown): string => (id === null || id === undefined ? ROOT_KEY : String(id));

export interface FolderTreeNode {
  key: string;
  title: string;
  /** Files directly in this folder. */
  count: number;
  children: FolderTreeNode[];
}

/** Tree nodes for antd's Tree: the top level first (named by the caller), then the folders. */
export function treeNodes(tree: readonly Folder[], rootTitle: string): FolderTreeNode[] {
  const toNode = (f: Folder): FolderTreeNode => ({
    key: folderKey(f.id),
    title: String(f.name ?? ""),
    count: f.documents?.length ?? 0,
    children: (f.children ?? []).map(toNode),
  });
  const root = tree.find((f) => f.id === null || f.id === undefined);
  const folders = tree.filter((f) => f !== root);
  return [{ key: ROOT_KEY, title: rootTitle, count: root?.documents?.length ?? 0, children: folders.map(toNode) }];
}

/** The folder with this key anywhere in the tree (the top level's entry for ROOT_KEY). */
export function findFolder(tree: readonly Folder[], key: string): Folder | undefined {
  for (const f of tree) {
    if (folderKey(f.id) === key) return f;
    const below = findFolder(f.children ?? [], key);
    if (below) return below;
  }
  return undefined;
}

/** The files directly in the folder (none for a folder not in the tree). */
export const filesOf = (tree: readonly Folder[], key: string): DocumentRow[] => findFolder(tree, key)?.documents ?? [];

/** The folder id to send with an upload or a new folder (null: the top level). */
export const folderIdOf = (key: string): number | null => (key === ROOT_KEY ? null : Number(key));
