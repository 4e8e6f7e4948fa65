// The resolved declaration: what both the web app and the server read.
import { legacyResources, resources } from "../resources.config";
import { folderOfImageField, imageFolders } from "./image-folders";
import { resolveAll, type ResolvedField, type ResolvedResource } from "./resolve";

const all = resolveAll([...resources, ...legacyResources]);

/** Every resource of the project API (/api). */
export const API_RESOURCES: ResolvedResource[] = all.filter((r) => r.service === "api");
/** Resources of the legacy logistics/sales service (/legacy). */
export const LEGACY_RESOURCES: ResolvedResource[] = all.filter((r) => r.service === "legacy");
/** Every resource, by name. */
export const RESOURCE_BY_NAME: ReadonlyMap<string, ResolvedResource> = new Map(all.map((r) => [r.name, r]));
export const ALL_RESOURCES: ResolvedResource[] = all;

/** The image store's folder of a record's image field (declaration/image-folders.ts). */
export const imageFolderOf = (r: Pick<ResolvedResource, "name">, f: ResolvedField): string => folderOfImageField(imageFolders(RESOURCE_BY_NAME), r, f);

export * from "./resolve";
export { actionOf, genericCustomOf, OPERATION_RULES, ruleOfPath, type OperationAction, type OperationRule } from "./operations";
export { IMAGE_RESOURCE } from "./image-folders";
export type * from "./types";
export { GROUP_ICONS, GROUP_ORDER, MENU_GROUPS, groupLabelKey, isMenuGroup } from "./menu-groups";
