// Two-factor sign-in in the web app, against the contract mock (tests/mocks/twoFactor.ts, the
// server's code for codes): the login's code step (a wrong code, the right one, a recovery code
// instead), the set-up a user who must have it goes through after the password (QR code and key,
// a code, the recovery codes shown once before the session starts), Account security (turn on,
// turn off), a person's reset and the company's switch on the rights page.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { codeAt, newSecret } from "../../server/auth/totp";
import { loadLanguage } from "../../src/i18n";
import AccountPage from "../../src/pages/account/AccountPage";
import LoginPage from "../../src/pages/login/LoginPage";
import { DEFAULT_USER, defaultMenus, installContractMock, type InstalledContractMock, type MockUser } from "../mocks";
import { mockApi, renderCrud, waitForTitle } from "./crud/harness";
import { server } from "./msw";
import { LOAD } from "./support/waits";

afterEach(async () => {
  await loadLanguage("en");
});

async function fill(el: HTMLElement, text: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(text);
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={["/login"]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const SECRET = newSecret();
const RECOVERY = ["abcde-fghjk", "mnpqr-stuvw"];
const withTwoFactor = (seed: MockUser["two_factor"]): MockUser => ({ ...DEFAULT_USER, two_factor: seed });

/** The second step's heading: its chunk loads first (slow on a busy machine the first time). */
const step = (name: string) => screen.findByRole("heading", { name }, LOAD);

async function passwordStep(api: InstalledContractMock) {
  renderLogin();
  await fill(screen.getByLabelText("Email"), DEFAULT_USER.email);
  await fill(screen.getByLabelText("Password"), DEFAULT_USER.password);
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
  await waitFor(() => expect(api.requests("POST", "login")).toHaveLength(1));
}

describe("the login's code step", () => {
  it("asks for the code after the password; a wrong one shows the server's words, the right one signs in", async () => {
    const api = installContractMock(server, { users: [withTwoFactor({ secret: SECRET, enabled: true, recoveryCodes: RECOVERY })] });
    await passwordStep(api);
    await step("Two-factor sign-in");
    expect(screen.getByText("Enter the 6-digit code your authenticator app shows for Fieldworks.")).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    await fill(screen.getByLabelText("Code"), "12a456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Enter the 6 digits")).toBeInTheDocument();
    expect(api.requests("POST", "login/two-factor")).toHaveLength(0);

    await fill(screen.getByLabelText("Code"), codeAt(SECRET, Date.now() + 3_600_000));
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Wrong code. Enter the code your authenticator app shows now.");
    expect(localStorage.getItem("token")).toBeNull();

    await fill(screen.getByLabelText("Code"), codeAt(SECRET));
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/"));
    expect(localStorage.getItem("token")).toMatch(/^mock-token-/);
    const sent = api.requests("POST", "login/two-factor").at(-1)!;
    expect(sent.body).toEqual({ challenge: expect.any(String), code: codeAt(SECRET) });
    expect(sent.headers.authorization).toBeUndefined();
  });

  it("takes a recovery code instead, then leads to Account security", async () => {
    const api = installContractMock(server, { users: [withTwoFactor({ secret: SECRET, enabled: true, recoveryCodes: RECOVERY })] });
    await passwordStep(api);
    await step("Two-factor sign-in");
    await userEvent.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeInTheDocument();
    await fill(screen.getByLabelText("Recovery code"), "ABCDE FGHJK");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/account"));
    expect(api.requests("POST", "login/two-factor")[0].body).toEqual({ challenge: expect.any(String), recovery_code: "ABCDE FGHJK" });
    expect(localStorage.getItem("token")).toBeTruthy();
  });

  it("speaks Indonesian, the server's words too", async () => {
    await loadLanguage("id");
    localStorage.setItem("lang", "id");
    const api = installContractMock(server, { users: [withTwoFactor({ secret: SECRET, enabled: true })] });
    renderLogin();
    await fill(screen.getByLabelText("Email"), DEFAULT_USER.email);
    await fill(screen.getByLabelText("Kata sandi"), DEFAULT_USER.password);
    await userEvent.click(screen.getByRole("button", { name: "Masuk" }));
    await step("Verifikasi dua langkah");
    await fill(screen.getByLabelText("Kode"), codeAt(SECRET, Date.now() + 3_600_000));
    await userEvent.click(screen.getByRole("button", { name: "Verifikasi" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Kode salah. Masukkan kode yang sedang ditampilkan aplikasi autentikator Anda.");
    expect(api.requests("POST", "login/two-factor")[0].headers["accept-language"]).toBe("id");
    localStorage.removeItem("lang");
  });
});

describe("the set-up after the password, when it is required", () => {
  it("shows the QR code and the key, turns on with a code, shows the recovery codes, and only then signs in", async () => {
    const api = installContractMock(server, { users: [withTwoFactor({ required: true })] });
    await passwordStep(api);
    await step("Set up two-factor sign-in");
    expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toBeInTheDocument();
    const secret = (await screen.findByTestId("two-factor-secret")).textContent!.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await fill(screen.getByLabelText("Code"), codeAt(secret, Date.now() + 3_600_000));
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Wrong code.");

    await fill(screen.getByLabelText("Code"), codeAt(secret));
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    await screen.findByRole("heading", { name: "Save your recovery codes" });
    const codes = within(screen.getByRole("list", { name: "Recovery codes" })).getAllByRole("listitem");
    expect(codes).toHaveLength(10);
    expect(codes[0].textContent).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download" })).toBeInTheDocument();
    // No session before the codes were acknowledged.
    expect(localStorage.getItem("token")).toBeNull();
    const go = screen.getByRole("button", { name: "Continue" });
    expect(go).toBeDisabled();
    await userEvent.click(screen.getByRole("checkbox", { name: "I have saved my recovery codes" }));
    await userEvent.click(go);
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/"));
    expect(localStorage.getItem("token")).toMatch(/^mock-token-/);
    expect(api.requests("POST", "login/two-factor/enable")).toHaveLength(2);
  });
});

describe("Account security", () => {
  const renderAccount = () => renderCrud("/account", { routes: <Route path="/account" element={<AccountPage />} /> });

  it("turns two-factor sign-in on (QR, code, recovery codes once) and off with the password", async () => {
    const api = mockApi();
    const { user } = await renderAccount();
    await waitForTitle("Account security");
    expect(await screen.findByTestId("two-factor-state")).toHaveTextContent("Off");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const secret = (await screen.findByTestId("two-factor-secret")).textContent!.replace(/\s+/g, "");
    expect(screen.getByRole("img", { name: "QR code for your authenticator app" })).toBeInTheDocument();
    await fill(screen.getByLabelText("Code"), codeAt(secret));
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    await screen.findByRole("heading", { name: "Save your recovery codes" });
    expect(within(screen.getByRole("list", { name: "Recovery codes" })).getAllByRole("listitem")).toHaveLength(10);
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.getByTestId("two-factor-state")).toHaveTextContent("On");
    expect(screen.getByTestId("recovery-codes-left")).toHaveTextContent("10 recovery codes left.");

    await user.click(screen.getByRole("button", { name: "Turn off" }));
    await user.click(screen.getByRole("button", { name: "Use my password instead" }));
    await fill(screen.getByLabelText("Password"), "not-it");
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    // (The toast of turning it on is an alert too.)
    await waitFor(() => expect(screen.getAllByRole("alert").some((a) => a.textContent === "Wrong password.")).toBe(true));
    await fill(screen.getByLabelText("Password"), DEFAULT_USER.password);
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(screen.getByTestId("two-factor-state")).toHaveTextContent("Off"));
    expect(api.requests("POST", "two-factor/disable").map((r) => r.body)).toEqual([{ password: "not-it" }, { password: DEFAULT_USER.password }]);
  });

  it("offers no turning off while it is required", async () => {
    const api = mockApi();
    api.twoFactor.seed(DEFAULT_USER.id, { secret: SECRET, enabled: true, recoveryCodes: RECOVERY, required: true });
    await renderAccount();
    expect(await screen.findByText("Required for your account: it cannot be turned off.")).toBeInTheDocument();
    expect(screen.getByTestId("recovery-codes-left")).toHaveTextContent("2 recovery codes left.");
    expect(screen.getByText("Few recovery codes are left: make new ones.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Make new recovery codes" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn off" })).toBeNull();
  });
});

describe("a person's second factor", () => {
  it("shows whether it is on; an admin resets it after a confirmation", async () => {
    const api = mockApi();
    api.db.seed("role", [{ id: 2, name: "Field worker", role_type: "worker" }]);
    api.db.seed("human-resource", [{ id: 3, name: "Wati Worker", email: "wati@demo.test", employee_type: "daily", role_id: 2, is_active: true }]);
    api.twoFactor.seed(3, { secret: SECRET, enabled: true });
    const { user } = await renderCrud("/human-resource/show/3");
    await waitForTitle("Wati Worker");
    expect(await screen.findByTestId("person-two-factor")).toHaveTextContent("Two-factor sign-in on");
    await user.click(await screen.findByRole("button", { name: /Reset two-factor sign-in/ }));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("Reset the two-factor sign-in of Wati Worker?")).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: /Reset two-factor sign-in/ }));
    await waitFor(() => expect(api.requests("PUT", "human-resource/reset-two-factor/3")).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("person-two-factor")).toHaveTextContent("Two-factor sign-in off"));
    expect(screen.queryByRole("button", { name: /Reset two-factor sign-in/ })).toBeNull();
  });

  it("offers no reset to a role that may not edit staff", async () => {
    const api = mockApi();
    api.db.seed("role", [{ id: 2, name: "Field worker", role_type: "worker" }]);
    api.db.seed("human-resource", [{ id: 3, name: "Wati Worker", email: "wati@demo.test", employee_type: "daily", role_id: 2, is_active: true }]);
    api.twoFactor.seed(3, { secret: SECRET, enabled: true });
    await renderCrud("/human-resource/show/3", { menus: defaultMenus({ "human-resource": { can_edit: false } }) });
    await waitForTitle("Wati Worker");
    expect(await screen.findByTestId("person-two-factor")).toHaveTextContent("Two-factor sign-in on");
    expect(screen.queryByRole("button", { name: /Reset two-factor sign-in/ })).toBeNull();
  });
});

