// A company past its subscription's end: the shell shows a banner from what the session knows
// (the login answer's user, asked again from GET /api/me), never by trying a write.
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import App from "../../src/App";
import { loadLanguage } from "../../src/i18n";
import { ok, recordApi } from "./support/apiRecorder";
import { signIn } from "./support/session";
import { LOAD } from "./support/waits";

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<App />);
};

afterEach(async () => {
  window.location.hash = "";
  await loadLanguage("en");
});

const USER = { id: 3, name: "Budi", email: "budi@demo.test", company_id: 7, company_name: "PT Maju Jaya", photo: null, time_zone: "Asia/Jakarta" };
const storeUser = (extra: Record<string, unknown>) => localStorage.setItem("user", JSON.stringify({ ...USER, ...extra }));
const ended = { subscription_end: "2026-10-31", read_only: "subscription_ended" };
const running = { subscription_end: "2027-10-31", read_only: null };
const writes = (calls: Array<{ method: string; path: string }>) => calls.filter((c) => c.method !== "GET" && c.path.startsWith("/api/"));

describe("the subscription banner", () => {
  it("a company past its end: the banner with the end date, asked from GET /api/me; no write tried", async () => {
    signIn();
    storeUser(ended);
    const api = recordApi({ "GET /api/me": ok({ user: { ...USER, ...ended } }) });
    open("#/");
    expect(await screen.findByText("Your company's subscription has ended", undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/It ended on 31-10-2026\. You can still open and read everything/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain("GET /api/me"));
    expect(writes(api.calls)).toEqual([]);
  });

  it("in Indonesian", async () => {
    localStorage.setItem("lang", "id");
    await loadLanguage("id"); // as main.tsx does before the first render
    signIn();
    storeUser(ended);
    recordApi({ "GET /api/me": ok({ user: { ...USER, ...ended } }) });
    open("#/");
    expect(await screen.findByText("Langganan perusahaan Anda telah berakhir", undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/Langganan berakhir pada 31-10-2026/)).toBeInTheDocument();
  });

  it("follows GET /api/me: ended since sign-in shows it; renewed since sign-in hides it", async () => {
    signIn();
    storeUser(running);
    recordApi({ "GET /api/me": ok({ user: { ...USER, ...ended } }) });
    const first = open("#/");
    expect(await screen.findByText("Your company's subscription has ended", undefined, LOAD)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("user")!)).toMatchObject(ended);
    first.unmount();

    storeUser(ended);
    const api = recordApi({ "GET /api/me": ok({ user: { ...USER, ...running } }) });
    open("#/");
    expect(await screen.findByRole("heading", { name: "Welcome, Budi" }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain("/api/me"));
    await waitFor(() => expect(screen.queryByText("Your company's subscription has ended")).toBeNull());
  });

  it("a company without an end date: no banner, nothing asked", async () => {
    signIn();
    const api = recordApi({});
    open("#/");
    expect(await screen.findByRole("heading", { name: "Welcome, Budi" }, LOAD)).toBeInTheDocument();
    expect(screen.queryByText("Your company's subscription has ended")).toBeNull();
    expect(api.calls.filter((c) => c.path === "/api/me")).toEqual([]);
  });
});
