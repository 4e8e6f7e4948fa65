// Auth flows: the session functions and Refine's auth provider over them.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "react-toastify";
import { page } from "../../src/http/page";
import { authProvider } from "../../src/providers/authProvider";
import { ok, recordApi } from "./support/apiRecorder";
import { menu, signIn } from "./support/session";

const LOGIN_ANSWER = {
  token: "tok-new",
  expires_at: "2099-01-01T00:00:00Z",
  user: { id: 3, name: "Budi", email: "pm@demo.test", company_id: 1, company_name: "PT Demo", photo: null },
  role: { id: 2, name: "Project manager", role_type: "manager" },
  menus: [menu(1, "projects"), menu(2, "project", 1)],
};

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(page, "reload").mockImplementation(() => {});
  localStorage.setItem("lang", "id");
});
afterEach(() => vi.restoreAllMocks());

describe("login", () => {
  it("POSTs the credentials and stores token, role, user and menus", async () => {
    const api = recordApi({ "POST /api/login": ok(LOGIN_ANSWER) });
    const res = await authProvider.login({ email: "pm@demo.test", password: "secret" });
    expect(res).toEqual({ success: true, redirectTo: "/" });
    expect(api.calls[0].body).toEqual({ email: "pm@demo.test", password: "secret" });
    expect(localStorage.getItem("token")).toBe("tok-new");
    expect(localStorage.getItem("role")).toBe("Project manager");
    expect(localStorage.getItem("role_type")).toBe("manager");
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(LOGIN_ANSWER.user);
    expect(JSON.parse(localStorage.getItem("menus")!)).toEqual(LOGIN_ANSWER.menus);
    // the identity names the company (the home page shows it)
    expect(await authProvider.getIdentity!()).toMatchObject({ company_id: 1, company_name: "PT Demo" });
  });

  it("a wrong password answers the server's message and stores nothing", async () => {
    recordApi({ "POST /api/login": { status: 401, body: { status: false, message: "Email atau kata sandi salah" } } });
    const res = await authProvider.login({ email: "pm@demo.test", password: "bad" });
    expect(res.success).toBe(false);
    expect(res.error?.message).toBe("Email atau kata sandi salah");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("lang")).toBe("id");
    expect(reload).not.toHaveBeenCalled();
  });

  it("a failure without a message gets the app's text", async () => {
    recordApi({ "POST /api/login": { status: 500, body: {} } });
    const res = await authProvider.login({ email: "pm@demo.test", password: "x" });
    expect(res.error?.message).toBe("Sign-in failed. Please try again.");
  });
});

describe("logout", () => {
  it("POSTs logout with the token, forgets the session (not the language), goes to /login", async () => {
    signIn([menu(1, "divisi")]);
    const api = recordApi({ "POST /api/logout": ok(null) });
    const res = await authProvider.logout({});
    expect(res).toEqual({ success: true, redirectTo: "/login" });
    expect(api.calls[0].headers.get("authorization")).toBe("Bearer tok-1");
    for (const k of ["token", "role", "role_type", "user", "menus"]) expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem("lang")).toBe("id");
  });

  it("ignores a failing logout call (no expiry toast, no reload)", async () => {
    signIn();
    const toastError = vi.spyOn(toast, "error");
    recordApi({ "POST /api/logout": { status: 401, body: { status: false } } });
    const res = await authProvider.logout({});
    expect(res.success).toBe(true);
    expect(localStorage.getItem("token")).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(toastError).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("check, identity, permissions, errors", () => {
  it("check: signed in with a token, else to /login", async () => {
    expect(await authProvider.check()).toEqual({ authenticated: false, logout: true, redirectTo: "/login" });
    signIn();
    expect(await authProvider.check()).toEqual({ authenticated: true });
  });

  it("getIdentity: the stored user and the role name", async () => {
    expect(await authProvider.getIdentity!()).toBeNull();
    signIn();
    expect(await authProvider.getIdentity!()).toMatchObject({ id: 3, name: "Budi", company_id: 7, role: "Company admin" });
  });

  it("getPermissions: role and menus", async () => {
    signIn([menu(1, "divisi")], "owner");
    expect(await authProvider.getPermissions!()).toEqual({ role: "Company admin", roleType: "owner", menus: [menu(1, "divisi")] });
  });

  it("onError: an `unauthorized` answer that reaches Refine signs out; others do not (by key, not status)", async () => {
    expect(await authProvider.onError({ statusCode: 401, key: "unauthorized", message: "x" })).toEqual({ logout: true, redirectTo: "/login" });
    expect(await authProvider.onError({ statusCode: 401, key: "login_failed", message: "x" })).toEqual({});
    expect(await authProvider.onError({ statusCode: 500, key: "server_error", message: "x" })).toEqual({});
    expect(await authProvider.onError({ statusCode: 404, key: "not_found", message: "x" })).toEqual({});
  });
});

describe("forgot and reset password", () => {
  it("forgotPassword POSTs send-forgot-email without a token", async () => {
    signIn();
    const api = recordApi({ "POST /api/send-forgot-email": ok(null) });
    expect(await authProvider.forgotPassword!({ email: "pm@demo.test" })).toEqual({ success: true });
    expect(api.calls[0].body).toEqual({ email: "pm@demo.test" });
    expect(api.calls[0].headers.has("authorization")).toBe(false);
  });

  it("updatePassword POSTs reset-password with the mailed token", async () => {
    const api = recordApi({ "POST /api/reset-password": ok(null) });
    expect(await authProvider.updatePassword!({ token: "mail-token", password: "n3w-password" })).toEqual({ success: true, redirectTo: "/login" });
    expect(api.calls[0].body).toEqual({ token: "mail-token", password: "n3w-password" });
  });

  it("a rejected reset answers the server's message", async () => {
    recordApi({ "POST /api/reset-password": { status: 400, body: { status: false, message: "The link has expired" } } });
    const res = await authProvider.updatePassword!({ token: "old", password: "n3w-password" });
    expect(res).toMatchObject({ success: false, error: { message: "The link has expired" } });
  });
});
