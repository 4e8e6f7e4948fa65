// Resolves the declaration in resources.config.ts: fills defaults, parses operations into
// method/path/kind, adds the implicit fields. Both the web app and the server read the
// resolved form, so a default is decided here once.
import type { CustomOperationDecl, FieldDecl, FieldType, HttpMethod, OperationDecl, ResourceDecl, ResourceName } from "./types";
import { ruleOfPath, type OperationKind } from "./operations";
import { resolveRight, rightWrites, type ResolvedRight, type SignOffDecl } from "./rights";
import type { FileSlots } from "./uploads";

export type { OperationKind };

export interface ResolvedOperation {
  /** camelCase name: "add", "search", "update", "deleteByProyek", "getTree", ... */
  name: string;
  kind: OperationKind;
  method: HttpMethod;
  /** Path below the resource path, as declared (`{x}` parameters). */
  path: string;
  /** Parameter names in path order. */
  params: string[];
  multipart: boolean;
  /** Multipart: the file parts it takes (declaration/uploads.ts); absent on JSON operations. */
  files?: FileSlots;
  /** Declared beyond the spec on purpose. */
  beyondSpec: boolean;
  /** The right it needs (declaration/rights.ts): from its path's rule, or declared by a custom operation. */
  right: ResolvedRight;
  /** Declared by its spec path (its right from declaration/operations.ts), not as a custom operation. */
  standard: boolean;
  /** It writes: a read-only session (view-as, a company past its subscription) is refused it. */
  writes: boolean;
  /** Nobody signs off their own records: where the person is (declaration/rights.ts). */
  signOff?: SignOffDecl;
  /** A company past its subscription's end may still do it (its renewal, a panic alarm). */
  expiredCompanyMay: boolean;
  /** A custom operation's declared body fields (CustomOperationDecl.input), resolved. */
  input?: ResolvedField[];
  /** A custom operation's sentence for integrators (CustomOperationDecl.summary). */
  summary?: string;
  /** A custom operation's example answer (CustomOperationDecl.example). */
  example?: unknown;
}

export interface ResolvedField extends FieldDecl {
  list: boolean;
  form: boolean;
  show: boolean;
  filter: boolean;
  sortable: boolean;
  required: boolean;
  unique: boolean;
  serverOwned: boolean;
  /** Added by the resolver (id, company_id, timestamps), not declared. */
  implicit: boolean;
  maxLength?: number;
}

export interface ResolvedResource extends Omit<ResourceDecl, "fields" | "operations" | "table"> {
  path: string;
  /** The resource whose menu grants this one, or "authenticated". */
  access: ResourceName | "authenticated";
  /** Web route of the list page. */
  route: string;
  service: "api" | "legacy";
  table: string | null;
  fields: ResolvedField[];
  operations: ResolvedOperation[];
  beyondSpec: string[];
}

const paramsOf = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

const camel = (s: string): string => s.replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The literal part of a path: "get-tree/{id}" → "get-tree"; "{a}/{b}" → "". */
const literalOf = (path: string): string =>
  path
    .split("/")
    .filter((s) => s && !s.startsWith("{"))
    .join("-");

export function resolveOperation(op: OperationDecl, beyond: Set<string>, owner: Pick<ResourceDecl, "access" | "name" | "expiredCompanyMay">): ResolvedOperation {
  const access = owner.access ?? owner.name;
  if (typeof op !== "string") return resolveCustom(op, beyond, access, !!owner.expiredCompanyMay);
  const path = op;
  const params = paramsOf(path);
  const literal = literalOf(path);
  const isBeyond = beyond.has(path);
  const rule = ruleOfPath(path);
  if (!rule) throw new Error(`unknown operation "${path}": declare it as a custom operation with a method`);
  const kind = params.length && rule.kindWithParams ? rule.kindWithParams : rule.kind;
  const right = resolveRight(rule.action, access);
  const rights = { right, standard: true, writes: rightWrites(right), expiredCompanyMay: !!owner.expiredCompanyMay };
  if (literal === "") return { name: kind, kind, method: rule.method, path, params, multipart: false, beyondSpec: isBeyond, ...rights };
  const first = path.split("/")[0];
  // The name the web app calls it by: "add", "upload", "edit", "get" as they are, the rest in camelCase.
  const name = kind === "custom" ? camel(literal) : kind === "one" || kind === "create" ? first : camel(first);
  return { name, kind, method: rule.method, path, params, multipart: !!rule.multipart, ...(rule.files ? { files: rule.files } : {}), beyondSpec: isBeyond, ...rights };
}

