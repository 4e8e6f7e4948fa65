// The shape of a resource declaration. `resources.config.ts` holds the data; the web app
// (generated screens, menus, access control) and the server (tables, validation, routes,
// permissions) both read it. Keep it data: no React, no SQL.
import type { FlowDecl } from "./flows";
import type { FileSlots } from "./uploads";
import type { MenuGroup } from "./menu-groups";
import type { ResourceName } from "./resources/names";
import type { RightDecl, SignOffDecl } from "./rights";

export type FieldType =
  | "string" // one line of text
  | "text" // several lines
  | "email"
  | "phone"
  | "url"
  | "password" // write-only: never listed, shown or answered
  | "integer"
  | "number"
  | "money" // a number in the company's currency
  | "percent" // 0..100
  | "boolean"
  | "date" // YYYY-MM-DD on the wire
  | "datetime" // ISO 8601 with offset on the wire
  | "time" // HH:mm
  | "enum" // one of `options`
  | "ref" // id of a record of `ref`
  | "image" // stored file name of an uploaded image
  | "file" // stored file name of an uploaded file
  | "color" // #rrggbb
  | "icon" // an antd icon name, e.g. "TeamOutlined"
  | "geo" // [lon, lat] on the wire
  | "json" // free structure (GeoJSON, settings)
  | "timezone"; // an IANA time zone name ("Asia/Makassar"), one the runtime's Intl knows

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export type { MenuGroup, ResourceName };

export interface FieldDecl {
  /** Column and wire name (snake_case). Its label is the i18n key `fields.<name>`. */
  name: string;
  type: FieldType;
  required?: boolean;
  /** Unique within the tenant (company), or globally for platform resources. */
  unique?: boolean;
  /** For enums: the allowed values. Labels are i18n keys `enums.<field name>.<value>`. */
  options?: readonly string[];
  /** For refs: the target resource's `name`. */
  ref?: ResourceName;
  /**
   * For refs: false when the target may be deleted while rows still name it (a log's "who"): the
   * value stays as it was, and the delete is not refused as in use.
   */
  holds?: boolean;
  /** For refs: the target field shown instead of the id (defaults to the target's labelField). */
  refLabel?: string;
  /**
   * For refs: the target's custom operation answering the ids a form may offer (role
   * `assignable`: the roles within the actor's own rights). With `lockRows`, a record whose value
   * is not offered is beyond the actor: its edit, delete and other actions are not offered either
   * (the server refuses them: server/access/ceiling.ts).
   */
  offered?: { operation: string; lockRows?: true };
  /** Visibility in generated screens. Defaults: see `declaration/resolve.ts`. */
  list?: boolean;
  form?: boolean;
  show?: boolean;
  /** Offered as a filter above the list. */
  filter?: boolean;
  /** The list may sort by it (server accepts it in `orders`). Defaults to true for listed fields. */
  sortable?: boolean;
  /** Numbers: bounds. Strings: `maxLength` (defaults: string 255, text 5000). */
  min?: number;
  max?: number;
  maxLength?: number;
  default?: string | number | boolean;
  /** Set by the server (timestamps, the acting user, computed values): read-only, ignored in bodies. */
  serverOwned?: boolean;
  /** Files and images: accepted types for the upload widget, e.g. "image/*" or ".pdf,.docx". */
  accept?: string;
  /**
   * Numbers: what one unit of the value is. Lists, show pages and forms show it as a duration
   * ("6 h 30 min", "6 j 30 mnt") or a count of days; the wire keeps the plain number.
   */
  unit?: "minutes" | "hours" | "days";
  /** Enums: the i18n prefix of the options' labels when not `enums.<name>` (e.g. "resourceSingular" for resource names). */
  optionLabels?: string;
  /** Storage hint for the server: datetimes of big tables kept as epoch milliseconds. */
  storeAs?: "epochMs";
  /**
   * Accepted in bodies, validated, never stored or answered; a custom handler uses it (e.g. the
   * first admin's name on company-management add). No column; not listed or shown by default.
   */
  virtual?: boolean;
  /**
   * A reviewer's field (a permit's approval, a K3 report's review status): set only by a role
   * holding the edit right (can_edit) on the resource's menu. From anyone else a value other than
   * the field's default is refused (400 `review_only`), so a worker who may file a permit cannot
   * approve it (server/access/review-fields.ts).
   */
  reviewField?: boolean;
  /**
   * Dates: the name of another date field of the record this one must not be before (a permit's
   * end_date and its absent_date). Both set and this one earlier: 400 `date_before` on this field,
   * on add and on update (the values sent over the stored ones).
   */
  notBefore?: string;
  /**
   * url fields: the server sends requests to this address (a webhook), so it must be a public one:
   * http(s), no user name or password, not localhost or a local, private, link-local or multicast
   * address (400 `url_internal` / `url_credentials`), unless the server's WEBHOOK_ALLOW_HOSTS
   * names the host (server/http/outbound-address.ts, which checks the resolved address again
   * when sending).
   */
  outbound?: true;
  /** json fields: the value is a GeoJSON geometry of this kind (a work area: declaration/work-area.ts checkWorkArea). */
  geometry?: "polygon";
}