describe("the company's own setting", () => {
  it("an admin requires two-factor sign-in of the company's administrators on the rights page", async () => {
    const api = mockApi();
    api.db.seed("company-management", [
      { id: 1, name: "PT Demo", code: "DEMO", industry: "construction", email: "a@demo.test", status: "active", require_two_factor_admins: false },
    ]);
    const { user } = await renderCrud("/role-menu");
    const toggle = await screen.findByRole("switch", { name: "Administrators sign in with two-factor sign-in" });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(api.requests("PUT", "company-management/own-settings")).toHaveLength(1));
    expect(api.requests("PUT", "company-management/own-settings")[0].body).toEqual({ require_two_factor_admins: true });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.db.rows("company-management")[0].require_two_factor_admins).toBe(true);
  });

  it("is read-only without the rights matrix's edit right", async () => {
    const api = mockApi();
    api.db.seed("company-management", [
      { id: 1, name: "PT Demo", code: "DEMO", industry: "construction", email: "a@demo.test", status: "active", require_two_factor_admins: true },
    ]);
    await renderCrud("/role-menu", { menus: defaultMenus({ "role-menu": { can_edit: false } }) });
    const toggle = await screen.findByRole("switch", { name: "Administrators sign in with two-factor sign-in" });
    expect(toggle).toBeChecked();
    await waitFor(() => expect(toggle).toBeDisabled());
  });
});