function resolveCustom(op: CustomOperationDecl, beyond: Set<string>, access: ResourceName | "authenticated", expiredResource: boolean): ResolvedOperation {
  // The type requires it; data from elsewhere (a test's declaration) may still lack it.
  if (!op.right) throw new Error(`custom operation "${op.name}" (${op.method} ${op.path}) states no right: declare its \`right\` (declaration/rights.ts)`);
  if (!!op.multipart !== !!op.files) throw new Error(`custom operation "${op.path}": a multipart operation declares its files (and only it)`);
  if (op.input && (op.multipart || op.method === "GET" || op.method === "DELETE"))
    throw new Error(`custom operation "${op.path}": only a JSON body (POST, PUT) declares its input`);
  const right = resolveRight(op.right, access);
  return {
    name: op.name,
    kind: "custom",
    method: op.method,
    path: op.path,
    params: paramsOf(op.path),
    multipart: !!op.multipart,
    ...(op.files ? { files: op.files } : {}),
    beyondSpec: beyond.has(op.path),
    right,
    standard: false,
    writes: rightWrites(right),
    ...(op.signOff ? { signOff: op.signOff } : {}),
    expiredCompanyMay: expiredResource || !!op.expiredCompanyMay,
    ...(op.input ? { input: op.input.map((f) => resolveField(f, "")) } : {}),
    ...(op.summary ? { summary: op.summary } : {}),
    ...(op.example !== undefined ? { example: op.example } : {}),
  };
}

const DEFAULT_MAX_LENGTH: Partial<Record<FieldType, number>> = {
  string: 255,
  text: 5000,
  email: 254,
  phone: 32,
  url: 2048,
  password: 128,
  color: 9,
  icon: 64,
  image: 255,
  file: 255,
  time: 5,
  timezone: 64,
};

const NOT_LISTED: FieldType[] = ["text", "json", "password", "geo", "file"];
const NOT_SORTABLE: FieldType[] = ["json", "geo", "image", "file", "password", "text"];

export function resolveField(f: FieldDecl, labelField: string, implicit = false): ResolvedField {
  const serverOwned = !!f.serverOwned;
  // Virtual fields are never answered: nothing to list or show.
  const list = f.list ?? (!f.virtual && !NOT_LISTED.includes(f.type));
  return {
    ...f,
    required: !!f.required,
    unique: !!f.unique,
    serverOwned,
    list,
    form: f.form ?? !serverOwned,
    show: f.show ?? (f.type !== "password" && !f.virtual),
    filter: f.filter ?? (!f.virtual && (f.name === labelField || f.type === "enum" || f.type === "ref" || f.type === "boolean")),
    sortable: f.sortable ?? (list && !NOT_SORTABLE.includes(f.type)),
    maxLength: f.maxLength ?? DEFAULT_MAX_LENGTH[f.type],
    implicit,
  };
}

/**
 * A standard upload's files take the types of the resource's image field ("image/*" unless it
 * says otherwise) or file field (its `accept`, if any); a custom operation's are as declared.
 */
function withAccept(op: ResolvedOperation, fields: ResolvedField[]): ResolvedOperation {
  if (!op.files) return op;
  const holder = fields.find((f) => (f.type === "image" || f.type === "file") && !f.virtual);
  const accept = holder?.accept ?? (holder?.type === "image" ? "image/*" : undefined);
  if (!accept) return op;
  return { ...op, files: Object.fromEntries(Object.entries(op.files).map(([name, slot]) => [name, { ...slot, accept: slot.accept ?? accept }])) };
}

