// What the generated screens need to know about a resource, derived from the declaration once:
// which screens it has, their routes, and which fields each screen shows.
import { ALL_RESOURCES, RESOURCE_BY_NAME, findOp, type ResolvedField, type ResolvedResource } from "../../declaration";
import { flowState, frozenFieldsIn, reviewTargets, stepFieldsOf } from "../../declaration/flows";

export type CrudAction = "list" | "create" | "edit" | "show";

export const resourceLabelKey = (r: { name: string }): string => `resources.${r.name}`;
/** One record of the resource, as said inside a sentence ("issue", "K3 checklist"). */
export const resourceSingularKey = (r: { name: string }): string => `resourceSingular.${r.name}`;
export const fieldLabelKey = (f: { name: string }): string => `fields.${f.name}`;
export const enumLabelKey = (f: { name: string; optionLabels?: string }, value: string): string => `${f.optionLabels ?? `enums.${f.name}`}.${value}`;

/**
 * The title of a create, edit or show page in the current language, with the resource's
 * singular ("New issue", "Edit issue #4", "Issue details"; "Isu baru", "Ubah isu", "Detail isu"):
 * the texts get `item` as said inside a sentence and `Item` with a capital first letter. Without a
 * singular, the plural label (`plural`, else the resource's label) stands in.
 */
export function pageTitle(
  t: (key: string, options?: Record<string, unknown>) => string,
  action: "create" | "edit" | "show",
  r: { name: string },
  { plural, id }: { plural?: string; id?: string | number } = {},
): string {
  // A missing text comes back as its key (Refine's translate drops defaultValue).
  const text = (key: string, fallback: string) => {
    const v = t(key, { defaultValue: fallback });
    return v && v !== key ? v : fallback;
  };
  const singular = text(resourceSingularKey(r), plural ?? text(resourceLabelKey(r), r.name));
  const item = id !== undefined && id !== "" ? `${singular} #${id}` : singular;
  return t(`crud.titles.${action}`, { item, Item: item.charAt(0).toUpperCase() + item.slice(1) });
}

export function resourceOf(name: string | undefined): ResolvedResource {
  const r = name ? RESOURCE_BY_NAME.get(name) : undefined;
  if (!r) throw new Error(`unknown resource "${name}"`);
  return r;
}

export const hasField = (r: ResolvedResource, name: string): boolean => r.fields.some((f) => f.name === name);

/** Read one record: a one-read op keyed by id, or a search/list the data provider filters by id. */
const canReadOne = (r: ResolvedResource): boolean => {
  const one = findOp(r, "one");
  if (one) return one.params.includes("id");
  return hasField(r, "id") && !!(findOp(r, "search") ?? findOp(r, "list"));
};

/** Whether its records can be fetched as a list (search or list operation). */
export const canListRecords = (r: ResolvedResource): boolean => !!(findOp(r, "search") ?? findOp(r, "list"));

export interface Capabilities {
  list: boolean;
  create: boolean;
  edit: boolean;
  show: boolean;
  delete: boolean;
}

export function capabilitiesOf(r: ResolvedResource): Capabilities {
  return {
    list: !!(findOp(r, "search") ?? findOp(r, "list")) || !!r.pages?.list,
    create: !!findOp(r, "create"),
    edit: !!findOp(r, "update") && canReadOne(r),
    show: canReadOne(r),
    delete: !!findOp(r, "delete"),
  };
}

/**
 * Route parameters besides `id` that reading one record needs (e.g. project_id of
 * `{project_id}/{id}`): they become route segments so Refine fills them from meta.
 */
export const routeParamsOf = (r: ResolvedResource): string[] => findOp(r, "one")?.params.filter((p) => p !== "id") ?? [];

/** Values of the route parameters taken from a record (for show/edit links). */
export const routeMetaOf = (r: ResolvedResource, record: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(routeParamsOf(r).map((p) => [p, record[p]]));

export interface CrudRoutes {
  list?: string;
  create?: string;
  edit?: string;
  show?: string;
}

export function routesOf(r: ResolvedResource): CrudRoutes {
  const can = capabilitiesOf(r);
  const base = `/${r.name}`;
  const keyed = [...routeParamsOf(r).map((p) => `:${p}`), ":id"].join("/");
  return {
    list: can.list ? r.route : undefined,
    create: can.create ? `${base}/create` : undefined,
    edit: can.edit ? `${base}/edit/${keyed}` : undefined,
    show: can.show ? `${base}/show/${keyed}` : undefined,
  };
}

/** Columns of the list. */
export const listFieldsOf = (r: ResolvedResource): ResolvedField[] => r.fields.filter((f) => f.list && f.type !== "password");

/** Fields of the show page. */
export const showFieldsOf = (r: ResolvedResource): ResolvedField[] => r.fields.filter((f) => f.show && f.type !== "password");

/**
 * Fields of the form; passwords are asked on create and optional on edit. Virtual fields (taken
 * by the add only, never stored: a new company's first admin) are on the create form only.
 */
export const formFieldsOf = (r: ResolvedResource, action: "create" | "edit", stored?: Record<string, unknown>): ResolvedField[] =>
  flowForm(
    r,
    action,
    stored,
    r.fields.filter((f) => f.form && !f.serverOwned && !f.implicit && !(f.virtual && action === "edit")),
  );

/**
 * A resource with a flow (declaration/flows.ts) as its form shows it, mirroring the server's rule
 * (server/records/flow-guard.ts): never its steps' fields (the actions set them); its state only
 * where a reviewer sets it (the flow declares reviews), offering the state it is in (a new record:
 * the start) and the reviews' moves from there; on edit, not the fields its state freezes.
 */
function flowForm(r: ResolvedResource, action: "create" | "edit", stored: Record<string, unknown> | undefined, fields: ResolvedField[]): ResolvedField[] {
  const flow = r.flow;
  if (!flow) return fields;
  const steps = stepFieldsOf(flow);
  const state = action === "edit" && stored ? flowState(flow, stored[flow.field]) : flow.initial;
  const frozen = action === "edit" && stored ? frozenFieldsIn(flow, state) : new Set<string>();
  return fields.flatMap((f) => {
    if (steps.has(f.name) || frozen.has(f.name)) return [];
    if (f.name !== flow.field) return [f];
    if (!flow.reviews?.length) return [];
    return [{ ...f, options: [state, ...reviewTargets(flow, state)] }];
  });
}

/** Filters above the list. */
export const filterFieldsOf = (r: ResolvedResource): ResolvedField[] => r.fields.filter((f) => f.filter && f.type !== "password" && f.type !== "json" && f.type !== "geo");

/** Every resource in declaration order (API first, then legacy). */
export const ALL = ALL_RESOURCES;
