// Which zone a time is in, and how a zone is named (docs/api.md "Field capture", time zones):
// every time shown or typed is in the zone of the row's project, else the company's, whatever
// the browser's zone; the zone's abbreviation follows a time where it is not the browser's.
// Intl only (the runtime's IANA data): this module is light enough for the shell. Converting and
// formatting times (dayjs's utc and timezone plugins) is ./zonedTime.ts, loaded by the screens
// that show times.
import { canonicalTimeZone, DEFAULT_TIME_ZONE, INDONESIA_TIME_ZONES, type ResolvedResource } from "../../declaration";
import { i18n } from "../i18n";

export { DEFAULT_TIME_ZONE, INDONESIA_TIME_ZONES };

/** The zones a signed-in user's times are shown in (GET project/time-zones, else the login answer's company zone). */
export interface TimeZones {
  company: string;
  /** Projects whose zone is not the company's: id → IANA name. */
  projects: Record<string, string>;
}

let browserZone: string | undefined;
/** The browser's own zone (read once). */
export function browserTimeZone(): string {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  return browserZone;
}
/** Tests change the process's zone between cases. */
export const forgetBrowserTimeZone = (): void => {
  browserZone = undefined;
};

/** A zone name as the runtime spells it, or the default for an unknown one. */
export const zoneOrDefault = (zone: unknown): string => canonicalTimeZone(zone) ?? DEFAULT_TIME_ZONE;

/** The abbreviation i18n key of Indonesia's zones (WIB, WITA, WIT); Pontianak keeps Jakarta's time. */
export const INDONESIAN: Record<string, "wib" | "wita" | "wit"> = {
  "Asia/Jakarta": "wib",
  "Asia/Pontianak": "wib",
  "Asia/Makassar": "wita",
  "Asia/Jayapura": "wit",
};

const localeTag = (lang: string | undefined): string => (lang === "id" ? "id-ID" : "en-US");

/** Intl's name of a zone at an instant ("short": GMT+8, EST, UTC; "long": Central European Standard Time). */
export function intlZoneName(zone: string, at: Date, lang: string | undefined, style: "short" | "long"): string {
  try {
    const part = new Intl.DateTimeFormat(localeTag(lang), { timeZone: zone, timeZoneName: style }).formatToParts(at).find((p) => p.type === "timeZoneName");
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

/** "WIB", "WITA", "WIT" for Indonesia's zones (the same in both languages); Intl's short name otherwise ("UTC", "GMT+8"). */
export function zoneAbbreviation(zone: string, at: Date = new Date(), lang: string | undefined = i18n.language): string {
  const key = INDONESIAN[zone];
  return key ? i18n.t(`timeZones.abbr.${key}`, { defaultValue: key.toUpperCase(), lng: lang }) : intlZoneName(zone, at, lang, "short");
}

/** "WIB (Asia/Jakarta)": a timezone field's value as read. */
export const zoneLabel = (zone: string, lang?: string): string => `${zoneAbbreviation(zone, new Date(), lang)} (${zone})`;

/** Whether times in this zone need its abbreviation: it is not the browser's zone. */
export const needsAbbreviation = (zone: string): boolean => (canonicalTimeZone(zone) ?? zone) !== browserTimeZone();

// ---- which zone a row's times are in ----------------------------------------------------------

/**
 * The field of a resource's rows that names their project (DESIGN-17): `rowVisibility.project`,
 * else the parent field when the parent is a project, else a field `project_id`; a project's own
 * rows are their own site (`id`). Undefined: the rows' times are the company's.
 */
export function projectFieldOf(r: Pick<ResolvedResource, "name" | "rowVisibility" | "parent" | "fields">): string | undefined {
  if (r.rowVisibility?.project) return r.rowVisibility.project;
  if (r.parent?.resource === "project") return r.parent.field;
  if (r.fields.some((f) => f.name === "project_id")) return "project_id";
  return r.name === "project" ? "id" : undefined;
}

/** A project's zone: its own when it differs from the company's, else the company's. */
export const zoneOfProject = (zones: TimeZones, projectId: unknown): string =>
  (projectId !== null && projectId !== undefined && projectId !== "" ? zones.projects[String(projectId)] : undefined) ?? zones.company;

/** The zone a row's times are shown and typed in. */
export const zoneOfRow = (r: Parameters<typeof projectFieldOf>[0], record: Record<string, unknown> | undefined, zones: TimeZones): string => {
  const field = projectFieldOf(r);
  return field && record ? zoneOfProject(zones, record[field]) : zones.company;
};
