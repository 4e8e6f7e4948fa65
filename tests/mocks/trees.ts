// The tree answers as server/custom/trees.ts gives them (docs/api.md "Answers of the custom
// operations"): the same trees (declaration/trees.ts) over the mock's rows, answered with their
// ref labels; a template or project the actor may not see is 404.
import { resourceByName, type ResolvedResource } from "../../declaration";
import { countTree, folderTree, ftthTree, templateTree } from "../../declaration/trees";
import { notFound } from "../../server/http/errors";
import type { MockContext } from "./context";
import { answer } from "./generic";
import { sortRows } from "./search";

const PROJECT = resourceByName("project");
const FOLDER = resourceByName("folder-document-proyek");
const DOCUMENT = resourceByName("document-project");
const FTTH = resourceByName("hierarchy-ftths");

/** The project of the path (404 unless the actor sees it). */
function projectIdOf(c: MockContext): number {
  const p = c.rowsOf(PROJECT).find((x) => String(x.id) === c.params.project_id);
  if (!p) throw notFound();
  return Number(p.id);
}

/** A resource's rows of the project, ordered by `orderBy` then id, answered. */
const ofProject = (c: MockContext, r: ResolvedResource, projectId: number, orderBy: string) =>
  sortRows(
    r,
    c.rowsOf(r).filter((x) => Number(x.project_id) === projectId),
    [
      { column: orderBy, direction: "asc" },
      { column: "id", direction: "asc" },
    ],
  ).map((x) => answer(r, x, c.db));

/** template-gantt get-tree/{id}. */
export function mockTemplateTree(c: MockContext) {
  const t = c.rows().find(c.byParams);
  if (!t) throw notFound();
  return templateTree(t.structure);
}

/** folder-document-proyek get-tree/{project_id}. */
export function mockFolderTree(c: MockContext) {
  const projectId = projectIdOf(c);
  return folderTree(projectId, ofProject(c, FOLDER, projectId, "name"), ofProject(c, DOCUMENT, projectId, "name"));
}

/** hierarchy-ftths tree/{project_id}. */
export const mockFtthTree = (c: MockContext) => ftthTree(ofProject(c, FTTH, projectIdOf(c), "code"));

/** hierarchy-ftths count-tree/{project_id}. */
export const mockFtthCountTree = (c: MockContext) => countTree(mockFtthTree(c));