/**
 * The operations of a flow's actions (`PUT <action>/{id}`, each with its right; beyond the spec),
 * unless the resource declares one of that name itself (its own options, e.g. a panic alarm's).
 */
function flowOperations(r: ResourceDecl): { ops: OperationDecl[]; paths: string[] } {
  if (!r.flow) return { ops: [], paths: [] };
  const declared = new Set(r.operations.map((o) => (typeof o === "string" ? o : o.name)));
  const ops: CustomOperationDecl[] = Object.entries(r.flow.actions)
    .filter(([name]) => !declared.has(name))
    .map(([name, a]) => ({ name, method: "PUT", path: `${name}/{id}`, right: a.right }));
  return { ops, paths: ops.map((o) => o.path) };
}

export function resolveResource(r: ResourceDecl): ResolvedResource {
  const flowOps = flowOperations(r);
  const beyond = new Set([...(r.beyondSpec ?? []), ...flowOps.paths]);
  const hasTable = r.scope !== "none";
  const implicitBefore: FieldDecl[] = hasTable ? [{ name: "id", type: "integer", serverOwned: true, list: true, filter: false }] : [];
  const implicitAfter: FieldDecl[] = [];
  if (r.scope === "company") {
    // Shown where the platform owner reads every company's rows (ownerSeesAll).
    const shown = r.ownerSeesAll === true;
    implicitAfter.push({ name: "company_id", type: "ref", ref: "company-management", serverOwned: true, list: shown, show: shown, filter: shown });
  }
  if (hasTable) {
    implicitAfter.push({ name: "created_at", type: "datetime", serverOwned: true, list: false, filter: false });
    implicitAfter.push({ name: "updated_at", type: "datetime", serverOwned: true, list: false, filter: false });
  }
  const declared = new Set(r.fields.map((f) => f.name));
  const fields = [
    ...implicitBefore.filter((f) => !declared.has(f.name)).map((f) => resolveField(f, r.labelField, true)),
    ...r.fields.map((f) => resolveField(f, r.labelField)),
    ...implicitAfter.filter((f) => !declared.has(f.name)).map((f) => resolveField(f, r.labelField, true)),
  ];
  return {
    ...r,
    path: r.path ?? r.name,
    access: r.access ?? r.name,
    route: r.route ?? `/${r.name}`,
    service: r.service ?? "api",
    table: hasTable ? (r.table ?? r.name.replace(/-/g, "_")) : null,
    fields,
    operations: [...r.operations, ...flowOps.ops].map((o) => (typeof o === "string" ? withAccept(resolveOperation(o, beyond, r), fields) : resolveOperation(o, beyond, r))),
    beyondSpec: [...(r.beyondSpec ?? []), ...flowOps.paths],
  };
}

export function resolveAll(decls: readonly ResourceDecl[], listed: readonly string[] = []): ResolvedResource[] {
  const all = decls.map(resolveResource);
  const names = new Set<string>(all.map((r) => r.name));
  // The names' list (declaration/resources/names.ts) and the declarations name the same resources, once.
  if (names.size !== all.length)
    throw new Error(
      `a resource is declared twice: ${all
        .map((r) => r.name)
        .filter((n, i, a) => a.indexOf(n) !== i)
        .join(", ")}`,
    );
  for (const n of listed) if (!names.has(n)) throw new Error(`"${n}" is listed in declaration/resources/names.ts but not declared`);
  for (const r of all) {
    for (const f of r.fields) {
      if (f.type === "ref" && (!f.ref || !names.has(f.ref))) throw new Error(`${r.name}.${f.name}: ref to unknown resource "${f.ref}"`);
      if (f.type === "enum" && !f.options?.length) throw new Error(`${r.name}.${f.name}: enum without options`);
    }
    if (r.access !== "authenticated" && !names.has(r.access)) throw new Error(`${r.name}: access through unknown resource "${r.access}"`);
    if (!r.fields.some((f) => f.name === r.labelField)) throw new Error(`${r.name}: labelField "${r.labelField}" is not a field`);
    if (r.rowVisibility) checkRowVisibility(r);
    if (r.flow) checkFlow(r);
    for (const k of r.uniqueKey ?? []) if (!r.fields.some((f) => f.name === k && !f.virtual)) throw new Error(`${r.name}: uniqueKey names "${k}", which is not a stored field`);
  }
  return all;
}

