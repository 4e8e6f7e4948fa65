// antd's own texts follow the language: the ConfigProvider of the app (App.tsx) gets the locale
// loadLanguage loaded, so pickers and pagers speak Indonesian with "id" (they stayed English in
// the built app while the locale came from antd's CommonJS files).
import { render, screen } from "@testing-library/react";
import { ConfigProvider, DatePicker, Pagination } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { antdLocale, loadLanguage } from "../../src/i18n";
import { loadDateLocale } from "../../src/i18n/dates";

afterEach(async () => {
  await loadLanguage("en");
  await loadDateLocale("en");
});

const renderAntd = () =>
  render(
    <ConfigProvider locale={antdLocale()}>
      <DatePicker />
      <Pagination total={50} showSizeChanger />
    </ConfigProvider>,
  );

describe("antd's texts", () => {
  it("are Indonesian when the language is id", async () => {
    localStorage.setItem("lang", "id");
    await loadLanguage();
    await loadDateLocale();
    renderAntd();
    expect(screen.getByPlaceholderText("Pilih tanggal")).toBeInTheDocument();
    expect(screen.getByText("10 / halaman")).toBeInTheDocument();
  });

  it("are English by default", async () => {
    await loadLanguage();
    renderAntd();
    expect(screen.getByPlaceholderText("Select date")).toBeInTheDocument();
    expect(screen.getByText("10 / page")).toBeInTheDocument();
  });
});
