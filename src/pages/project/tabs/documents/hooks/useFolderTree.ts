// The project's folders with their files (folder-document-proyek get-tree), read again after
// every change the tab makes.
import { useOperation } from "../../../../../providers/operations";
import type { Folder } from "../model/folders";

export function useFolderTree(projectId: string | number) {
  const { data, query } = useOperation("folder-document-proyek", "getTree", { params: { project_id: projectId } });
  return { tree: (data ?? []) as Folder[], loading: query.isLoading, refetch: () => void query.refetch() };
}
