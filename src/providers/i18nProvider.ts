// Refine's i18n provider over the app's i18next instance (react-i18next's).
import type { I18nProvider } from "@refinedev/core";
import { i18n, isLanguage, setLanguage } from "../i18n";

export const i18nProvider: I18nProvider = {
  // Refine calls translate(key, defaultMessage) as well as translate(key, options, defaultMessage).
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const opts = typeof options === "string" ? { defaultValue: options } : { ...(options as object), defaultValue: defaultMessage };
    return String(i18n.t(key, opts as never));
  },
  changeLocale: (lang: string) => {
    if (isLanguage(lang)) setLanguage(lang);
    return Promise.resolve();
  },
  getLocale: () => i18n.language,
};

export default i18nProvider;
