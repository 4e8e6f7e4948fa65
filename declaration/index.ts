// The resolved declaration: what both the web app and the server read.
import { legacyResources, resources } from "../resources.config";
import { folderOfImageField, imageFolders } from "./image-folders";
import { resolveAll, type ResolvedField, type ResolvedResource } from "./resolve";
import { RESOURCE_NAMES, type ResourceName } from "./resources/names";
import type { ResourceTables } from "./tables";

const all = resolveAll([...resources, ...legacyResources], RESOURCE_NAMES);

/** Every resource of the project API (/api). */
export const API_RESOURCES: ResolvedResource[] = all.filter((r) => r.service === "api");
/** Resources of the legacy logistics/sales service (/legacy). */
export const LEGACY_RESOURCES: ResolvedResource[] = all.filter((r) => r.service === "legacy");
/** Every resource, by name. */
export const RESOURCE_BY_NAME: ReadonlyMap<string, ResolvedResource> = new Map(all.map((r) => [r.name, r]));
export const ALL_RESOURCES: ResolvedResource[] = all;

/** A resource whose `table` is typed: its table's name (declaration/tables.ts), null for one without a table. */
export type TypedResource<N extends ResourceName> = ResolvedResource & { table: N extends keyof ResourceTables ? ResourceTables[N] : null };

/** The resolved resource of a name; the name is checked when compiling (declaration/resources/names.ts), its table typed. */
export const resourceByName = <N extends ResourceName>(name: N): TypedResource<N> => RESOURCE_BY_NAME.get(name) as TypedResource<N>;

/** The resolved resource of a name that comes from data (a row, a menu, a route); throws for an unknown one. A name written in code uses resourceByName. */
export function resourceNamed(name: string): ResolvedResource {
  const r = RESOURCE_BY_NAME.get(name);
  if (!r) throw new Error(`no resource "${name}" in the declaration`);
  return r;
}

/** Whether a string (a route's or Refine's resource name) names a declared resource. */
export const isResourceName = (name: string): name is ResourceName => RESOURCE_BY_NAME.has(name);

/** The image store's folder of a record's image field (declaration/image-folders.ts). */
export const imageFolderOf = (r: Pick<ResolvedResource, "name">, f: ResolvedField): string => folderOfImageField(imageFolders(RESOURCE_BY_NAME), r, f);

export * from "./resolve";
export { filterKindOf, listFilters, listSortOf, type FilterKind } from "./filters";
export {
  ADMINISTRATION_MENUS,
  ANYONE_SIGNED_IN,
  describeRight,
  NAMED_RIGHTS,
  resolveRight,
  rightWrites,
  type MenuRight,
  type NamedRight,
  type ResolvedRight,
  type RightDecl,
  type SignOffDecl,
} from "./rights";
export { holdsMenuRight, operationRefusal, type HeldMenu, type ReadOnlyReason, type Refusal, type RightHolder } from "./operation-refusal";
export { genericCustomOf, OPERATION_RULES, ruleOfPath, type OperationAction, type OperationRule } from "./operations";
export { IMAGE_RESOURCE } from "./image-folders";
export { accepts, filesAtMost, MULTIPLE_UPLOAD_MAX, refuseFilePart, type FilePartRefusal, type FileSlot, type FileSlots } from "./uploads";
export { API_RESOURCE_NAMES, LEGACY_RESOURCE_NAMES, RESOURCE_NAMES } from "./resources/names";
export type * from "./types";
export { GROUP_ICONS, GROUP_ORDER, MENU_GROUPS, groupLabelKey, isMenuGroup } from "./menu-groups";
export { ROW_SCOPES } from "./resources/shared";
export { KANBAN_CARD_STATUSES } from "./resources/planning";
export { SALES_STAGES, type SalesStage } from "./resources/sales";
export { canonicalTimeZone, DEFAULT_TIME_ZONE, INDONESIA_TIME_ZONES } from "./time-zones";
