// The HTTP layer: headers on every service, and each row of the spec's error catalogue.
import { AxiosError, AxiosHeaders } from "axios";
import { http, HttpResponse } from "msw";
import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { login, sendForgotEmail } from "../../src/auth/session";
import { apiClient, gisClient, legacyClient, mapClient } from "../../src/http/clients";
import { applyErrorCatalogue, TOKEN_EXPIRED_TOAST_ID } from "../../src/http/errorCatalogue";
import { page } from "../../src/http/page";
import { getJson, toFormData } from "../../src/http/requests";
import { resetServerClock, serverNow, serverOffsetMs } from "../../src/http/serverClock";
import { server } from "./msw";
import { ok, recordApi } from "./support/apiRecorder";

let reload: ReturnType<typeof vi.spyOn>;
let alert: ReturnType<typeof vi.spyOn>;
let toastError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  reload = vi.spyOn(page, "reload").mockImplementation(() => {});
  alert = vi.spyOn(page, "alert").mockImplementation(() => {});
  toastError = vi.spyOn(toast, "error").mockImplementation(() => "id");
  localStorage.setItem("token", "tok-1");
  localStorage.setItem("user", JSON.stringify({ id: 1, name: "A", company_id: 1 }));
  localStorage.setItem("lang", "id");
  localStorage.setItem("map_id", "4");
});
afterEach(() => vi.restoreAllMocks());

/** "pending" when the promise has not settled after a few event-loop turns. */
const settled = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => "resolved",
      () => "rejected",
    ),
    new Promise((r) => setTimeout(() => r("pending"), 100)),
  ]);

const expectExpired = async (p: Promise<unknown>) => {
  expect(await settled(p)).toBe("pending");
  expect(toastError).toHaveBeenCalledWith("Token expired, please re-login", { toastId: TOKEN_EXPIRED_TOAST_ID });
  expect(localStorage.length).toBe(0);
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
};

describe("request headers", () => {
  it("every service sends the bearer token and the current language", async () => {
    const api = recordApi({ "GET /api/a": ok(1), "GET /legacy/b": ok(1), "GET /map-service/c": ok(1), "GET /gis/d": ok(1) });
    await getJson(apiClient, "a");
    await getJson(legacyClient, "b");
    await getJson(mapClient, "c");
    await getJson(gisClient, "d");
    expect(api.calls.map((c) => c.path)).toEqual(["/api/a", "/legacy/b", "/map-service/c", "/gis/d"]);
    for (const c of api.calls) {
      expect(c.headers.get("authorization")).toBe("Bearer tok-1");
      expect(c.headers.get("accept-language")).toBe("id");
    }
  });

  it("login and send-forgot-email go without the token", async () => {
    const api = recordApi({
      "POST /api/login": ok({ token: "new", user: { id: 1 }, role: { id: 1, name: "Admin" }, menus: [] }),
      "POST /api/send-forgot-email": ok(null),
    });
    await login("a@b.co", "pw");
    await sendForgotEmail("a@b.co");
    expect(api.calls.map((c) => c.headers.get("authorization"))).toEqual([null, null]);
  });

  it("no token stored: no Authorization header", async () => {
    localStorage.removeItem("token");
    const api = recordApi({ "GET /api/a": ok(1) });
    await getJson(apiClient, "a");
    expect(api.calls[0].headers.has("authorization")).toBe(false);
  });
});

