// dayjs follows the language: dates formatted in cells and antd's pickers (weekday and month
// names) read dayjs's global locale. Loaded with the pages that show dates (the shell, the map:
// App.tsx), never with the first screen; English is built into dayjs, so English users load
// no locale at all.
import dayjs from "dayjs";
import { getLanguage, type Language } from "./index";

const DAYJS_LOCALES: Record<Exclude<Language, "en">, () => Promise<unknown>> = {
  id: () => import("dayjs/locale/id"),
};

/** Loads the language's dayjs locale (once; a module import) and makes it dayjs's global one. */
export async function loadDateLocale(lang: Language = getLanguage()): Promise<void> {
  if (lang !== "en") await DAYJS_LOCALES[lang]();
  dayjs.locale(lang);
}
