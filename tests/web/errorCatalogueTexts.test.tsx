// Every user-visible message of the spec's error catalogue (spec section 8), as the user reads
// it on screen, in English and Indonesian. The rules themselves (which call, which status) are
// tested in http.test.ts, map-calls.test.ts and lazyWithTimeout.test.tsx; these read the words.
import { Refine } from "@refinedev/core";
import { act, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../src/http/clients";
import { page } from "../../src/http/page";
import { getJson } from "../../src/http/requests";
import { i18n, loadTexts } from "../../src/i18n";
import { PageLoadError } from "../../src/lazy/PageFallbacks";
import { ToastHost } from "../../src/lazy/toasts";
import { PageLoadTimeoutError } from "../../src/lazy/withTimeout";
import { useMapAlerts } from "../../src/pages/map/hooks/useMapAlerts";
import type { MapAlert } from "../../src/pages/map/model/searchResult";
import { dataProvider } from "../../src/providers/dataProvider";
import notificationProvider from "../../src/providers/notificationProvider";
import { recordApi } from "./support/apiRecorder";
import { signIn } from "./support/session";
import { mockApi, renderCrud } from "./crud/harness";
import { LOAD } from "./support/waits";

/** Says a map alert (or the history warning) once, as the map page does: through useNotify. */
function SayMapAlert({ alert }: { alert: MapAlert | "historyNotFound" }) {
  const { showMapAlert, warnHistoryNotFound } = useMapAlerts();
  useEffect(() => (alert === "historyNotFound" ? warnHistoryNotFound() : showMapAlert(alert)), [alert, showMapAlert, warnHistoryNotFound]);
  return null;
}

/** The app's notification provider inside Refine, with the app's one toast container. */
const renderMapAlert = (alert: MapAlert | "historyNotFound") =>
  render(
    <Refine dataProvider={dataProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
      <SayMapAlert alert={alert} />
      <ToastHost />
    </Refine>,
  );

/** The toast holding the text, and its kind (react-toastify's class). */
async function toastWith(text: string): Promise<{ kind: string | undefined }> {
  const el = await screen.findByText(text, {}, LOAD);
  const toast = el.closest(".Toastify__toast");
  expect(toast, text).not.toBeNull();
  return { kind: /Toastify__toast--(\w+)/.exec(toast!.className)?.[1] };
}

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
  it("a map call without an answer: the connection message with the error type (an error)", async () => {
    await i18n.changeLanguage(texts.lang);
    renderMapAlert({ kind: "noResponse", errorType: "Network Error" });
    expect(await toastWith(texts.noConnection)).toEqual({ kind: "error" });
  });

  it("a map call that throws: its message", async () => {
    await i18n.changeLanguage(texts.lang);
    renderMapAlert({ kind: "message", message: "database unavailable" });
    expect(await toastWith("database unavailable")).toEqual({ kind: "error" });
  });

  it("a history call answering neither status nor data: the warning", async () => {
    await i18n.changeLanguage(texts.lang);
    renderMapAlert("historyNotFound");
    // A warning (the spec's "warning toast"), through the app's notification provider.
    expect(await toastWith(texts.history)).toEqual({ kind: "warning" });
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
