// The light pages: login (validation, server messages, language switch, links), forgot and
// reset password.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "../../src/http/page";
import { loadLanguage } from "../../src/i18n";
import ForgotPasswordPage from "../../src/pages/forgot-password/ForgotPasswordPage";
import LoginPage from "../../src/pages/login/LoginPage";
import ResetPasswordPage from "../../src/pages/reset-password/ResetPasswordPage";
import { ok, recordApi } from "./support/apiRecorder";
import { LOAD } from "./support/waits";

/** Types by pasting: antd inputs re-render per key, which is slow in jsdom. */
async function fill(el: HTMLElement, text: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(text);
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const LOGIN_ANSWER = {
  token: "tok-new",
  user: { id: 3, name: "Budi", email: "pm@demo.test", company_id: 1 },
  role: { id: 2, name: "Project manager", role_type: "manager" },
  menus: [],
};

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(page, "reload").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await loadLanguage("en");
});

describe("login page", () => {
  it("shows the product, the form, the language switch and the forgot-password link", () => {
    renderAt("/login");
    expect(screen.getByText("Fieldworks")).toBeInTheDocument();
    expect(screen.getByText("Projects and field staff in one place")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Sign in to your account" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "English" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
  });

  it("requires both fields and sends nothing", async () => {
    const api = recordApi({});
    renderAt("/login");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getAllByText("Required")).toHaveLength(2));
    expect(api.calls).toHaveLength(0);
  });

  it("rejects a malformed email", async () => {
    const api = recordApi({});
    renderAt("/login");
    await fill(screen.getByLabelText("Email"), "budi-at-demo");
    await fill(screen.getByLabelText("Password"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's message for wrong credentials and stays", async () => {
    const api = recordApi({ "POST /api/login": { status: 401, body: { status: false, message: "Wrong email or password" } } });
    renderAt("/login");
    await fill(screen.getByLabelText("Email"), "pm@demo.test");
    await fill(screen.getByLabelText("Password"), "bad");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Wrong email or password");
    expect(api.calls[0].body).toEqual({ email: "pm@demo.test", password: "bad" });
    expect(localStorage.getItem("token")).toBeNull();
    expect(screen.queryByTestId("where")).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it("the throttle's key without a message: too many attempts", async () => {
    recordApi({ "POST /api/login": { status: 429, body: { status: false, key: "too_many_attempts" } } });
    renderAt("/login");
    await fill(screen.getByLabelText("Email"), "pm@demo.test");
    await fill(screen.getByLabelText("Password"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please wait a moment and try again.");
  });

  it("signs in, stores the session and goes to /", async () => {
    recordApi({ "POST /api/login": ok(LOGIN_ANSWER) });
    renderAt("/login");
    await fill(screen.getByLabelText("Email"), " pm@demo.test ");
    await fill(screen.getByLabelText("Password"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByTestId("where")).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem("token")).toBe("tok-new");
  });

  const DIVISI_MENU = { id: 9, name: "Divisions", alias: "divisi", url: "/divisi", parent_id: 5, can_add: true, can_edit: true, can_delete: true };

  it("returns to the page that sent the user to login when their menus reach it (in-app paths only)", async () => {
    recordApi({ "POST /api/login": ok({ ...LOGIN_ANSWER, menus: [DIVISI_MENU] }) });
    renderAt("/login?to=%2Fdivisi%3FcurrentPage%3D2");
    await fill(screen.getByLabelText("Email"), "pm@demo.test");
    await fill(screen.getByLabelText("Password"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByTestId("where")).toHaveTextContent("/divisi?currentPage=2");
  });

  it("someone whose menus do not reach the remembered page goes home instead", async () => {
    // After a logout or an expired session another person may sign in: the page of the one
    // before would answer 403, which ends a session at once.
    recordApi({ "POST /api/login": ok(LOGIN_ANSWER) });
    renderAt("/login?to=%2Fdivisi%3FcurrentPage%3D2");
    await fill(screen.getByLabelText("Email"), "worker1@demo.test");
    await fill(screen.getByLabelText("Password"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByTestId("where")).toHaveTextContent(/^\/$/);
  });

  it("an already signed-in visitor goes straight to /", () => {
    localStorage.setItem("token", "tok-1");
    renderAt("/login?to=//evil.example");
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/$/);
  });

  it("the language switch stores Indonesian and reloads", async () => {
    renderAt("/login");
    await userEvent.click(screen.getByRole("radio", { name: "Bahasa Indonesia" }));
    expect(localStorage.getItem("lang")).toBe("id");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("in Indonesian after the reload", async () => {
    localStorage.setItem("lang", "id");
    await loadLanguage();
    renderAt("/login");
    expect(screen.getByRole("heading", { name: "Masuk ke akun Anda" })).toBeInTheDocument();
    expect(screen.getByLabelText("Kata sandi")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Bahasa Indonesia" })).toHaveAttribute("aria-checked", "true");
    await userEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await waitFor(() => expect(screen.getAllByText("Wajib diisi")).toHaveLength(2));
  });

  it("links to forgot-password and back", async () => {
    renderAt("/login");
    await userEvent.click(screen.getByRole("link", { name: "Forgot password?" }));
    expect(screen.getByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Back to sign in" }));
    expect(screen.getByRole("heading", { name: "Sign in to your account" })).toBeInTheDocument();
  });
});

describe("forgot-password page", () => {
  it("validates, sends the email and confirms without telling whether it exists", async () => {
    const api = recordApi({ "POST /api/send-forgot-email": ok(null) });
    renderAt("/forgot-password");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    await fill(screen.getByLabelText("Email"), "pm@demo.test");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("status")).toHaveTextContent("If an account exists for pm@demo.test, a reset link is on its way.");
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].body).toEqual({ email: "pm@demo.test" });
  });

  it("shows a server failure", async () => {
    recordApi({ "POST /api/send-forgot-email": { status: 429, body: { status: false, message: "Slow down" } } });
    renderAt("/forgot-password");
    await fill(screen.getByLabelText("Email"), "pm@demo.test");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Slow down");
  });
});

describe("reset-password page", () => {
  it("without a token it offers a new link", () => {
    renderAt("/reset-password");
    expect(screen.getByRole("alert")).toHaveTextContent("This reset link is incomplete or has expired.");
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  it("checks length and confirmation, then sends the mailed token with the new password", async () => {
    const api = recordApi({ "POST /api/reset-password": ok(null) });
    renderAt("/reset-password?token=mail-token-1");
    await fill(screen.getByLabelText("New password"), "short");
    await fill(screen.getByLabelText("Confirm new password"), "different");
    await userEvent.click(screen.getByRole("button", { name: "Save new password" }));
    // Generous limits: under the whole suite's load antd's validation takes over a second.
    expect(await screen.findByText("Use at least 8 characters", {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText("The passwords do not match", {}, LOAD)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await fill(screen.getByLabelText("New password"), "long-enough-1");
    await fill(screen.getByLabelText("Confirm new password"), "long-enough-1");
    await userEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByRole("status", {}, LOAD)).toHaveTextContent("Your password has been changed.");
    expect(api.calls[0].body).toEqual({ token: "mail-token-1", password: "long-enough-1" });
  });

  it("a server field error lands on the password field", async () => {
    recordApi({ "POST /api/reset-password": { status: 400, body: { status: false, message: "Invalid input", errors: { password: "Too common" } } } });
    renderAt("/reset-password?token=t");
    await fill(screen.getByLabelText("New password"), "password1");
    await fill(screen.getByLabelText("Confirm new password"), "password1");
    await userEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByText("Too common")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Invalid input"));
  });
});
