// The company's own settings: the company-management fields its own admins read and set through
// GET / PUT company-management/own-settings (server/custom/company-settings.ts), each checked as
// company-management declares it. Everything else of the company stays the platform owner's.
// A setting for the company's admins to hold goes in this list (and in CompanyOwnSettings).
// The webhook's signing secret is the exception: not a declared field (never answered by any
// operation), written through own-settings only (WEBHOOK_SECRET_FIELD), checked here.
import type { CompanyOwnSettings } from "./answers";

export const OWN_SETTING_FIELDS = ["require_two_factor_admins", "panic_escalate_seconds", "alert_webhook_url"] as const satisfies ReadonlyArray<keyof CompanyOwnSettings>;

/** The write-only body field (and column) of the webhook's HMAC key; "" or null clears it. */
export const WEBHOOK_SECRET_FIELD = "alert_webhook_secret";
/** Its length: 16 (a random 128-bit key in base64 is 22) to 200 characters. */
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;

/** The escalation time without a value (seconds). */
export const DEFAULT_ESCALATE_SECONDS = 120;

/** The listed fields a body gives (others are ignored). */
export function ownSettingsBody(body: unknown): Record<string, unknown> {
  const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const k of OWN_SETTING_FIELDS) if (Object.hasOwn(input, k) && input[k] !== undefined) out[k] = input[k];
  return out;
}

/** The secret a body sets: undefined (not given), null (cleared), a string, or an error key. */
export function webhookSecretOf(body: unknown): { value: string | null | undefined } | { error: "too_short" | "too_long" | "bad" } {
  const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (!Object.hasOwn(input, WEBHOOK_SECRET_FIELD) || input[WEBHOOK_SECRET_FIELD] === undefined) return { value: undefined };
  const v = input[WEBHOOK_SECRET_FIELD];
  if (v === null || v === "") return { value: null };
  if (typeof v !== "string") return { error: "bad" };
  if (v.length < WEBHOOK_SECRET_MIN) return { error: "too_short" };
  if (v.length > WEBHOOK_SECRET_MAX) return { error: "too_long" };
  return { value: v };
}

const truthy = (v: unknown): boolean => v === true || v === 1 || v === "1" || v === "true";

/** The settings as a company's row holds them (a missing value: the field's default). */
export function ownSettingsOf(company: Record<string, unknown> | undefined): CompanyOwnSettings {
  const seconds = company?.panic_escalate_seconds;
  const url = company?.alert_webhook_url;
  const secret = company?.alert_webhook_secret;
  return {
    require_two_factor_admins: truthy(company?.require_two_factor_admins),
    panic_escalate_seconds: seconds === null || seconds === undefined || seconds === "" ? DEFAULT_ESCALATE_SECONDS : Number(seconds),
    alert_webhook_url: typeof url === "string" && url !== "" ? url : null,
    alert_webhook_secret_set: typeof secret === "string" && secret !== "",
  };
}