/** A custom operation: anything beyond add/search/list/edit/get/update/delete/total/list-select. */
export interface CustomOperationDecl {
  /** A camelCase name the web app uses to call it (`custom` with meta.operation). */
  name: string;
  method: HttpMethod;
  /** Path below the resource path; `{x}` are parameters, named after record fields where they are one. */
  path: string;
  /** multipart/form-data instead of JSON. */
  multipart?: boolean;
  /**
   * The fields of its JSON body, checked before the handler runs as a record's fields are
   * (declaration/field-values.ts; server/routes/register.ts): a refused value answers 400 naming
   * it, and the handler reads the normalized values. Keys not declared reach the handler as sent.
   * The OpenAPI document states them as the body's schema.
   */
  input?: readonly FieldDecl[];
  /** The right it needs (declaration/rights.ts): never inferred from the method. */
  right: RightDecl;
  /** What it does and answers, in a sentence for integrators: the OpenAPI document's description of it. */
  summary?: string;
  /**
   * An answer (`data`) as it could come, typed by the operation's answer (`answerExample`,
   * declaration/answers.ts): the OpenAPI document shows it, and the web suite's mock answers it
   * (after the declared right) while no bespoke mock handler computes the answer.
   */
  example?: unknown;
  /** Nobody signs off their own records: the person whose records it signs off (declaration/rights.ts). */
  signOff?: SignOffDecl;
  /**
   * A company past its subscription's end may still do this write (everything else is refused):
   * a panic alarm is always stored, safety before billing.
   */
  expiredCompanyMay?: true;
  /**
   * Multipart: the form fields that take files, how many of each and of which types, e.g.
   * `{ selfie: { max: 1, accept: "image/*" } }`. Required with `multipart`; any other file part
   * is refused as it arrives (declaration/uploads.ts).
   */
  files?: FileSlots;
}

/**
 * An operation as declared: a standard one by its spec path ("add", "update/{id}",
 * "delete/{company_id}/{id}", "{project_id}/{id}", "list-select"), or a custom one.
 */
export type OperationDecl = string | CustomOperationDecl;

/**
 * Names of the bespoke pages (src/pages/<name>/), each mapped to its chunk by the registry in
 * src/crud/bespoke.ts: a name here without a page there, or a page named that is not here, fails
 * to compile.
 */
export type PageName =
  | "map"
  | "kanban"
  | "project"
  | "gantt"
  | "field"
  | "alert-rules"
  | "rights"
  | "menus"
  | "audit"
  | "person"
  | "staff"
  | "panic"
  | "companies"
  | "transaction"
  | "pipeline"
  | "sales"
  | "shifts"
  | "checklist"
  | "request"
  | "catalogue"
  | "timesheet";

export interface BespokePages {
  /** Bespoke pages that replace a generated screen. */
  list?: PageName;
  create?: PageName;
  edit?: PageName;
  show?: PageName;
}

/**
 * How far a role sees the rows of a resource (the `row_scope` of its role-menu, docs/api.md
 * "Access rules"): its own rows, the rows of its projects, or the company's.
 */
export type RowScope = "own" | "projects" | "company";

/**
 * Whose rows these are, for row-level visibility: `person` names the field holding the person a
 * row belongs to (a ref to human-resource), `project` the field holding its project (a ref to
 * project), when it has one. Without `project`, a row is "of the actor's projects" when its
 * person is a member (user-to-proyek) of one of them.
 */
export interface RowVisibility {
  person: string;
  project?: string;
}

