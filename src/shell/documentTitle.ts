// Document titles in the current language, worded as the page titles ("Edit division #4 |
// Fieldworks", "Ubah divisi #4 | Fieldworks"); Refine's own generator prefixes English words.
import type { IResourceItem } from "@refinedev/core";
import { pageTitle } from "../crud/model";
import { i18n } from "../i18n";

const t = (key: string, options?: Record<string, unknown>): string => String(i18n.t(key, options as never));

export function documentTitle({ resource, action, params }: { resource?: IResourceItem; action?: string; params?: Record<string, string | undefined> }): string {
  const suffix = i18n.t("documentTitle.suffix");
  if (!resource?.name) return i18n.t("documentTitle.default"); // home: Refine passes a nameless resource
  const label = String(resource.meta?.label ?? i18n.t(`resources.${resource.name}`, { defaultValue: resource.name }));
  if (!action || action === "list") return `${label}${suffix}`;
  if (action === "create" || action === "edit" || action === "show") {
    return `${pageTitle(t, action, resource, { plural: label, id: params?.id })}${suffix}`;
  }
  const id = params?.id ? ` #${params.id}` : "";
  return `${i18n.t(`actions.${action}`, { defaultValue: action })} ${label}${id}${suffix}`;
}
