// The company's own settings: the company-management fields its own admins read and set through
// GET / PUT company-management/own-settings (server/custom/company-settings.ts), each checked as
// company-management declares it. Everything else of the company stays the platform owner's.
// A setting for the company's admins to hold goes in this list (and in CompanyOwnSettings).
import type { CompanyOwnSettings } from "./answers";

export const OWN_SETTING_FIELDS = ["require_two_factor_admins"] as const satisfies ReadonlyArray<keyof CompanyOwnSettings>;

/** The listed fields a body gives (others are ignored). */
export function ownSettingsBody(body: unknown): Record<string, unknown> {
  const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const k of OWN_SETTING_FIELDS) if (Object.hasOwn(input, k) && input[k] !== undefined) out[k] = input[k];
  return out;
}

const truthy = (v: unknown): boolean => v === true || v === 1 || v === "1" || v === "true";

/** The settings as a company's row holds them (a missing value: the field's default). */
export function ownSettingsOf(company: Record<string, unknown> | undefined): CompanyOwnSettings {
  return { require_two_factor_admins: truthy(company?.require_two_factor_admins) };
}
