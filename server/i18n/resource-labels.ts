// The web app's own labels (src/i18n/<lang>.json), read once per language, for what the server
// names as users know it: resources in messages ("Role menus", "Staff"; "Menu peran",
// "Karyawan") and the seeded menus. A resource without a label is named by its name.
import { readFileSync } from "node:fs";
import type { Lang } from "./messages";

export interface WebLabels {
  resources: Record<string, string>;
  menuGroups: Record<string, string>;
}

const labels = new Map<Lang, WebLabels>();

/** The web app's resource and menu-group labels in a language (empty when its file cannot be read). */
export function webLabels(lang: Lang): WebLabels {
  let l = labels.get(lang);
  if (!l) {
    try {
      const texts = JSON.parse(readFileSync(new URL(`../../src/i18n/${lang}.json`, import.meta.url), "utf8")) as Partial<WebLabels>;
      l = { resources: texts.resources ?? {}, menuGroups: texts.menuGroups ?? {} };
    } catch {
      l = { resources: {}, menuGroups: {} };
    }
    labels.set(lang, l);
  }
  return l;
}

/** The resource's label in a language. */
export const resourceLabel = (lang: Lang, resource: string): string => webLabels(lang).resources[resource] ?? resource;
