// The one place that turns a failed call into what the user reads (src/http/errorKeys.ts).
import { AxiosError, AxiosHeaders } from "axios";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { errorKeyOf, refusalWords, userMessage } from "../../src/http/errorKeys";
import { i18n, loadTexts } from "../../src/i18n";
import { toHttpError } from "../../src/providers/dataHelpers/errors";

const answered = (status: number, data: unknown) =>
  new AxiosError("Request failed", "ERR_BAD_REQUEST", undefined, undefined, { status, statusText: "", headers: {}, config: { headers: new AxiosHeaders() }, data });

const inUse = answered(409, {
  status: false,
  key: "in_use",
  message: "This record is still used by: role-menu (3), human-resource (1).",
  details: {
    uses: [
      { resource: "role-menu", count: 3 },
      { resource: "human-resource", count: 1 },
    ],
  },
});

beforeAll(async () => {
  await Promise.all([loadTexts("en"), loadTexts("id")]);
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("error keys", () => {
  it("reads the answer's key", () => {
    expect(errorKeyOf(inUse)).toBe("in_use");
    expect(errorKeyOf(answered(404, { status: false, message: "No such address." }))).toBeUndefined();
    expect(errorKeyOf(new Error("boom"))).toBeUndefined();
  });

  it("says a refusal in the app's words by its key (a file too large, a type not accepted), whatever the status; else the caller's fallback", async () => {
    expect(refusalWords(answered(413, { status: false, key: "too_large", message: "The request is too large." }), "Failed")).toBe("Too large.");
    expect(refusalWords(answered(400, { status: false, key: "unsupported_media", message: "x" }), "Failed")).toBe("This file type is not allowed.");
    expect(refusalWords(answered(413, { status: false, message: "a proxy's words" }), "Failed")).toBe("Failed");
    expect(refusalWords(answered(409, { status: false, key: "conflict", message: "x" }), "Failed")).toBe("Failed");
    await i18n.changeLanguage("id");
    expect(refusalWords(answered(413, { status: false, key: "too_large" }), "Gagal")).toBe("Terlalu besar.");
    expect(refusalWords(answered(415, { status: false, key: "unsupported_media" }), "Gagal")).toBe("Jenis berkas ini tidak diizinkan.");
  });

  it("names what still uses a record by the labels users see, counted, in English", () => {
    expect(userMessage(inUse)).toBe("This record is still used by 3 role menus and 1 staff member.");
  });

  it("and in Indonesian", async () => {
    await i18n.changeLanguage("id");
    expect(userMessage(inUse)).toBe("Data ini masih dipakai oleh 3 menu peran dan 1 karyawan.");
  });

  it("keeps the server's message for other keys, and falls back when there is none", () => {
    expect(userMessage(answered(409, { status: false, key: "plan_stale", message: "Reload it." }))).toBe("Reload it.");
    expect(userMessage(answered(502, "<html>bad gateway</html>"), "The data could not be saved")).toBe("The data could not be saved");
  });

  it("an answer without a message (a proxy's page) reads the app's words, never axios's English", async () => {
    const proxy = new AxiosError("Request failed with status code 502", "ERR_BAD_RESPONSE", undefined, undefined, {
      status: 502,
      statusText: "",
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: "<html>bad gateway</html>",
    });
    expect(toHttpError(proxy)).toMatchObject({ statusCode: 502, message: "Something went wrong. Please try again." });
    await i18n.changeLanguage("id");
    expect(toHttpError(proxy).message).toBe("Terjadi kesalahan. Silakan coba lagi.");
  });

  it("the data provider's errors carry key, details and the same words", () => {
    const e = toHttpError(inUse);
    expect(e).toMatchObject({ statusCode: 409, key: "in_use", message: "This record is still used by 3 role menus and 1 staff member." });
    expect(e.details).toEqual({ uses: expect.any(Array) });
  });
});
