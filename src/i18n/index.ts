// i18next with English (default) and Indonesian. The language lives in local storage ("lang");
// changing it stores the choice and reloads the page, so every module (antd, dayjs, server
// messages via Accept-Language) starts over in the new language.
// Loading: the first screen's English texts are bundled; another language's texts and antd
// locale load before the first render (loadLanguage, main.tsx); all other texts load with the
// shell or the map (loadAllTexts); dayjs's locale too (./dates.ts).
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
// antd's ES build: "antd/locale/*" are CommonJS files whose dynamic import gives the whole
// `exports` object ({ __esModule, default }) as `default` in the built app, and ConfigProvider
// silently stayed English with that (vitest's interop hid it).
import antdEn from "antd/es/locale/en_US";
import type { Locale } from "antd/es/locale";
import { STORAGE_KEYS } from "../auth/storageKeys";
import { page } from "../http/page";
// Only the sections the first screen (login, forgot/reset password, load errors) needs are
// bundled; Vite's named JSON imports leave the rest of en.json out of this chunk.
import { app, auth, common, errors, lazy } from "./en.json";

const FIRST_SCREEN_EN = { app, auth, common, errors, lazy };

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

/** Every text of a language (the first screen's and the rest). */
const TEXTS: Record<Language, () => Promise<{ default: object }>> = {
  // ?raw: a module apart from the bundled first-screen sections (else this would be bundled too)
  en: () => import("./en.json?raw").then((m) => ({ default: JSON.parse(m.default) as object })),
  id: () => import("./id.json"),
};

/** antd's locale of a language other than English (its own chunk, loaded by loadLanguage). */
const ANTD: Record<Exclude<Language, "en">, () => Promise<{ default: unknown }>> = {
  id: () => import("antd/es/locale/id_ID"),
};

/**
 * The antd locale of a locale module: its default export, or the default of a CommonJS
 * `exports` object that a bundler's interop handed over whole.
 */
export function antdLocaleOf(module: { default: unknown }): Locale {
  const isLocale = (v: unknown): v is Locale => typeof (v as Locale | null)?.locale === "string";
  const d = module.default;
  if (isLocale(d)) return d;
  const inner = (d as { default?: unknown } | null)?.default;
  if (isLocale(inner)) return inner;
  throw new Error("not an antd locale module");
}

const antdLocales: Partial<Record<Language, Locale>> = { en: antdEn };

/** The antd locale of a language (for ConfigProvider); English until the language is loaded. */
export const antdLocale = (lang: Language = getLanguage()): Locale => antdLocales[lang] ?? antdEn;

export const i18n = i18next.createInstance();

const loaded = new Map<Language, Promise<void>>();

/** Loads every text of a language (once). */
export function loadTexts(lang: Language): Promise<void> {
  let p = loaded.get(lang);
  if (!p) {
    p = TEXTS[lang]().then((m) => {
      i18n.addResourceBundle(lang, "translation", m.default, true, true);
    });
    p.catch(() => loaded.delete(lang)); // a later call tries again
    loaded.set(lang, p);
  }
  return p;
}

/**
 * Every text of the current language and of the English fallback: the shell and the map
 * await this with their chunk (the first screen needs only the bundled sections).
 */
export const loadAllTexts = (lang: Language = getLanguage()): Promise<void> =>
  Promise.all([loadTexts(DEFAULT_LANGUAGE), lang === DEFAULT_LANGUAGE ? null : loadTexts(lang)]).then(() => undefined);

/**
 * Makes a language ready for the first screen and switches i18next and <html lang> to it:
 * English is bundled; another language loads its texts and antd locale.
 */
export async function loadLanguage(lang: Language = getLanguage()): Promise<void> {
  initI18n();
  if (lang !== "en" && !antdLocales[lang]) {
    const [antd] = await Promise.all([ANTD[lang](), loadTexts(lang)]);
    antdLocales[lang] = antdLocaleOf(antd);
  }
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** Initialises i18next with the first screen's English at once (idempotent). */
export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: FIRST_SCREEN_EN } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      initAsync: false,
    });
  }
  return i18n;
}

initI18n();
