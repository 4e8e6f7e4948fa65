// A request over the server's limit (429 rate_limited, docs/api.md "Request limits") is not an
// expired session: the web app keeps the token and the page, shows the server's message (in the
// user's language) and the next call goes out with the same token.
import { screen, waitFor } from "@testing-library/react";
import { AxiosError } from "axios";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../src/http/clients";
import { userMessage } from "../../src/http/errorKeys";
import { page } from "../../src/http/page";
import { getJson } from "../../src/http/requests";
import { i18n, loadTexts } from "../../src/i18n";
import { authProvider } from "../../src/providers/authProvider";
import { toHttpError } from "../../src/providers/dataHelpers/errors";
import { rateLimited } from "../mocks";
import { bodyRows, mockApi, renderCrud, waitForRows } from "./crud/harness";
import { server } from "./msw";
import { recordApi } from "./support/apiRecorder";
import { LOAD } from "./support/waits";

let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  reload = vi.spyOn(page, "reload").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage("en");
});

/** The server answers the divisions' search over the limit, `times` times. */
const limitSearch = (seconds: number, times = Infinity) => {
  let left = times;
  server.use(
    http.post("*/api/divisi/search", ({ request }) => {
      if (left <= 0) return undefined; // to the contract mock
      left -= 1;
      return rateLimited(seconds, request.headers.get("accept-language"));
    }),
  );
};

describe("a list over the request limit", () => {
  it("shows the server's message, keeps the session and does not reload", async () => {
    mockApi();
    limitSearch(30);
    await renderCrud("/divisi");
    expect(await screen.findByText("The data could not be loaded", {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText("Too many requests. Please try again in 30 s.", {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText("Token expired, please re-login")).not.toBeInTheDocument();
    expect(localStorage.getItem("token")).toBe("mock-token");
    await new Promise((r) => setTimeout(r, 1700)); // longer than the expiry's reload delay
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem("token")).toBe("mock-token");
  });

  it("in Indonesian", async () => {
    mockApi();
    limitSearch(12);
    await renderCrud("/divisi", { lang: "id" });
    expect(await screen.findByText("Terlalu banyak permintaan. Silakan coba lagi dalam 12 detik.", {}, LOAD)).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBe("mock-token");
  });

  it("after a limited page the next call goes out with the same token and is answered", async () => {
    const api = mockApi();
    api.db.seed(
      "divisi",
      Array.from({ length: 12 }, (_, i) => ({ name: `Division ${String(i + 1).padStart(2, "0")}`, code: null, description: null })),
    );
    const { user } = await renderCrud("/divisi");
    await waitForRows(10);
    limitSearch(5, 1);
    await user.click(screen.getByTitle("Next Page"));
    expect(await screen.findByText("Too many requests. Please try again in 5 s.", {}, LOAD)).toBeInTheDocument();
    // Still signed in: the next search (sorted by name) goes out with the same token and is answered.
    await user.click(screen.getAllByText("Name", { selector: ".ant-table-thead .ant-table-column-title" })[0]);
    await waitFor(() => expect(api.requests("POST", "divisi/search").at(-1)!.body).toMatchObject({ orders: { columns: ["name"] } }), LOAD);
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0), LOAD);
    const searches = api.requests("POST", "divisi/search");
    expect(searches.at(-1)!.headers.authorization).toBe("Bearer mock-token");
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("the HTTP layer and the auth provider", () => {
  beforeEach(async () => {
    await loadTexts("en");
    await loadTexts("id");
    localStorage.setItem("token", "tok-1");
  });

  it("a 429 on a call with a token is passed on to the caller (no expiry), the token is kept", async () => {
    recordApi({ "GET /api/x": { status: 429, body: { status: false, key: "rate_limited", message: "Too many requests. Please try again in 7 s." } } });
    const err = await getJson(apiClient, "x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AxiosError);
    expect((err as AxiosError).response?.status).toBe(429);
    expect(userMessage(err)).toBe("Too many requests. Please try again in 7 s.");
    expect(localStorage.getItem("token")).toBe("tok-1");
    // Refine asks the auth provider what a failed call means: nothing for the session.
    expect(await authProvider.onError(toHttpError(err))).toEqual({});
  });

  it("a proxy's 429 without the envelope reads as a request limit, in both languages", async () => {
    server.use(http.get("*/api/y", () => new HttpResponse("<html>429 Too Many Requests</html>", { status: 429, headers: { "content-type": "text/html" } })));
    const err = await getJson(apiClient, "y").catch((e: unknown) => e);
    expect(userMessage(err, "The data could not be loaded")).toBe("Too many requests. Please wait a moment and try again.");
    await i18n.changeLanguage("id");
    expect(userMessage(err)).toBe("Terlalu banyak permintaan. Tunggu sebentar, lalu coba lagi.");
    expect(localStorage.getItem("token")).toBe("tok-1");
    await waitFor(() => expect(reload).not.toHaveBeenCalled());
  });
});
