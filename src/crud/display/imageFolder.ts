// Which folder of `image/{folder}/{file}` holds a record's image: the declaration's rule
// (declaration/image-folders.ts, shared with the server's delete check); a value
// "folder/name" names its own.
import { IMAGE_RESOURCE, imageFolderOf, type ResolvedField, type ResolvedResource } from "../../../declaration";

export { IMAGE_RESOURCE, imageFolderOf };

/** The path below the API of an image: "image/{folder}/{file}". */
export function imagePath(r: Pick<ResolvedResource, "name">, f: ResolvedField, value: string): string {
  const [folder, file] = value.includes("/") ? value.split("/", 2) : [imageFolderOf(r, f), value];
  return `${IMAGE_RESOURCE}/${encodeURIComponent(folder)}/${encodeURIComponent(file)}`;
}
