import { describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import en from "../../src/i18n/en.json";
import id from "../../src/i18n/id.json";

type Tree = { [k: string]: string | Tree };
const keysOf = (o: Tree, p = ""): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keysOf(v, `${p}${k}.`) : [`${p}${k}`]));
const get = (o: Tree, key: string): unknown => key.split(".").reduce<unknown>((n, k) => (n as Tree | undefined)?.[k], o);

const languages = { en: en as Tree, id: id as Tree };

describe("translations", () => {
  it("have the same keys in English and Indonesian", () => {
    const e = new Set(keysOf(languages.en));
    const i = new Set(keysOf(languages.id));
    expect(
      [...e].filter((k) => !i.has(k)),
      "missing in id.json",
    ).toEqual([]);
    expect(
      [...i].filter((k) => !e.has(k)),
      "missing in en.json",
    ).toEqual([]);
  });

  it("have no empty strings", () => {
    for (const [lang, tree] of Object.entries(languages)) {
      const empty = keysOf(tree).filter((k) => String(get(tree, k)).trim() === "");
      expect(empty, lang).toEqual([]);
    }
  });

  it.each(Object.keys(languages))("label every resource (plural and singular), field, enum value and menu group in %s", (lang) => {
    const tree = languages[lang as keyof typeof languages];
    const need = new Set<string>();
    for (const r of ALL_RESOURCES) {
      need.add(`resources.${r.name}`);
      need.add(`resourceSingular.${r.name}`);
      if (r.group) need.add(`menuGroups.${r.group}`);
      for (const f of r.fields) {
        need.add(`fields.${f.name}`);
        for (const o of f.options ?? []) need.add(`${f.optionLabels ?? `enums.${f.name}`}.${o}`);
      }
    }
    const missing = [...need].filter((k) => typeof get(tree, k) !== "string");
    expect(missing).toEqual([]);
  });

  it("carry the spec's texts", () => {
    expect(get(languages.en, "common.deleteTitle")).toBe("Delete this data ?");
    expect(get(languages.en, "common.deleteConfirm")).toBe("Are you sure ?");
    expect(get(languages.en, "common.empty")).toBe("Data not yet available");
    expect(get(languages.en, "common.required")).toBe("Required");
    expect(get(languages.en, "common.loading")).toBe("Loading...");
    expect(get(languages.en, "errors.tokenExpired")).toBe("Token expired, please re-login");
    expect(get(languages.id, "common.deleteTitle")).not.toBe("Delete this data ?");
  });
});
