// msw handlers implementing the API contract (docs/api.md)
// in memory for every declared resource, generically from the declaration. Tests seed `db`,
// run the app, then assert on `db` and on `log` (the requests the app sent).
import { mockCompanyPeople, mockPaymentNotification, mockRestoreAdmin, mockStorageAll, mockUserCounts } from "./companies";
import type { FastifyRequest } from "fastify";
import { http, HttpResponse, type HttpHandler } from "msw";
import { ALL_RESOURCES, refLabelOf, refuseFilePart, RESOURCE_BY_NAME, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { historyFormatOf, historyPointOf } from "../../declaration/map-service";
import { isoUtc } from "../../server/db/codec";
import { errorEnvelope } from "../../server/http/error-handler";
import { badRequest, conflict, HttpError, notFound, readOnly, unauthorized, type FieldErrors } from "../../server/http/errors";
import { dateOrderErrors, validateFields } from "../../server/validation/record";
import { langOf, t, type Lang } from "../../server/i18n/messages";
import { createDb, type MockDb, type Row } from "./db";
import { listRows, searchRows, totalRows, type KeptCounts } from "./search";
import { validateBody } from "./validate";
import { defaultMenus, type MockMenu } from "./menus";
import { savePlanMock } from "./ganttPlan";
import { mockAssignableRoles, mockMenuManagement, mockReplaceRights, mockViewAs } from "./roleRights";
import { kanbanColumns, placeKanbanCard } from "./kanban";
import { checkRowWrite, visibleRows, type RowScopes } from "./rowScope";
import { hasReviewFields, reviewErrors } from "../../server/access/review-fields";
import { createEventsMock, type EventsMock } from "./events";
import { actionRight, guardFlowDelete, guardFlowWrite, isFlowAction, mockFlowAction, mockRequestWrite, mockStock, mockStockBySite } from "./requests";
import { mockDashboardStatus } from "./dashboard";
import {
  mockAcknowledge,
  mockAddBatch,
  mockAttendanceToday,
  mockBreak,
  mockClockIn,
  mockClockOut,
  mockDeviceKeyAdd,
  mockPanicAdd,
  mockTimeZones,
  mockToday,
  mockTrail,
} from "./field";
import { mockImport, mockImportPreview, mockInvite } from "./staff";
import { mockSubscription } from "./subscription";
import { mockSalesSummary } from "./sales";
import {
  mockProjectLabour,
  mockTimesheetApprove,
  mockTimesheetApproveMany,
  mockTimesheetCorrect,
  mockTimesheetReopen,
  mockTimesheetSearch,
  mockTimesheetSettings,
} from "./timesheet";
import { createTwoFactorMock, type MockTwoFactorSeed, type TwoFactorMock, type TwoFactorUser } from "./twoFactor";

export interface LoggedRequest {
  method: string;
  service: "api" | "legacy";
  /** Path below the service prefix, e.g. "project/delete/1/5". */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON, or the multipart fields (files as { file: name }), or undefined. */
  body: unknown;
  headers: Record<string, string>;
}

export interface MockUser {
  id: number;
  name: string;
  email: string;
  password: string;
  company_id: number;
  /** Answered by login with the user (the home page names the company). */
  company_name: string | null;
  role: { id: number; name: string; role_type: string };
  /** Two-factor sign-in on (with this secret) or required (tests/mocks/twoFactor.ts). */
  two_factor?: MockTwoFactorSeed;
}

export interface ContractMockOptions {
  db?: MockDb;
  /** Answer 401 to calls without a Bearer token (default true). */
  requireAuth?: boolean;
  users?: MockUser[];
  /** Menus answered by login (default: every group and resource with all rights). */
  menus?: MockMenu[];
  /** Delay of every answer in ms (default 0). */
  delay?: number;
  /** The signed-in role's row scope per menu alias (role-menu row_scope); default: its role type's (docs/api.md "Access rules"). */
  rowScopes?: RowScopes;
}

export interface ContractMock {
  handlers: HttpHandler[];
  db: MockDb;
  log: LoggedRequest[];
  /** Requests of one method and path (exact path, or a RegExp). */
  requests(method: string, path: string | RegExp): LoggedRequest[];
  options: Required<Omit<ContractMockOptions, "db">>;
  /** The live event stream (GET /api/events, tests/mocks/events.ts): pushEvent(type, data) reaches every open stream. */
  events: EventsMock;
  /** Two-factor sign-in (tests/mocks/twoFactor.ts). */
  twoFactor: TwoFactorMock;
}

export const DEFAULT_USER: MockUser = {
  id: 1,
  name: "Admin Demo",
  email: "admin@demo.test",
  password: "demo12345",
  company_id: 1,
  company_name: "PT Demo",
  role: { id: 1, name: "Admin", role_type: "admin" },
};

/** Most items of one add-multiple (server/records/store.ts MAX_ITEMS). */
const MAX_ITEMS = 1000;
const json = (status: number, body: unknown) => HttpResponse.json(body as Record<string, unknown>, { status });
const ok = (data: unknown, extra: Record<string, unknown> = {}) => json(200, { status: true, data, ...extra });
const fail = (status: number, msg: string, errors?: Record<string, string>) => json(status, { status: false, message: msg, ...(errors ? { errors } : {}) });

/** A server failure (HttpError) answered as the server's error handler answers it. */
function failure(err: HttpError, acceptLanguage: string | null): Response {
  // errorEnvelope reads only the request's Accept-Language header.
  const { statusCode, body } = errorEnvelope(err, { headers: { "accept-language": acceptLanguage ?? undefined } } as unknown as FastifyRequest);
  return json(statusCode, body);
}

/**
 * The server's answer to a request over its limit (server/http/rate-limit.ts): 429 `rate_limited`
 * in the envelope, in the request's language, with Retry-After. Tests answer a call with it
 * (server.use); the mock itself counts nothing.
 */
export function rateLimited(seconds: number, acceptLanguage: string | null = null): Response {
  const { statusCode, body } = errorEnvelope(new HttpError(429, "rate_limited", { seconds }), {
    headers: { "accept-language": acceptLanguage ?? undefined },
  } as unknown as FastifyRequest);
  const res = json(statusCode, body);
  res.headers.set("Retry-After", String(seconds));
  return res;
}

/** Virtual fields are validated, never stored (nor answered). */
const withoutVirtual = (r: ResolvedResource, values: Row): Row => Object.fromEntries(Object.entries(values).filter(([k]) => !r.fields.some((f) => f.name === k && f.virtual)));

/** The literal segments first, so "list" wins over "{id}". */
const specificity = (op: ResolvedOperation) => op.path.split("/").filter((s) => s && !s.startsWith("{")).length;

function matchOp(r: ResolvedResource, method: string, rest: string[]): { op: ResolvedOperation; params: Record<string, string> } | undefined {
  const ops = r.operations.filter((o) => o.method === method).sort((a, b) => specificity(b) - specificity(a));
  for (const op of ops) {
    const segs = op.path === "" ? [] : op.path.split("/");
    if (segs.length !== rest.length) continue;
    const params: Record<string, string> = {};
    const hit = segs.every((s, i) => {
      if (s.startsWith("{")) {
        params[s.slice(1, -1)] = decodeURIComponent(rest[i]);
        return rest[i] !== "";
      }
      return s === rest[i];
    });
    if (hit) return { op, params };
  }
  return undefined;
}

/** The answer form of a row: ref labels added, passwords never answered. */
function answer(r: ResolvedResource, row: Row, db: MockDb): Row {
  const out: Row = { ...row };
  for (const f of r.fields) {
    if (f.type === "password" || f.virtual) delete out[f.name];
    if (f.type === "ref" && f.ref) {
      const target = db.rows(f.ref).find((t) => t.id === row[f.name]);
      out[`${f.name}_label`] = row[f.name] == null || !target ? null : (target[refLabelOf(f, RESOURCE_BY_NAME as Map<string, ResolvedResource>)] ?? null);
    }
  }
  // A catalogue's stock in and out, computed on read (server/custom/requests.ts).
  Object.assign(out, mockStock(db, r, row) ?? {});
  return out;
}

/**
 * Multipart fields arrive as text and are validated loosely ("2" for a number), as the server
 * does. Files are stored under a server-made name in the field that holds them; what the server
 * learns from the file (original name, type, size) fills the server-owned fields of those names.
 */
function fromMultipart(r: ResolvedResource, op: ResolvedOperation, form: FormData): { body: Row; stored: Row; logged: Record<string, unknown> } {
  // The file parts the operation declares, as the server refuses the others (declaration/uploads.ts).
  const counts = new Map<string, number>();
  for (const [k, v] of form.entries()) {
    if (typeof v === "string") continue;
    counts.set(k, (counts.get(k) ?? 0) + 1);
    const refusal = refuseFilePart(op.files ?? {}, k, counts.get(k)!);
    if (refusal) throw badRequest({ [k]: refusal });
  }
  const body: Row = {};
  const stored: Row = {};
  const logged: Record<string, unknown> = {};
  const byName = new Map(r.fields.map((f) => [f.name, f]));
  const owned = (name: string) => byName.get(name)?.serverOwned;
  for (const [k, v] of form.entries()) {
    if (typeof v !== "string") {
      const fileName = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}-${v.name.replace(/[^A-Za-z0-9._-]/g, "-")}`;
      logged[k] = { file: v.name, size: v.size, type: v.type };
      const target = byName.get(k)?.type === "file" || byName.get(k)?.type === "image" ? k : ([...byName.values()].find((f) => f.type === "file" || f.type === "image")?.name ?? k);
      stored[target] = fileName;
      if (owned("original_name")) stored.original_name = v.name;
      if (owned("name")) stored.name = v.name;
      if (owned("mime")) stored.mime = v.type;
      if (owned("size")) stored.size = v.size;
      body[target] = fileName;
      continue;
    }
    logged[k] = v;
    body[k] = v;
  }
  return { body, stored, logged };
}

export function createContractMock(opts: ContractMockOptions = {}): ContractMock {
  const db = opts.db ?? createDb();
  const options = {
    requireAuth: opts.requireAuth ?? true,
    users: opts.users ?? [DEFAULT_USER],
    menus: opts.menus ?? defaultMenus(),
    delay: opts.delay ?? 0,
    rowScopes: opts.rowScopes ?? {},
  };
  const log: LoggedRequest[] = [];
  const events = createEventsMock({ requireAuth: options.requireAuth });
  const sessions = new Map<string, MockUser>();
  // The last exact search counts (tests/mocks/search.ts), as the server keeps them per process.
  const keptCounts: KeptCounts = new Map();
  /** View-as sessions (role view-as/{id}): their tokens read only (409 read_only on writes). */
  const viewAsTokens = new Set<string>();
  const twoFactor = createTwoFactorMock(db);
  for (const u of options.users) if (u.two_factor) twoFactor.seed(u.id, u.two_factor);
  const tfUser = (u: MockUser): TwoFactorUser => ({ id: u.id, email: u.email, company_id: u.company_id, role: u.role });

  /** A new session of the user: the login answer's data. */
  const openSession = (user: MockUser) => {
    const token = `mock-token-${user.id}-${sessions.size + 1}`;
    sessions.set(token, user);
    const { password: _pw, role, two_factor: _tf, ...pub } = user;
    // The company's zone (docs/api.md "Auth"), as project/time-zones answers it.
    const answered = { ...pub, photo: null, time_zone: mockTimeZones(db).company, ...mockSubscription(db, pub.company_id) };
    return { token, expires_at: new Date(Date.now() + 7 * 864e5).toISOString(), user: answered, role, menus: options.menus };
  };

  const handle = async (request: Request, service: "api" | "legacy", path: string): Promise<Response> => {
    try {
      return await serve(request, service, path);
    } catch (e) {
      if (e instanceof HttpError) return failure(e, request.headers.get("accept-language"));
      throw e;
    }
  };

  const serve = async (request: Request, service: "api" | "legacy", path: string): Promise<Response> => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const lang: Lang = langOf(request.headers.get("accept-language") ?? undefined);
    const headers = Object.fromEntries(request.headers.entries());
    const query = Object.fromEntries(url.searchParams.entries());
    const type = request.headers.get("content-type") ?? "";
    let body: unknown;
    let form: FormData | undefined;
    if (type.includes("multipart/form-data")) form = await request.formData();
    else if (method !== "GET" && method !== "DELETE") {
      const text = await request.text();
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
    }
    const entry: LoggedRequest = { method, service, path, query, body, headers };
    log.push(entry);
    if (options.delay) await new Promise((res) => setTimeout(res, options.delay));

    // ---- sign-in, outside the resources
    if (service === "api" && method === "POST" && path === "login") {
      const { email, password } = (body ?? {}) as { email?: string; password?: string };
      const user = options.users.find((u) => u.email === email && u.password === password);
      if (!user) throw new HttpError(401, "login_failed");
      // Two-factor sign-in on, or required and not set up: a challenge instead of a session.
      return ok(twoFactor.step(tfUser(user)) ?? openSession(user));
    }
    if (service === "api" && method === "POST" && path.startsWith("login/two-factor")) {
      const userOf = (id: number) => options.users.find((u) => u.id === id)!;
      const done = twoFactor.signIn(path, body, (id) => tfUser(userOf(id)));
      return ok("setup" in done ? done.setup : { ...openSession(userOf(done.userId)), ...done.extra });
    }
    if (service === "api" && method === "POST" && (path === "send-forgot-email" || path === "reset-password")) return ok(null);

    const auth = request.headers.get("authorization") ?? "";
    if (options.requireAuth && !/^Bearer \S+/.test(auth)) throw unauthorized();
    if (service === "api" && method === "POST" && path === "logout") {
      viewAsTokens.delete(auth.replace(/^Bearer /, ""));
      return ok(null);
    }
    const signedIn = sessions.get(auth.replace(/^Bearer /, "")) ?? options.users[0];
    // The signed-in user's own second factor (a view-as session may not touch it).
    if (service === "api" && (path === "two-factor" || path.startsWith("two-factor/"))) {
      if (viewAsTokens.has(auth.replace(/^Bearer /, ""))) throw readOnly("view_as");
      return ok(twoFactor.self(method, path, body, tfUser(signedIn), signedIn.password));
    }
    // GET /api/session: the session as login answered it, without the token.
    if (service === "api" && method === "GET" && path === "session") {
      const { password: _pw, role, two_factor: _tf, ...pub } = signedIn;
      return ok({ user: { ...pub, photo: null, time_zone: mockTimeZones(db).company, ...mockSubscription(db, pub.company_id) }, role, menus: options.menus, view_as: null });
    }
    // A view-as session reads only (server/access/permissions.ts authorize).
    if (viewAsTokens.has(auth.replace(/^Bearer /, "")) && method !== "GET" && !path.endsWith("search")) throw readOnly("view_as");
    if (service === "api" && method === "POST" && /^role\/view-as\/\d+$/.test(path)) {
      const session = mockViewAs(db, path.split("/")[2]!, signedIn, mockTimeZones(db).company);
      viewAsTokens.add(session.token);
      return ok(session);
    }
    if (service === "api" && method === "GET" && path === "me") {
      const { password: _pw, role: _role, two_factor: _tf, ...pub } = signedIn;
      return ok({ user: { ...pub, photo: null, time_zone: mockTimeZones(db).company, ...mockSubscription(db, pub.company_id) } });
    }

    const [resPath, ...rest] = path.split("/");
    const r = ALL_RESOURCES.find((x) => x.service === service && x.path === resPath);
    if (!r) return fail(404, `unknown resource ${resPath}`);
    const hit = matchOp(r, method, rest);
    if (!hit) return fail(404, `no operation ${method} ${path}`);
    const { op, params } = hit;

    let payload: Row = (body ?? {}) as Row;
    let stored: Row = {};
    if (form) {
      const parsed = fromMultipart(r, op, form);
      payload = parsed.body;
      stored = parsed.stored;
      entry.body = parsed.logged;
    }
    // The acting user: the signed-in session's, else (a test's stored token) the first user.
    const actor = sessions.get(auth.replace(/^Bearer /, "")) ?? options.users[0];
    const tenant = () => (r.scope === "company" ? db.rows(r.name).filter((x) => x.company_id === undefined || x.company_id === db.companyId) : db.rows(r.name));
    // The rows the actor may see: the tenant's, within their row scope (rowVisibility).
    const rows = () => visibleRows(r, tenant(), db, actor, options.rowScopes);
    const byParams = (row: Row) => Object.entries(params).every(([k, v]) => String(row[k]) === v);

    // A company past its subscription's end writes nothing but its renewal (server/access/permissions.ts).
    if (op.writes && !op.expiredCompanyMay && mockSubscription(db, actor.company_id).read_only) throw readOnly("subscription_ended");

    // A custom operation's declared input, checked as the server does (server/routes/register.ts).
    if (op.input) {
      const { errors } = validateFields(op.input, payload ?? {}, { mode: "create" });
      if (Object.keys(errors).length) throw badRequest(errors);
    }

    // Images are served as bytes.
    if (r.name === "image" && op.kind === "one") {
      return new HttpResponse(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), { headers: { "Content-Type": "image/png" } });
    }

    // The owner's companies screen (tests/mocks/companies.ts).
    if (r.name === "information-storage-all-company" && op.kind === "list") return ok(mockStorageAll(db));
    if (r.name === "information-storage" && op.kind === "one") {
      const one = mockStorageAll(db).find((s) => String(s.company_id) === params.company_id);
      if (!one) throw notFound();
      return ok(one);
    }
    if (r.name === "company-management" && op.name === "userCounts") return ok(mockUserCounts(db));
    if (r.name === "role" && op.name === "assignable") return ok(mockAssignableRoles(db, options.menus));
    if (r.name === "company-management" && op.name === "people") return ok(mockCompanyPeople(db, params.id));
    if (r.name === "company-management" && op.name === "restoreAdmin") return ok(mockRestoreAdmin(db, params.id, payload));
    // The owner's sales view (tests/mocks/sales.ts).
    if (r.name === "sales-summary" && op.name === "summary") {
      if (actor.role.role_type !== "owner") throw new HttpError(403, "owner_only");
      return ok(mockSalesSummary(db));
    }
    // A project's labour cost (tests/mocks/timesheet.ts): the project's menu and the pay-rate menu.
    if (r.name === "project" && op.name === "labourCost") {
      if (!options.menus.some((m) => m.alias === r.access) || !options.menus.some((m) => m.alias === "pay-rate")) throw new HttpError(403, "forbidden");
      return ok(mockProjectLabour(db, params.id));
    }
    // The caller's own current pay period (timesheet my-period): whoever may read their own attendance (the presence menu).
    if (r.name === "timesheet" && op.name === "myPeriod") {
      if (!options.menus.some((m) => m.alias === "presence")) throw new HttpError(403, "forbidden");
      const sheet = mockTimesheetSearch(
        db,
        actor,
        { period: "current", user_id: actor.id },
        {},
        options.menus.some((m) => m.alias === "pay-rate"),
      );
      const own = sheet.people.find((p) => p.user_id === actor.id);
      // Not a staff row of the mock: nothing counted yet (the server counts the caller whoever they are).
      const none = {
        worked_minutes: 0,
        break_minutes: 0,
        regular_minutes: 0,
        overtime_minutes: 0,
        rest_day_overtime_minutes: 0,
        days_worked: 0,
        late_days: 0,
        absent_days: 0,
        leave_days: 0,
      };
      if (!own) return ok({ from: sheet.from, to: sheet.to, hours_format: sheet.settings.hours_format, totals: none, approved: false });
      const approved = own.approvals.some((a) => a.status === "approved" && a.from <= sheet.from && a.to >= sheet.to);
      return ok({ from: sheet.from, to: sheet.to, hours_format: sheet.settings.hours_format, totals: own.totals, approved });
    }
    // The timesheet (tests/mocks/timesheet.ts): view on its menu to read, edit to correct, approve, reopen.
    if (r.name === "timesheet") {
      const menu = options.menus.find((m) => m.alias === r.access);
      if (!menu) throw new HttpError(403, "forbidden");
      const edit = !!menu.can_edit;
      // Nobody signs off their own records (the declared signOff, server/access/sign-off.ts): the people named in the body.
      if (op.signOff && "body" in op.signOff) {
        const named = payload[op.signOff.body];
        if ((Array.isArray(named) ? named : [named]).some((v) => Number(v) === actor.id)) throw new HttpError(403, "own_records");
      }
      // Labour cost only for who holds the pay-rate menu (the server's isAllowed read on pay-rate);
      // the NIK for who may read staff.
      if (op.name === "search")
        return ok(
          mockTimesheetSearch(
            db,
            actor,
            query,
            options.rowScopes,
            options.menus.some((m) => m.alias === "pay-rate"),
            options.menus.some((m) => m.alias === RESOURCE_BY_NAME.get("human-resource")?.access),
          ),
        );
      if (op.name === "correct") return ok(mockTimesheetCorrect(db, actor, params.id, payload, edit, options.rowScopes));
      if (op.name === "approve") return ok(mockTimesheetApprove(db, actor, payload, edit, options.rowScopes));
      if (op.name === "approveMany") return ok(mockTimesheetApproveMany(db, actor, payload, edit, options.rowScopes));
      if (op.name === "reopen") return ok(mockTimesheetReopen(db, actor, payload, edit, options.rowScopes));
      if (op.name === "settings")
        return ok(
          mockTimesheetSettings(
            db,
            payload,
            edit,
            options.menus.some((m) => m.alias === "pay-rate" && m.can_edit),
          ),
        );
    }
    // The platform owner's manual confirmation (the gateway's signed callback is not mocked).
    if (r.name === "product-transaction-user" && op.name === "notification") {
      if (actor.role.role_type !== "owner") throw new HttpError(403, "owner_only");
      const paid = mockPaymentNotification(db, payload);
      if (!paid) throw notFound();
      return ok(paid);
    }

    // The legacy dashboard's counts (tests/mocks/dashboard.ts).
    if (r.name === "dashboard-status" && op.name === "search") {
      const mayRead = (x: ResolvedResource) => x.access === "authenticated" || options.menus.some((m) => m.alias === x.access);
      const found = mockDashboardStatus(db, actor, options.rowScopes, body, lang, mayRead);
      return ok(found.rows, { recordsTotal: found.recordsTotal, recordsFiltered: found.recordsFiltered });
    }

    switch (op.kind) {
      case "search": {
        if (r.name === "waypoint") return waypointSearch(r, rows().filter(byParams), body, lang);
        const found = searchRows(r, rows().filter(byParams), body, lang, {
          kept: keptCounts,
          version: db.version(r.name),
          tenant: `${actor.company_id}:${JSON.stringify(params)}`,
        });
        return ok(
          found.rows.map((x) => answer(r, x, db)),
          {
            ...(found.message ? { message: found.message } : {}),
            recordsTotal: found.recordsTotal,
            recordsFiltered: found.recordsFiltered,
            ...(found.estimated ? { estimated: found.estimated } : {}),
          },
        );
      }
      case "list": {
        const found = listRows(r, rows(), query, lang);
        return ok(
          found.rows.map((x) => answer(r, x, db)),
          found.message ? { message: found.message } : {},
        );
      }
      case "listSelect": {
        const found = listRows(r, rows(), query, lang);
        const label = r.fields.find((f) => f.name === r.labelField);
        const key = label?.type === "ref" ? `${r.labelField}_label` : r.labelField;
        return ok(
          found.rows.map((x) => ({ value: x.id, label: answer(r, x, db)[key] ?? null })),
          found.message ? { message: found.message } : {},
        );
      }
      case "total":
        return ok({ total: totalRows(r, rows(), body) });
      case "one": {
        const row = rows().find(byParams);
        if (!row) throw notFound();
        return ok(answer(r, row, db));
      }
      case "create": {
        if (r.name === "device-key") return ok(answer(r, mockDeviceKeyAdd(db, actor, body), db));
        // A flow's record starts at its start, without its steps' fields (server/records/flow-guard.ts).
        guardFlowWrite(r, null, form ? payload : body);
        const values = validateBody(r, form ? payload : body, db, { mode: "create", loose: !!form });
        // A request's status and amount (server/custom/requests.ts).
        Object.assign(values, mockRequestWrite(r, null, body) ?? {});
        const order = dateOrderErrors(r, values);
        if (Object.keys(order).length) throw badRequest(order);
        checkReview(r, values);
        checkRowWrite(r, (f) => values[f], db, actor, options.rowScopes);
        // The owner field is the actor's, as the server sets it (a K3 report's reporter, an image's uploader).
        const created = db.insert(r.name, { ...withoutVirtual(r, values), ...stored, ...(r.ownerField ? { [r.ownerField]: actor.id } : {}) });
        if (r.name === "kanban-card") placeKanbanCard(db, null, created, body);
        return ok(answer(r, created, db));
      }
      case "update": {
        const row = rows().find(byParams);
        if (!row) throw notFound();
        // The flow's state, step fields and frozen fields: only its actions change them.
        guardFlowWrite(r, row, form ? payload : body);
        const values = validateBody(r, form ? payload : body, db, { mode: "update", selfId: row.id, loose: !!form });
        Object.assign(values, mockRequestWrite(r, row, body) ?? {});
        const order = dateOrderErrors(r, values, row);
        if (Object.keys(order).length) throw badRequest(order);
        checkReview(r, values, row);
        const rule = r.rowVisibility;
        if (rule && (rule.person in values || (rule.project !== undefined && rule.project in values)))
          checkRowWrite(r, (f) => (f in values ? values[f] : row[f]), db, actor, options.rowScopes);
        const before = { ...row };
        Object.assign(row, withoutVirtual(r, values), { updated_at: new Date().toISOString() });
        db.touch(r.name);
        if (r.name === "kanban-card") placeKanbanCard(db, before, row, body);
        return ok(answer(r, row, db));
      }
      case "delete": {
        const visible = new Set(rows());
        guardFlowDelete(r, rows().filter(byParams));
        const n = db.remove(r.name, (row) => byParams(row) && visible.has(row));
        if (!n) throw notFound();
        return ok(null);
      }
      default:
        return custom(r, op, params, payload, query, lang, actor);
    }
  };

  /** waypoint/search: history points (declaration/map-service.ts), or their columns (`format: "columns"`), as the server answers them. */
  function waypointSearch(r: ResolvedResource, visible: Row[], body: unknown, lang: Lang): Response {
    const format = historyFormatOf(body);
    if (format === null) throw badRequest({ format: { key: "bad_enum", params: { options: "rows, columns" } } });
    const found = searchRows(r, visible, body, lang);
    const counts = { ...(found.message ? { message: found.message } : {}), recordsTotal: found.recordsTotal, recordsFiltered: found.recordsFiltered };
    const points = found.rows.map((x) => answer(r, x, db));
    if (format === "rows") return ok(points.map(historyPointOf), counts);
    return ok({ wptime: points.map((p) => isoUtc(p.wptime as string)), lon: points.map((p) => Number(p.lon)), lat: points.map((p) => Number(p.lat)) }, counts);
  }

  /** The signed-in role's right on a resource's menu (an "authenticated" resource: everyone). */
  const mayEdit = (r: ResolvedResource): boolean => r.access === "authenticated" || !!options.menus.find((m) => m.alias === r.access)?.can_edit;

  /** Review fields (a permit's status) only from a role with the edit right (server/access/review-fields.ts). */
  function checkReview(r: ResolvedResource, values: Row, current?: Row): void {
    if (!hasReviewFields(r)) return;
    const errors = reviewErrors(r, values, { mayReview: mayEdit(r), current });
    if (Object.keys(errors).length) throw badRequest(errors);
  }

  /** add-multiple { items }: all or nothing, errors named by item, as RecordStore.createMany. */
  function addMultiple(r: ResolvedResource, payload: Row): Row[] {
    const items = payload.items;
    if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) throw badRequest({ items: { key: "items_required", params: { max: MAX_ITEMS } } });
    const all: Row[] = [];
    const errors: FieldErrors = {};
    let clash = false;
    items.forEach((item, i) => {
      try {
        all.push(validateBody(r, item, db, { mode: "create", prefix: `items.${i}.` }));
      } catch (e) {
        if (!(e instanceof HttpError) || !e.errors) throw e;
        if (e.statusCode === 409) clash = true;
        Object.assign(errors, e.errors);
      }
    });
    if (Object.keys(errors).length) throw clash && Object.values(errors).every((m) => m.key === "not_unique") ? conflict(errors) : badRequest(errors);
    return all;
  }

  function custom(r: ResolvedResource, op: ResolvedOperation, params: Record<string, string>, payload: Row, query: Record<string, string>, lang: Lang, actor: MockUser): Response {
    const fieldNames = new Set(r.fields.map((f) => f.name));
    const byFields = (row: Row, values: Record<string, string>) => Object.entries(values).every(([k, v]) => !fieldNames.has(k) || String(row[k]) === v);
    // Two-factor sign-in: a person's status and an admin's reset; the company's own settings (tests/mocks/twoFactor.ts).
    if (r.name === "human-resource" && (op.name === "twoFactor" || op.name === "resetTwoFactor")) {
      const row = db.rows(r.name).find((x) => String(x.id) === params.id && (x.company_id === undefined || x.company_id === db.companyId));
      const roleType = String(db.rows("role").find((x) => x.id === row?.role_id)?.role_type ?? "");
      const person = row && { id: Number(row.id), email: String(row.email ?? ""), company_id: db.companyId, role: { role_type: roleType } };
      return ok(twoFactor.person(op.name, person, actor.id, mayEdit(r)));
    }
    if (r.name === "company-management" && (op.name === "ownSettings" || op.name === "updateOwnSettings")) {
      const rights = options.menus.find((m) => m.alias === "role-menu");
      return ok(twoFactor.ownSettings(op.method, payload, { read: !!rights, edit: !!rights?.can_edit }));
    }
    if (r.name === "version-gantt" && op.name === "savePlan") return ok(savePlanMock(db, params.id, payload));
    if (r.name === "menu" && op.name === "management") return ok(mockMenuManagement(db, params.role_id));
    if (r.name === "role-menu" && op.name === "replaceByrole") return ok(mockReplaceRights(db, params.role_id, payload));
    // Field capture (tests/mocks/field.ts): a multipart selfie arrives as the stored name in the first image field.
    if (r.name === "presence" && (op.name === "clockIn" || op.name === "clockOut")) {
      const { image_selfie: selfie, ...fields } = payload;
      const row = (op.name === "clockIn" ? mockClockIn : mockClockOut)(db, actor, fields, typeof selfie === "string" ? selfie : null);
      return ok(answer(r, row, db));
    }
    if (r.name === "presence" && (op.name === "breakStart" || op.name === "breakEnd")) return ok(mockBreak(db, actor, op.name, payload));
    if (r.name === "presence" && op.name === "today") {
      const day = mockToday(db, actor);
      return ok({ ...day, presence: day.presence && answer(r, day.presence, db), presences: day.presences.map((p) => answer(r, p, db)) });
    }
    if (r.name === "presence" && op.name === "attendanceToday") return ok(mockAttendanceToday(db, actor, options.rowScopes));
    if (r.name === "panic-button" && op.name === "add") return ok(answer(r, mockPanicAdd(db, actor, payload), db));
    if (r.name === "panic-button" && op.name === "trail") return ok(mockTrail(db, actor, params.id, options.rowScopes));
    if (r.name === "panic-button" && op.name === "acknowledge") return ok(answer(r, mockAcknowledge(db, actor, params.id, payload, mayEdit(r), options.rowScopes), db));
    if (isFlowAction(r, op.name)) {
      const allowed = !!options.menus.find((m) => m.alias === r.access)?.[actionRight(r, op.name) === "create" ? "can_add" : "can_edit"];
      return ok(answer(r, mockFlowAction(db, actor, r, op.name, params.id, payload, allowed, options.rowScopes), db));
    }
    if (op.name === "stock" && (r.name === "material-resource" || r.name === "tools-resource")) return ok(mockStockBySite(db, r, params.id));
    if (r.name === "waypoint" && op.name === "addBatch") return ok(mockAddBatch(db, actor, payload));
    if (r.name === "project" && op.name === "timeZones") return ok(mockTimeZones(db));
    if (r.name === "kanban-card" && op.name === "getData") return ok(kanbanColumns(db, query, (row) => answer(r, row, db)));
    // human-resource onboarding (server/custom/staff-onboarding.ts).
    if (r.name === "human-resource" && op.name === "invite") return ok(answer(r, mockInvite(db, payload), db));
    if (r.name === "human-resource" && op.name === "reinvite") {
      const row = db.rows(r.name).find((x) => byFields(x, params));
      if (!row) throw notFound();
      return ok({ sent: true, email: String(row.email) });
    }
    if (r.name === "human-resource" && op.name === "importPreview") return ok(mockImportPreview(db, payload, lang));
    if (r.name === "human-resource" && op.name === "import") return ok(mockImport(db, payload));
    if (op.path === "add-multiple") {
      // A join's pair already stored (or repeated in the batch) is answered as it is, flagged `existing` (server/records/store.ts createMany).
      const key = r.uniqueKey;
      const records = addMultiple(r, payload).map((v) => {
        const found = key && db.rows(r.name).find((x) => (x.company_id === undefined || x.company_id === db.companyId) && key.every((k) => x[k] === v[k]));
        return found
          ? { ...answer(r, found, db), ...(key ? { existing: true } : {}) }
          : { ...answer(r, db.insert(r.name, withoutVirtual(r, v)), db), ...(key ? { existing: false } : {}) };
      });
      const existing = records.filter((x) => x.existing === true).length;
      return ok(records, existing ? { message: t(lang, "pairs_existing", { added: records.length - existing, existing }) } : {});
    }
    if (op.method === "DELETE") {
      const n = db.remove(r.name, (row) => byFields(row, params));
      return ok({ deleted: n });
    }
    if (op.method === "PUT") {
      const row = db.rows(r.name).find((x) => byFields(x, params));
      if (!row) throw notFound();
      if (op.name === "editStatusView") Object.assign(row, { is_viewed: true, viewed_at: new Date().toISOString() });
      // project-approval approve/reject: the approver named on a pending one decides it (server/custom/approvals.ts).
      if (r.name === "project-approval" && (op.name === "approve" || op.name === "reject")) {
        if (Number(row.approver_id) !== actor.id) throw new HttpError(403, "not_approver");
        if (row.status !== "pending") throw badRequest({ status: { key: "already_decided" } });
        Object.assign(row, { status: op.name === "approve" ? "approved" : "rejected", decided_at: new Date().toISOString(), updated_at: new Date().toISOString() });
        if (payload.note) row.note = payload.note;
      }
      // human-resource disable/enable (server/custom/staff.ts): nobody disables themselves; sessions end.
      if (r.name === "human-resource" && (op.name === "disable" || op.name === "enable")) {
        if (op.name === "disable" && Number(row.id) === actor.id) throw new HttpError(409, "not_self");
        Object.assign(row, { is_active: op.name === "enable", updated_at: new Date().toISOString() });
        if (op.name === "disable") for (const [token, user] of sessions) if (Number(user.id) === Number(row.id)) sessions.delete(token);
      }
      return ok(answer(r, row, db));
    }
    if (op.method === "POST" && op.path.endsWith("search")) {
      const found = searchRows(
        r,
        visibleRows(
          r,
          db.rows(r.name).filter((x) => byFields(x, params)),
          db,
          actor,
          options.rowScopes,
        ),
        payload,
        lang,
      );
      return ok(
        found.rows.map((x) => answer(r, x, db)),
        { ...(found.message ? { message: found.message } : {}), recordsTotal: found.recordsTotal, recordsFiltered: found.recordsFiltered },
      );
    }
    if (op.method === "GET")
      return ok(
        db
          .rows(r.name)
          .filter((x) => byFields(x, { ...params, ...query }))
          .map((x) => answer(r, x, db)),
      );
    return ok(null, { message: `${op.name}: accepted by the mock` });
  }

  const route = (service: "api" | "legacy") =>
    http.all(new RegExp(`/${service}/(.+)$`), async ({ request }) => {
      const path = new URL(request.url).pathname.replace(new RegExp(`^.*?/${service}/`), "");
      return handle(request, service, path);
    });

  return {
    handlers: [events.handler, route("api"), route("legacy")],
    db,
    events,
    twoFactor,
    log,
    options,
    requests: (method, path) => log.filter((e) => e.method === method.toUpperCase() && (typeof path === "string" ? e.path === path : path.test(e.path))),
  };
}