export interface ResourceDecl {
  /** Unique name (listed in declaration/resources/names.ts); the Refine resource name and, unless `path` says otherwise, the API path. */
  name: ResourceName;
  /** API path segment below the service prefix. */
  path?: string;
  /** Which service serves it (default "api"). */
  service?: "api" | "legacy";
  /** Menu group in the sider; omitted = not in the menu. */
  group?: MenuGroup;
  /** antd icon name for the menu. */
  icon?: string;
  /** The field that names a record in selects, titles and refs. */
  labelField: string;
  /**
   * Reference data the platform seeds (issue statuses): a record whose label is one of the seeded
   * names reads in the user's language, the i18n text `<seededLabels>.<name>`; a name added later
   * reads as stored.
   */
  seededLabels?: string;
  operations: OperationDecl[];
  /** Operation paths present on purpose although the spec does not name them. */
  beyondSpec?: string[];
  fields: FieldDecl[];
  /**
   * Tenancy. "company": rows belong to a company (company_id from the token).
   * "platform": one set for the whole platform, written by the platform owner.
   * "none": no table of its own (a view or a computed answer).
   */
  scope: "company" | "platform" | "none";
  /**
   * In the platform owner's sider (default: platform resources only; the owner belongs to no
   * company, so a company's lists would always be empty there). True for a platform-wide view.
   */
  ownerMenu?: boolean;
  /**
   * Company rows the platform owner reads across companies (a company's purchases, which the
   * owner follows and marks paid): the owner's reads have no company condition and the list
   * shows and filters the company. Writes stay with the company's people (companyMembersOnly).
   */
  ownerSeesAll?: true;
  /** Database table (defaults to the name with dashes as underscores). */
  table?: string;
  /** A parent record the rows hang under, e.g. project children. */
  parent?: { field: string; resource: ResourceName };
  /** Default list order. */
  defaultSort?: { field: string; order: "asc" | "desc" };
  /** Bespoke pages that replace generated screens. */
  pages?: BespokePages;
  /** Cap for `length: -1` (all) on big tables; the server says so in `message`. */
  maxPageLength?: number;
  /** Rows are created with the acting user's id in this field (e.g. created_by). */
  ownerField?: string;
  /**
   * Written only by people of a company, for themselves (a worker's device keys): the platform
   * owner, who belongs to no company, gets no add button and the server refuses the write.
   */
  companyMembersOnly?: true;
  /**
   * Which menu grants the use of this resource: another resource's name (e.g. issue-reply is
   * used through "issue"), or "authenticated" for any signed-in user. Default: its own menu.
   */
  access?: ResourceName | "authenticated";
  /**
   * Platform resources only: users other than the platform owner see just the rows whose
   * `tenantField` is their company (e.g. "id" on companies). Without it a platform resource
   * is read by anyone its menu grants and written by the platform owner only.
   */
  tenantField?: string;
  /** Web route of its list page when not `/<name>` (a bespoke page such as the map). */
  route?: string;
  /**
   * Rows private to their person: a role sees them as far as its row scope for this resource's
   * menu (`access`) reaches (own / projects / company). Every read, count, write, export and file
   * of these rows obeys it (server/access/row-scope.ts).
   */
  rowVisibility?: RowVisibility;
  /**
   * Changes recorded in the audit log (server/audit/log.ts): "all" records every create, update
   * and delete through the generic operations (who, when, from where, before → after); "deletes"
   * only the deletes (master data). Custom operations that change such rows record their own.
   */
  audited?: "all" | "deletes";
  /**
   * A company past its subscription's end may still write this resource (buying and cancelling
   * its renewal); every other write of such a company is refused (409 read_only).
   */
  expiredCompanyMay?: true;
  /**
   * Its lifecycle (declaration/flows.ts): the state field, the actions (each a `PUT <action>/{id}`
   * operation the resolver adds, with its right), the reviews, the fields each sets and what is
   * frozen in which state. Nothing else moves the state or writes the actions' fields.
   */
  flow?: FlowDecl;
  /**
   * Fields that together name one row (a join's pair: a person on a project): stored once (a unique
   * index); add-multiple answers an item already there as it is, flagged `existing`.
   */
  uniqueKey?: readonly string[];
  /**
   * The server modules that handle its operations beyond the generic ones: "timesheet" is
   * server/custom/timesheet.ts, which registers them (registerCustom). The server loads exactly the
   * modules the declaration names, and does not start while a custom operation has no handler, a
   * handler answers an undeclared operation, or one is registered by a module its resource does not
   * name (server/routes/handler-modules.ts). Lower-case words joined by dashes.
   */
  handlers?: string | readonly string[];
  /**
   * What follows each successful write through its operations (server/events/after-operation.ts):
   * "rights", the live `rights` event to the users whose menus may have changed; "panic-resolved",
   * a panic set to resolved or false_alarm gets its trail's "resolved" step and `panic resolved`.
   */
  afterWrite?: AfterWriteHook;
}

/** The hooks a resource may run after a write (ResourceDecl.afterWrite); their bodies are in server/events/. */
export type AfterWriteHook = "rights" | "panic-resolved";
