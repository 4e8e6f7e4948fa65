// Which folder of `image/{folder}/{file}` holds a record's image. The declaration does not say
// (a `folder` key on image fields would settle it): until it does, a declared `folder` wins, a
// value "folder/name" names its own, and otherwise the folder whose name appears in the field
// or resource name (image_selfie → selfie, report-k3 → k3), "profile" for people's photos.
import { RESOURCE_BY_NAME, type ResolvedField, type ResolvedResource } from "../../../declaration";

export const IMAGE_RESOURCE = "image"; // the contract's image store: image/{folder}/{fileName}

const folders = (): readonly string[] =>
  RESOURCE_BY_NAME.get(IMAGE_RESOURCE)?.fields.find((f) => f.name === "folder")?.options ?? [];

export function imageFolderOf(r: Pick<ResolvedResource, "name">, f: ResolvedField): string {
  const declared = (f as ResolvedField & { folder?: string }).folder;
  if (declared) return declared;
  const all = folders();
  const inName = (s: string) => all.find((folder) => s.split(/[-_]/).includes(folder));
  return inName(f.name) ?? inName(r.name) ?? (f.name === "logo" ? "company" : "profile");
}

/** The path below the API of an image: "image/{folder}/{file}". */
export function imagePath(r: Pick<ResolvedResource, "name">, f: ResolvedField, value: string): string {
  const [folder, file] = value.includes("/") ? value.split("/", 2) : [imageFolderOf(r, f), value];
  return `${IMAGE_RESOURCE}/${encodeURIComponent(folder)}/${encodeURIComponent(file)}`;
}
