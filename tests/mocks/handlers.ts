// msw handlers implementing the API contract (docs/api.md) in memory, for the web suite. Sign-in
// and the session are answered here; every declared operation is routed from the declaration
// (declaration/ operations and paths), checked as the server checks it (access.ts: rights,
// read-only sessions, sign-offs, option views; a custom operation's declared input), then
// answered by its bespoke handler (bespoke.ts) or else its generic one (generic.ts), else its
// declared example answer (a custom operation's `example`), else 501.
// Tests seed `db`, run the app, then assert on `db` and on `log` (the requests the app sent).
import type { FastifyRequest } from "fastify";
import { http, HttpResponse, type HttpHandler } from "msw";
import { ALL_RESOURCES, holdsMenuRight, refuseFilePart, type MenuRight, type ResolvedOperation, type ResolvedResource } from "../../declaration";
import { errorEnvelope } from "../../server/http/error-handler";
import { badRequest, HttpError, readOnly, unauthorized } from "../../server/http/errors";
import { validateFields } from "../../server/validation/record";
import { langOf, type Lang } from "../../server/i18n/messages";
import { checkMockOperation } from "./access";
import { bespokeMockHandler } from "./bespoke";
import { MockAnswer, type MockContext } from "./context";
import { createDb, type MockDb, type Row } from "./db";
import { exampleMockHandler, genericMockHandler, notMocked } from "./generic";
import type { KeptCounts } from "./search";
import { defaultMenus, type MockMenu } from "./menus";
import { visibleRows, type RowScopes } from "./rowScope";
import { createEventsMock, type EventsMock } from "./events";
import { mockTimeZones } from "./field";
import { mockSubscription } from "./subscription";
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

/** The platform owner (role type "owner"): every menu, outside the companies' own records. */
export const OWNER_USER: MockUser = { ...DEFAULT_USER, role: { id: 99, name: "Platform owner", role_type: "owner" } };

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

/**
 * Multipart fields arrive as text and are validated loosely ("2" for a number), as the server
 * does. Files are stored under a server-made name in the field that holds them; what the server
 * learns from the file (original name, type, size) fills the server-owned fields of those names.
 */
function fromMultipart(r: ResolvedResource, op: ResolvedOperation, form: FormData): { body: Row; stored: Row; files: Row[]; logged: Record<string, unknown> } {
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
  const files: Row[] = [];
  const logged: Record<string, unknown> = {};
  const byName = new Map(r.fields.map((f) => [f.name, f]));
  const owned = (name: string) => byName.get(name)?.serverOwned;
  for (const [k, v] of form.entries()) {
    if (typeof v !== "string") {
      const fileName = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}-${v.name.replace(/[^A-Za-z0-9._-]/g, "-")}`;
      logged[k] = { file: v.name, size: v.size, type: v.type };
      const target = byName.get(k)?.type === "file" || byName.get(k)?.type === "image" ? k : ([...byName.values()].find((f) => f.type === "file" || f.type === "image")?.name ?? k);
      const file: Row = { [target]: fileName };
      if (owned("original_name")) file.original_name = v.name;
      if (owned("name")) file.name = v.name;
      if (owned("mime")) file.mime = v.type;
      if (owned("size")) file.size = v.size;
      Object.assign(stored, file);
      files.push(file);
      body[target] = fileName;
      continue;
    }
    logged[k] = v;
    body[k] = v;
  }
  return { body, stored, files, logged };
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
    return { token, expires_at: new Date(Date.now() + 7 * 864e5).toISOString(), user: userAnswer(user), role: user.role, menus: options.menus };
  };
  /** The user as the session answers them: the company's zone (docs/api.md "Auth") and subscription, no secrets. */
  const userAnswer = (user: MockUser) => {
    const { password: _pw, role: _role, two_factor: _tf, ...pub } = user;
    return { ...pub, photo: null, time_zone: mockTimeZones(db).company, ...mockSubscription(db, pub.company_id) };
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
    if (service === "api" && method === "GET" && path === "session") return ok({ user: userAnswer(signedIn), role: signedIn.role, menus: options.menus, view_as: null });
    if (service === "api" && method === "GET" && path === "me") return ok({ user: userAnswer(signedIn) });

    const [resPath, ...rest] = path.split("/");
    const r = ALL_RESOURCES.find((x) => x.service === service && x.path === resPath);
    if (!r) return fail(404, `unknown resource ${resPath}`);
    const hit = matchOp(r, method, rest);
    if (!hit) return fail(404, `no operation ${method} ${path}`);
    const { op, params } = hit;

    let payload: Row = (body ?? {}) as Row;
    let stored: Row = {};
    let files: Row[] = [];
    if (form) {
      const parsed = fromMultipart(r, op, form);
      payload = parsed.body;
      stored = parsed.stored;
      files = parsed.files;
      entry.body = parsed.logged;
    }
    // The acting user: the signed-in session's, else (a test's stored token) the first user.
    const token = auth.replace(/^Bearer /, "");
    const actor = sessions.get(token) ?? options.users[0];
    const roleType = actor.role.role_type;
    const holder = {
      menus: options.menus,
      roleType,
      readOnly: viewAsTokens.has(token) ? ("view_as" as const) : mockSubscription(db, actor.company_id).read_only ? ("subscription_ended" as const) : null,
    };
    // The declared right, read-only sessions and sign-offs (access.ts); a refused read may be answered as options.
    const view = checkMockOperation(db, r, op, holder, actor.id, { params, query, body: form ? payload : body });
    // A custom operation's declared input, checked as the server does (server/routes/register.ts).
    if (op.input) {
      const { errors } = validateFields(op.input, payload, { mode: "create" });
      if (Object.keys(errors).length) throw badRequest(errors);
    }
    const tenantOf = (x: ResolvedResource) =>
      x.scope === "company" ? db.rows(x.name).filter((row) => row.company_id === undefined || row.company_id === db.companyId) : db.rows(x.name);
    const tenant = () => tenantOf(r);
    const ctx: MockContext = {
      db,
      r,
      op,
      params,
      query,
      payload,
      multipart: !!form,
      stored,
      files,
      lang,
      actor,
      menus: options.menus,
      rowScopes: options.rowScopes,
      keptCounts,
      tenant,
      rows: () => visibleRows(r, tenant(), db, actor, options.rowScopes),
      rowsOf: (x) => visibleRows(x, tenantOf(x), db, actor, options.rowScopes),
      byParams: (row) => Object.entries(params).every(([k, v]) => String(row[k]) === v),
      holds: (m) => holdsMenuRight(holder, { menu: (m.menu ?? r.access) as NonNullable<MenuRight["menu"]>, action: m.action }),
      endSessions: (userId) => {
        for (const [t, user] of sessions) if (Number(user.id) === userId) sessions.delete(t);
      },
      viewAsTokens,
      twoFactor,
    };
    const handler = bespokeMockHandler(r, op.name) ?? genericMockHandler(ctx) ?? exampleMockHandler(op) ?? notMocked;
    const result = handler(ctx);
    if (result instanceof Response) return result;
    const answered = result instanceof MockAnswer ? result : new MockAnswer(result === undefined ? null : result);
    return ok(view ? view.project(answered.data) : answered.data, answered.extra);
  };

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
