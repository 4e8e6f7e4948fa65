// src/lib/format.ts: the spec's date formats, '-' for missing values, money and numbers in the
// user's language (times on a site's clock: tests/unit/time-zones.test.ts).
import { describe, expect, it } from "vitest";
import { currencySymbol, formatDate, formatMoney, formatNumber, formatPercent, formatText, formatTime, numberSeparators } from "../../../src/lib/format";
import { formatDateTime } from "../../../src/lib/zonedTime";

const nb = (s: string) => s.replace(/\u00a0/g, " ");

describe("format", () => {
  it("writes dates DD-MM-YYYY, keeping a date's calendar day", () => {
    expect(formatDate("2026-11-21")).toBe("21-11-2026");
    expect(formatDate("2026-01-05")).toBe("05-01-2026");
  });

  it("answers '-' for missing or unreadable values", () => {
    for (const v of [null, undefined, "", "  "]) {
      expect(formatDate(v)).toBe("-");
      expect(formatDateTime(v, "Asia/Jakarta")).toBe("-");
      expect(formatMoney(v)).toBe("-");
      expect(formatNumber(v)).toBe("-");
      expect(formatPercent(v)).toBe("-");
      expect(formatText(v)).toBe("-");
      expect(formatTime(v)).toBe("-");
    }
    expect(formatDate("not a date")).toBe("-");
    expect(formatMoney("abc")).toBe("-");
    expect(formatText("Budi")).toBe("Budi");
    expect(formatText(0)).toBe("0");
  });

  it("formats money in the company currency with the language's separators, no decimals for IDR", () => {
    expect(nb(formatMoney(1500000, "id"))).toBe("Rp 1.500.000");
    expect(nb(formatMoney(1500000, "en"))).toBe("IDR 1,500,000");
    expect(nb(formatMoney(1234.56, "en"))).toBe("IDR 1,235");
    expect(nb(formatMoney(0, "id"))).toBe("Rp 0");
    expect(nb(formatMoney(99.5, "en", { code: "USD", decimals: 2 }))).toBe("$99.50");
  });

  it("formats numbers, percents and times", () => {
    expect(formatNumber(1234567.891, "id")).toBe("1.234.567,89");
    expect(formatNumber(1234567.891, "en")).toBe("1,234,567.89");
    expect(formatPercent(42, "en")).toBe("42%");
    expect(formatPercent(12.5, "id")).toBe("12,5%");
    expect(formatTime("8:05")).toBe("08:05");
    expect(formatTime("17:30:00")).toBe("17:30");
  });

  it("gives the separators and currency symbol inputs need", () => {
    expect(numberSeparators("id")).toEqual({ group: ".", decimal: "," });
    expect(numberSeparators("en")).toEqual({ group: ",", decimal: "." });
    expect(currencySymbol("id")).toBe("Rp");
    expect(currencySymbol("en")).toBe("IDR");
  });
});
