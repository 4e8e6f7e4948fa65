// Trees (docs/api.md "Answers of the custom operations": `[{ id, name, children: [...] }]`), built
// by declaration/trees.ts from the rows read here:
// - template-gantt GET get-tree/{id}: the template's WBS structure;
// - folder-document-proyek GET get-tree/{project_id}: the project's folders, each with its
//   documents (document-project records with F_labels);
// - hierarchy-ftths GET tree/{project_id} (OLT → ODC → ODP → ONT, records with children) and
//   count-tree/{project_id} (counts per level and per node).
// A project or template of another company is 404.
import { resourceByName, type ResolvedResource } from "../../declaration";
import { countTree, folderTree, ftthTree, templateTree } from "../../declaration/trees";
import { eq } from "../db/conditions";
import { notFound } from "../http/errors";
import type { RecordStore, WireRecord } from "../records/store";
import { registerCustom } from "../routes/custom-registry";

const PROJECT = resourceByName("project");
const TEMPLATE = resourceByName("template-gantt");
const FOLDER = resourceByName("folder-document-proyek");
const DOCUMENT = resourceByName("document-project");
const FTTH = resourceByName("hierarchy-ftths");

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

registerCustom("template-gantt", "getTree", async (ctx) => {
  const t = await ctx.store.findOne(TEMPLATE, ctx.store.matchParams(TEMPLATE, ctx.params));
  if (!t) throw notFound();
  return templateTree(t.structure);
});

registerCustom("folder-document-proyek", "getTree", async (ctx) => {
  const projectId = Number((await projectOf(ctx.store, ctx.params.project_id)).id);
  return folderTree(projectId, await rowsOfProject(ctx.store, FOLDER, projectId, "name"), await rowsOfProject(ctx.store, DOCUMENT, projectId, "name"));
});

async function ftthNodes(store: RecordStore, rawProject: unknown) {
  const project = await projectOf(store, rawProject);
  return ftthTree(await rowsOfProject(store, FTTH, Number(project.id), "code"));
}

registerCustom("hierarchy-ftths", "tree", async (ctx) => ftthNodes(ctx.store, ctx.params.project_id));

registerCustom("hierarchy-ftths", "countTree", async (ctx) => countTree(await ftthNodes(ctx.store, ctx.params.project_id)));
