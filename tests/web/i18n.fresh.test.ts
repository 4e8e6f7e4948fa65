// Languages: English by default, the choice kept in local storage, a switch reloads; antd,
// dayjs and Refine's translations follow.
import dayjs from "dayjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "../../src/http/page";
import { antdLocale, antdLocaleOf, getLanguage, i18n, loadAllTexts, loadLanguage, setLanguage } from "../../src/i18n";
import { loadDateLocale } from "../../src/i18n/dates";
import { i18nProvider } from "../../src/providers/i18nProvider";

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(page, "reload").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await loadLanguage("en");
  await loadDateLocale("en");
});

describe("language", () => {
  it("is English by default and for unknown values", () => {
    expect(getLanguage()).toBe("en");
    localStorage.setItem("lang", "fr");
    expect(getLanguage()).toBe("en");
    expect(i18n.t("common.loading")).toBe("Loading...");
  });

  it("setLanguage stores the choice and reloads the page", () => {
    setLanguage("id");
    expect(localStorage.getItem("lang")).toBe("id");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("after the reload, texts, antd and dayjs speak Indonesian", async () => {
    localStorage.setItem("lang", "id");
    expect(antdLocale().locale).toBe("en");
    await loadLanguage();
    expect(i18n.language).toBe("id");
    expect(i18n.t("common.loading")).not.toBe("Loading...");
    expect(i18n.t("auth.signIn")).toBe("Masuk");
    expect(antdLocale().locale).toBe("id");
    expect(document.documentElement.lang).toBe("id");
    await loadDateLocale();
    expect(dayjs.locale()).toBe("id");
    expect(dayjs("2026-11-21").format("MMMM")).toBe("November");
    expect(dayjs("2026-08-17").format("dddd")).toBe("Senin");
  });

  it("English antd locale and dayjs by default", async () => {
    await loadLanguage();
    await loadDateLocale();
    expect(antdLocale().locale).toBe("en");
    expect(dayjs.locale()).toBe("en");
    expect(dayjs("2026-08-17").format("dddd")).toBe("Monday");
  });

  it("takes antd's locale from an ES module or from a CommonJS exports object handed over whole", () => {
    const locale = { locale: "id", Pagination: {} };
    expect(antdLocaleOf({ default: locale })).toBe(locale);
    // what the build's interop gave for import("antd/locale/id_ID"), a CommonJS file
    expect(antdLocaleOf({ default: { __esModule: true, default: locale } })).toBe(locale);
    expect(() => antdLocaleOf({ default: {} })).toThrow();
  });

  it("the first screen has its texts at once; the rest arrive with loadAllTexts", async () => {
    expect(i18n.t("errors.tokenExpired")).toBe("Token expired, please re-login");
    await loadAllTexts();
    expect(i18n.t("menuGroups.masterData")).toBe("Master data");
    expect(i18n.t("buttons.save")).toBe("Save");
  });
});

describe("i18nProvider", () => {
  it("translates with options and default messages (both of Refine's call shapes)", async () => {
    await loadAllTexts();
    expect(i18nProvider.translate("notifications.createSuccess", { resource: "Division" })).toBe("Successfully created Division");
    expect(i18nProvider.translate("no.such.key", "Fallback")).toBe("Fallback");
    expect(i18nProvider.translate("no.such.key", {}, "Other")).toBe("Other");
    expect(i18nProvider.getLocale()).toBe("en");
  });

  it("changeLocale stores and reloads; an unknown locale is ignored", async () => {
    await i18nProvider.changeLocale("xx");
    expect(reload).not.toHaveBeenCalled();
    await i18nProvider.changeLocale("id");
    expect(localStorage.getItem("lang")).toBe("id");
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
