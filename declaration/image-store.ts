// The image store's rules beyond its fields, for the server (server/custom/files-images.ts) and the
// web tests' contract mock (tests/mocks/images.ts): which resources keep their images in each
// folder (from their image fields, declaration/image-folders.ts; whoever may edit records of one
// of them may delete the folder's images), and the names one multiple-delete takes.
import { ALL_RESOURCES, IMAGE_RESOURCE, imageFolderOf, type ResolvedResource } from "./index";

/** folder → the resources with an image field stored there. */
export const FOLDER_RESOURCES: ReadonlyMap<string, readonly ResolvedResource[]> = (() => {
  const out = new Map<string, ResolvedResource[]>();
  for (const r of ALL_RESOURCES) {
    if (r.name === IMAGE_RESOURCE) continue;
    for (const f of r.fields) {
      if (f.type !== "image") continue;
      const folder = imageFolderOf(r, f);
      const list = out.get(folder) ?? [];
      if (!list.includes(r)) list.push(r);
      out.set(folder, list);
    }
  }
  return out;
})();

/** Most names one multiple-delete takes. */
export const MAX_IMAGE_DELETE = 200;

/** multiple-delete's `{file_names}`: the comma-separated names, each once, blanks dropped. */
export const fileNamesOf = (param: unknown): string[] => [
  ...new Set(
    String(param)
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