describe("error catalogue", () => {
  it.each([401, 403])("status %i on a request with a token: toast, storage cleared, reload", async (status) => {
    recordApi({ "GET /api/x": { status, body: { status: false, message: "nope" } } });
    await expectExpired(getJson(apiClient, "x"));
  });

  it("status 307 on a request with a token: the same", async () => {
    server.use(http.get("/api/x", () => new HttpResponse(null, { status: 307 })));
    await expectExpired(getJson(apiClient, "x"));
  });

  it("an error message containing 401: the same", async () => {
    const config = { headers: new AxiosHeaders({ Authorization: "Bearer tok-1" }) };
    const error = new AxiosError("upstream said 401 Unauthorized", "ERR_BAD_RESPONSE", config as never);
    await expectExpired(applyErrorCatalogue(error));
  });

  it("the legacy and map services apply it too", async () => {
    recordApi({ "POST /legacy/alert/search": { status: 401, body: {} }, "GET /map-service/map/1": { status: 401, body: {} } });
    await expectExpired(legacyClient.post("alert/search", {}));
    localStorage.setItem("token", "tok-2");
    reload.mockClear();
    await expectExpired(mapClient.get("map/1"));
  });

  it("several failing calls reload once", async () => {
    recordApi({ "GET /api/x": { status: 401, body: {} } });
    void getJson(apiClient, "x");
    void getJson(apiClient, "x");
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledTimes(2), { timeout: 2000 });
    await new Promise((r) => setTimeout(r, 1800));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("ERR_NETWORK: browser alert with the error message, then rejected", async () => {
    server.use(http.get("/api/x", () => HttpResponse.error()));
    const err = await getJson(apiClient, "x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AxiosError);
    expect((err as AxiosError).code).toBe("ERR_NETWORK");
    expect(alert).toHaveBeenCalledWith("Network Error");
    expect(localStorage.getItem("token")).toBe("tok-1");
    expect(reload).not.toHaveBeenCalled();
  });

  it.each([400, 404, 409, 429, 500])("status %i is passed on to the caller untouched", async (status) => {
    recordApi({ "GET /api/x": { status, body: { status: false, message: "m", errors: { name: "bad" } } } });
    const err = (await getJson(apiClient, "x").catch((e: unknown) => e)) as AxiosError<{ errors: unknown }>;
    expect(err.response?.status).toBe(status);
    expect(err.response?.data.errors).toEqual({ name: "bad" });
    expect(toastError).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(localStorage.getItem("token")).toBe("tok-1");
  });

  it("a failed login (401, bad password) is not an expired session", async () => {
    localStorage.clear();
    localStorage.setItem("lang", "en");
    recordApi({ "POST /api/login": { status: 401, body: { status: false, message: "Wrong email or password" } } });
    const err = (await login("a@b.co", "bad").catch((e: unknown) => e)) as AxiosError<{ message: string }>;
    expect(err.response?.status).toBe(401);
    expect(err.response?.data.message).toBe("Wrong email or password");
    expect(toastError).not.toHaveBeenCalled();
    expect(localStorage.getItem("lang")).toBe("en");
    await new Promise((r) => setTimeout(r, 50));
    expect(reload).not.toHaveBeenCalled();
  });

  it("a 401 on a request sent without a token is passed on", async () => {
    localStorage.removeItem("token");
    recordApi({ "GET /api/x": { status: 401, body: {} } });
    const err = (await getJson(apiClient, "x").catch((e: unknown) => e)) as AxiosError;
    expect(err.response?.status).toBe(401);
    expect(toastError).not.toHaveBeenCalled();
    expect(localStorage.getItem("lang")).toBe("id");
  });
});

describe("multipart form", () => {
  it("puts files under their field, repeats lists, leaves out nulls, JSON for objects", () => {
    const file = new File(["x"], "plan.pdf", { type: "application/pdf" });
    const other = new File(["y"], "b.png");
    const form = toFormData({ file, extra: [{ originFileObj: other }], ids: [1, 2], meta: { a: 1 }, none: null, flag: false });
    expect((form.get("file") as File).name).toBe("plan.pdf");
    expect((form.get("extra") as File).name).toBe("b.png");
    expect(form.getAll("ids")).toEqual(["1", "2"]);
    expect(form.get("meta")).toBe('{"a":1}');
    expect(form.has("none")).toBe(false);
    expect(form.get("flag")).toBe("false");
  });
});

describe("the server's clock (src/http/serverClock.ts)", () => {
  afterEach(resetServerClock);

  it("every answer's Date header tells the page the server's time, an error answer's too", async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toUTCString();
    server.use(http.get(/\/api\/clock-probe$/, () => HttpResponse.json({ key: "validation_failed", message: "no" }, { status: 400, headers: { Date: fiveMinutesAgo } })));
    await expect(apiClient.get("clock-probe")).rejects.toBeInstanceOf(AxiosError);
    // The phone is 5 minutes fast: what it stamps now is the server's time (within the header's second).
    expect(serverOffsetMs()).toBeGreaterThan(-5 * 60_000 - 1500);
    expect(serverOffsetMs()).toBeLessThan(-5 * 60_000 + 1500);
    expect(Math.abs(serverNow() - (Date.now() - 5 * 60_000))).toBeLessThan(1500);
  });
});
