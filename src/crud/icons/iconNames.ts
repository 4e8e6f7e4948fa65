// What an antd icon (a record's `icon` value, e.g. "TeamOutlined") is called in the user's
// language: "Team (outline)" / "Tim (garis)". English from the icon's own words, Indonesian from
// iconNames.id.json, one name per icon of the library (tests/web/crud/crud-icon-names.test.tsx
// checks every icon has one), loaded with the first icon named and kept in i18next
// (namespace "iconNames"); a circle or square variant says so; the style is translated.
import { useEffect, useState } from "react";
import { i18n } from "../../i18n";

const STYLE = /(Outlined|Filled|TwoTone)$/;
const SHAPE = /(Circle|Square)$/;
const NAMESPACE = "iconNames";

/** The icons' names in a language other than English, loaded once. */
const LOADERS: Record<string, () => Promise<{ default: Record<string, string> }>> = {
  id: () => import("./iconNames.id.json"),
};
let loading: Promise<void> | undefined;

/** Loads the icons' names of the current language into i18next (once). */
export function loadIconNames(): Promise<void> {
  const lang = i18n.language;
  if (!LOADERS[lang] || i18n.hasResourceBundle(lang, NAMESPACE)) return Promise.resolve();
  return (loading ??= LOADERS[lang]().then((m) => void i18n.addResourceBundle(lang, NAMESPACE, m.default)));
}

/** "AccountBook" → "Account book". */
const words = (base: string) => {
  const s = base.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** An icon's base name (no style) in the current language. */
function baseLabel(base: string): string {
  const known = (key: string) => i18n.exists(key, { ns: NAMESPACE });
  if (known(base)) return i18n.t(base, { ns: NAMESPACE });
  const shape = SHAPE.exec(base);
  const stem = shape ? base.slice(0, -shape[1].length) : "";
  if (shape && known(stem)) return i18n.t(`crud.icon.in${shape[1]}`, { name: i18n.t(stem, { ns: NAMESPACE }) });
  // English (or a name the list lacks): the icon's own words.
  return words(base);
}

/** The icon's name as people read it, with its style: "Team (outline)", "Tim (garis)"; a name that is not an icon's as it is. */
export function iconLabel(name: string): string {
  const style = STYLE.exec(name);
  if (!style) return name;
  return i18n.t("crud.icon.label", { name: baseLabel(name.slice(0, -style[1].length)), style: i18n.t(`crud.icon.styles.${style[1]}`) });
}

/** Re-renders once the current language's icon names have loaded. */
export function useIconNames(): void {
  const [, setLoaded] = useState(false);
  useEffect(() => {
    let alive = true;
    void loadIconNames().then(() => alive && setLoaded(true));
    return () => {
      alive = false;
    };
  }, []);
}
