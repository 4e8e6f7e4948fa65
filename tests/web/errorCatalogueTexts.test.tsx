// Every user-visible message of the spec's error catalogue (spec section 8), as the user reads
// it on screen, in English and Indonesian. The rules themselves (which call, which status) are
// tested in http.test.ts, map-calls.test.ts and lazyWithTimeout.test.tsx; these read the words.
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../src/http/clients";
import { page } from "../../src/http/page";
import { getJson } from "../../src/http/requests";
import { i18n, loadTexts } from "../../src/i18n";
import { PageLoadError } from "../../src/lazy/PageFallbacks";
import { ToastHost } from "../../src/lazy/toasts";
import { PageLoadTimeoutError } from "../../src/lazy/withTimeout";
import { showMapAlert, warnHistoryNotFound } from "../../src/pages/map/parts/mapAlerts";
import { recordApi } from "./support/apiRecorder";
import { signIn } from "./support/session";
import { mockApi, renderCrud } from "./crud/harness";

const LOAD = { timeout: 15000 };

beforeAll(async () => {
  await Promise.all([loadTexts("en"), loadTexts("id")]);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage("en");
});

describe.each([
  {
    lang: "en",
    noConnection: "Please check your internet connection. (Network Error)",
    history: "Couldn't find user history at the selected time. Please select another range of time.",
    expired: "Token expired, please re-login",
    loadError: "This page could not be loaded",
    timeout: "Loading took longer than 120 seconds.",
    empty: "Data not yet available",
  },
  {
    lang: "id",
    noConnection: "Silakan periksa koneksi internet Anda. (Network Error)",
    history: "Riwayat pengguna tidak ditemukan pada waktu yang dipilih. Silakan pilih rentang waktu lain.",
    expired: "Token kedaluwarsa, silakan login ulang",
    loadError: "Halaman ini tidak dapat dimuat",
    timeout: "Pemuatan lebih dari 120 detik.",
    empty: "Data belum tersedia",
  },
] as const)("the error catalogue's words in $lang", (texts) => {
  it("a map call without an answer: the connection message with the error type", async () => {
    await i18n.changeLanguage(texts.lang);
    render(<ToastHost />);
    await showMapAlert({ kind: "noResponse", errorType: "Network Error" }, i18n.t);
    expect(await screen.findByText(texts.noConnection, {}, LOAD)).toBeInTheDocument();
  });

  it("a map call that throws: its message", async () => {
    await i18n.changeLanguage(texts.lang);
    render(<ToastHost />);
    await showMapAlert({ kind: "message", message: "database unavailable" }, i18n.t);
    expect(await screen.findByText("database unavailable", {}, LOAD)).toBeInTheDocument();
  });

  it("a history call answering neither status nor data: the warning", async () => {
    await i18n.changeLanguage(texts.lang);
    render(<ToastHost />);
    await warnHistoryNotFound(i18n.t);
    expect(await screen.findByText(texts.history, {}, LOAD)).toBeInTheDocument();
  });

  it("a 403 to a request with a token: the expiry toast on screen", async () => {
    signIn();
    localStorage.setItem("lang", texts.lang);
    await i18n.changeLanguage(texts.lang);
    vi.spyOn(page, "reload").mockImplementation(() => {});
    recordApi({ "GET /api/x": { status: 403, body: { status: false, key: "forbidden", message: "nope" } } });
    render(<ToastHost />);
    void getJson(apiClient, "x");
    expect(await screen.findByText(texts.expired, {}, LOAD)).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("a lazy page that fails to load, and one that took longer than 120000 ms", async () => {
    await i18n.changeLanguage(texts.lang);
    const { unmount } = render(<PageLoadError error={new PageLoadTimeoutError(120_000)} onRetry={() => {}} />);
    expect(screen.getByText(texts.loadError)).toBeInTheDocument();
    expect(screen.getByText(texts.timeout)).toBeInTheDocument();
    unmount();
  });

  it("an empty list: 'Data not yet available'", async () => {
    mockApi();
    await act(async () => {
      await renderCrud("/divisi", { lang: texts.lang });
    });
    expect(await screen.findByText(texts.empty, {}, LOAD)).toBeInTheDocument();
  });
});
