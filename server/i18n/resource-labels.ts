// Resources as users know them ("Role menus", "Staff"; "Menu peran", "Karyawan"), for server
// messages that name resources: the web app's own labels (src/i18n/<lang>.json `resources`), read
// once; a resource without one is named by its name.
import { readFileSync } from "node:fs";
import type { Lang } from "./messages";

const labels = new Map<Lang, Record<string, string>>();

function labelsOf(lang: Lang): Record<string, string> {
  let l = labels.get(lang);
  if (!l) {
    try {
      l = (JSON.parse(readFileSync(new URL(`../../src/i18n/${lang}.json`, import.meta.url), "utf8")) as { resources?: Record<string, string> }).resources ?? {};
    } catch {
      l = {};
    }
    labels.set(lang, l);
  }
  return l;
}

/** The resource's label in a language. */
export const resourceLabel = (lang: Lang, resource: string): string => labelsOf(lang)[resource] ?? resource;
