// i18next with English (default) and Indonesian. The language lives in local storage ("lang");
// changing it stores the choice and reloads the page, so every module (antd, dayjs, server
// messages via Accept-Language) starts over in the new language.
import dayjs from "dayjs";
import "dayjs/locale/id";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import antdEn from "antd/locale/en_US";
import antdId from "antd/locale/id_ID";
import type { Locale } from "antd/es/locale";
import { STORAGE_KEYS } from "../auth/storageKeys";
import { page } from "../http/page";
import en from "./en.json";
import id from "./id.json";

export const LANGUAGES = ["en", "id"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** The stored language; English when none or an unknown one is stored. */
export function getLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.lang);
  } catch {
    // storage blocked: the default
  }
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Stores the language and reloads the page (the spec's rule). */
export function setLanguage(lang: Language): void {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  page.reload();
}

const ANTD_LOCALES: Record<Language, Locale> = { en: antdEn, id: antdId };
/** dayjs locale names per language. */
const DAYJS_LOCALES: Record<Language, string> = { en: "en", id: "id" };

/** The antd locale of the current language (for ConfigProvider). */
export const antdLocale = (lang: Language = getLanguage()): Locale => ANTD_LOCALES[lang];

export const i18n = i18next.createInstance();

/** Initialises i18next, dayjs and the <html lang> for the stored language. Idempotent. */
export function initI18n(): typeof i18n {
  const lng = getLanguage();
  dayjs.locale(DAYJS_LOCALES[lng]);
  if (typeof document !== "undefined") document.documentElement.lang = lng;
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en }, id: { translation: id } },
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== lng) {
    void i18n.changeLanguage(lng);
  }
  return i18n;
}

initI18n();
