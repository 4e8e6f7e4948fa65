// The routes of sign-in, the session, two-factor sign-in and the event stream in the OpenAPI
// document (server/auth/routes.ts, server/auth/two-factor-routes.ts, server/auth/session-route.ts,
// server/events/): not resources of the declaration, but what a client needs first. docs/api.md
// "Auth" and "Live events" are their prose.
import type { JsonSchema } from "../../declaration/field-schema";

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const error = (name: string): JsonSchema => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const answer = (description: string, data: JsonSchema): JsonSchema => ({
  description,
  content: json({ allOf: [ref("Envelope"), { type: "object", properties: { data } }] }),
});
const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: "object",
  ...(required.length ? { required } : {}),
  properties,
});
const text: JsonSchema = { type: "string" };

/** The login's `data`: a session, or the second step of a two-factor sign-in. */
const SESSION: JsonSchema = object({
  token: text,
  expires_at: { type: "string", format: "date-time" },
  user: { type: "object", description: "id, name, email, company_id, company_name, photo, time_zone, subscription_end, read_only." },
  role: { type: ["object", "null"], description: "id, name, role_type; null for a user without a valid role." },
  menus: { type: "array", items: { type: "object" } },
  view_as: { type: ["object", "null"] },
  two_factor: object({ step: { enum: ["verify", "setup"] }, challenge: text, expires_at: text }),
  recovery_codes: { type: "array", items: text },
  recovery_codes_left: { type: "integer" },
});
const TWO_FACTOR_STATUS: JsonSchema = object({
  enabled: { type: "boolean" },
  enabled_at: { type: ["string", "null"] },
  recovery_codes_left: { type: "integer" },
  required: { type: "boolean" },
  recovery_codes: { type: "array", items: text },
});
const SECRET: JsonSchema = object({ secret: text, otpauth_url: text, issuer: text, account: text }, ["secret", "otpauth_url"]);
const CODE = object({ code: text }, ["code"]);

interface Route {
  method: "get" | "post";
  id: string;
  summary: string;
  /** No token: the login's challenge (or nothing) instead. */
  open?: boolean;
  body?: JsonSchema;
  ok: JsonSchema;
}

const ROUTES: Record<string, Route> = {
  "/api/me": { method: "get", id: "me", summary: "The session's user as it is now.", ok: answer("{ user }", object({ user: { type: "object" } }, ["user"])) },
  "/api/session": { method: "get", id: "session", summary: "Who the token is now: the login's data without token and expiry, with view_as.", ok: answer("The session.", SESSION) },
  "/api/logout": { method: "post", id: "logout", summary: "Ends the token (a view-as session's too).", ok: answer("Signed out.", { type: "null" }) },
  "/api/send-forgot-email": {
    method: "post",
    id: "sendForgotEmail",
    summary: "Mails a one-hour reset link to an active user; the same answer for any email.",
    open: true,
    body: object({ email: text }, ["email"]),
    ok: answer("forgot_sent", {}),
  },
  "/api/reset-password": {
    method: "post",
    id: "resetPassword",
    summary: "Sets the password of a reset link's user and ends their sessions.",
    open: true,
    body: object({ token: text, password: { type: "string", minLength: 8, maxLength: 128 } }, ["token", "password"]),
    ok: answer("reset_done", { type: "null" }),
  },
  "/api/login/two-factor": {
    method: "post",
    id: "loginTwoFactor",
    summary: "The sign-in's second step (verify): a code or a recovery code for the login's challenge.",
    open: true,
    body: object({ challenge: text, code: text, recovery_code: text }, ["challenge"]),
    ok: answer("The session.", SESSION),
  },
  "/api/login/two-factor/setup": {
    method: "post",
    id: "loginTwoFactorSetup",
    summary: "The sign-in's second step (setup): the secret to set up.",
    open: true,
    body: object({ challenge: text }, ["challenge"]),
    ok: answer("The secret.", SECRET),
  },
  "/api/login/two-factor/enable": {
    method: "post",
    id: "loginTwoFactorEnable",
    summary: "The sign-in's second step (setup): a code of the secret turns two-factor sign-in on.",
    open: true,
    body: object({ challenge: text, code: text }, ["challenge", "code"]),
    ok: answer("The session and its recovery codes.", SESSION),
  },
  "/api/two-factor": { method: "get", id: "twoFactor", summary: "One's own second factor.", ok: answer("The status.", TWO_FACTOR_STATUS) },
  "/api/two-factor/setup": { method: "post", id: "twoFactorSetup", summary: "Begins setting up one's second factor.", ok: answer("The secret.", SECRET) },
  "/api/two-factor/enable": {
    method: "post",
    id: "twoFactorEnable",
    summary: "Turns it on with a code.",
    body: CODE,
    ok: answer("The status and the recovery codes.", TWO_FACTOR_STATUS),
  },
  "/api/two-factor/recovery-codes": {
    method: "post",
    id: "twoFactorRecoveryCodes",
    summary: "New recovery codes.",
    body: CODE,
    ok: answer("The status and the recovery codes.", TWO_FACTOR_STATUS),
  },
  "/api/two-factor/disable": {
    method: "post",
    id: "twoFactorDisable",
    summary: "Turns it off with a code or the password.",
    body: object({ code: text, password: text }),
    ok: answer("The status.", TWO_FACTOR_STATUS),
  },
};

function operation(path: string, r: Route): JsonSchema {
  const responses: Record<string, JsonSchema> = { "200": r.ok, "400": error("BadRequest"), "401": error("Unauthorized") };
  // One's own second factor is not a view-as session's to see or change (409 read_only).
  if (r.method === "post" || path.startsWith("/api/two-factor")) responses["409"] = error("Conflict");
  if (r.method === "post") Object.assign(responses, { "413": error("TooLarge"), "415": error("UnsupportedMedia") });
  Object.assign(responses, { "429": error("RateLimited"), "500": error("ServerError") });
  return {
    operationId: r.id,
    tags: ["auth"],
    summary: r.summary,
    description: `docs/api.md "Auth" (${path}).${path.startsWith("/api/two-factor") ? " Refused (409 read_only) in a view-as session." : ""}`,
    ...(r.open ? { security: [] } : {}),
    ...(r.body ? { requestBody: { required: true, content: json(r.body) } } : {}),
    responses,
    "x-right": r.open ? { text: "public", kind: "public" } : { text: "signed-in", kind: "signed-in" },
  };
}

export const AUTH_PATHS: Record<string, Record<string, JsonSchema>> = {
  ...Object.fromEntries(Object.entries(ROUTES).map(([path, r]) => [path, { [r.method]: operation(path, r) }])),
  "/api/events": {
    get: {
      operationId: "events",
      tags: ["service"],
      summary: 'Live events: one server-sent event stream per signed-in browser (docs/api.md "Live events").',
      responses: {
        "200": { description: "The stream.", content: { "text/event-stream": { schema: { type: "string" } } } },
        "401": error("Unauthorized"),
        "429": error("RateLimited"),
        "500": error("ServerError"),
      },
      "x-right": { text: "signed-in", kind: "signed-in" },
    },
  },
};