/** A flow's states are its enum's options, its fields the resource's, each action an operation with the action's right. */
function checkFlow(r: ResolvedResource): void {
  const flow = r.flow!;
  const state = r.fields.find((f) => f.name === flow.field);
  if (!state || state.type !== "enum") throw new Error(`${r.name}: the flow's state field "${flow.field}" is not an enum`);
  const states = new Set(state.options);
  const known = (s: string, where: string) => {
    if (!states.has(s)) throw new Error(`${r.name}: the flow's ${where} names "${s}", not an option of ${flow.field}`);
  };
  const field = (name: string, where: string) => {
    if (!r.fields.some((f) => f.name === name && !f.virtual)) throw new Error(`${r.name}: the flow's ${where} names "${name}", not a stored field`);
  };
  known(flow.initial, "initial state");
  for (const [name, a] of Object.entries(flow.actions)) {
    [...a.from, a.to, ...(a.accumulate ? [a.accumulate.partialTo] : [])].forEach((s) => known(s, `action ${name}`));
    a.fields.forEach((f) => field(f.name, `action ${name}`));
    if (a.accumulate) [a.accumulate.field, a.accumulate.of].forEach((f) => field(f, `action ${name}`));
    const op = r.operations.find((o) => o.name === name);
    if (!op || op.method !== "PUT" || op.path !== `${name}/{id}`) throw new Error(`${r.name}: the flow's action "${name}" has no operation PUT ${name}/{id}`);
    if (op.right.kind !== "menu" || op.right.anyOf.length !== 1 || op.right.anyOf[0].length !== 1 || op.right.anyOf[0][0].action !== a.right)
      throw new Error(`${r.name}: the operation of the flow's action "${name}" does not need the action's right (${a.right})`);
  }
  for (const rv of flow.reviews ?? []) [...rv.from, ...rv.to].forEach((s) => known(s, "review"));
  for (const fr of flow.frozen ?? []) {
    fr.in.forEach((s) => known(s, "frozen states"));
    fr.fields.forEach((f) => field(f, "frozen fields"));
  }
  (flow.deletableIn ?? []).forEach((s) => known(s, "deletableIn"));
  for (const [stored, read] of Object.entries(flow.legacy ?? {})) [stored, read].forEach((s) => known(s, "legacy states"));
}

/** The person is a ref to human-resource, the project a ref to project (server/access/row-scope.ts reads them so). */
function checkRowVisibility(r: ResolvedResource): void {
  const { person, project } = r.rowVisibility!;
  const refTo = (name: string | undefined, target: string) => {
    if (name === undefined) return;
    const f = r.fields.find((x) => x.name === name && !x.virtual);
    if (!f || f.type !== "ref" || f.ref !== target) throw new Error(`${r.name}: rowVisibility names "${name}", which is not a ref to ${target}`);
  };
  refTo(person, "human-resource");
  refTo(project, "project");
}

// ---- Queries both consumers ask -------------------------------------------------------

export const findOp = (r: ResolvedResource, kind: OperationKind): ResolvedOperation | undefined => r.operations.find((o) => o.kind === kind);

export const findCustom = (r: ResolvedResource, name: string): ResolvedOperation | undefined => r.operations.find((o) => o.name === name);

/** The field a ref shows: the declared refLabel, or the target's labelField. */
export const refLabelOf = (f: FieldDecl, byName: Map<string, ResolvedResource>): string => f.refLabel ?? byName.get(f.ref ?? "")?.labelField ?? "id";

/** Fills `{x}` parameters of an operation path from a record (and extra values). */
export function fillPath(op: ResolvedOperation, values: Record<string, unknown>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, k: string) => {
    const v = values[k];
    if (v === undefined || v === null || v === "") throw new Error(`missing path parameter "${k}" for ${op.path}`);
    return encodeURIComponent(String(v));
  });
}
