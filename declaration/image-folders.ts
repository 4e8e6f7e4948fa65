// Which folder of the image store (`image/{folder}/{file}`) holds a record's image: one rule for
// the web app's uploads and the server's delete check. A declared `folder` on the field wins;
// otherwise the folder whose name appears in the field or resource name (image_selfie → selfie,
// report-k3 → k3), "company" for a logo, "profile" for people's photos.
import type { ResolvedField, ResolvedResource } from "./resolve";

export const IMAGE_RESOURCE = "image"; // the contract's image store: image/{folder}/{fileName}

export function imageFolders(byName: ReadonlyMap<string, ResolvedResource>): readonly string[] {
  return byName.get(IMAGE_RESOURCE)?.fields.find((f) => f.name === "folder")?.options ?? [];
}

export function folderOfImageField(folders: readonly string[], r: Pick<ResolvedResource, "name">, f: ResolvedField): string {
  const declared = (f as ResolvedField & { folder?: string }).folder;
  if (declared) return declared;
  const inName = (s: string) => folders.find((folder) => s.split(/[-_]/).includes(folder));
  return inName(f.name) ?? inName(r.name) ?? (f.name === "logo" ? "company" : "profile");
}
