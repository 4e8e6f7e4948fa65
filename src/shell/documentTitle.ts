// Document titles in the current language ("Edit Division #4 | Fieldworks"); Refine's own
// generator prefixes English words.
import type { IResourceItem } from "@refinedev/core";
import { i18n } from "../i18n";

export function documentTitle({ resource, action, params }: { resource?: IResourceItem; action?: string; params?: Record<string, string | undefined> }): string {
  const suffix = i18n.t("documentTitle.suffix");
  if (!resource?.name) return i18n.t("documentTitle.default"); // home: Refine passes a nameless resource
  const label = String(resource.meta?.label ?? i18n.t(`resources.${resource.name}`, { defaultValue: resource.name }));
  if (!action || action === "list") return `${label}${suffix}`;
  const id = params?.id ? ` #${params.id}` : "";
  return `${i18n.t(`actions.${action}`, { defaultValue: action })} ${label}${id}${suffix}`;
}
