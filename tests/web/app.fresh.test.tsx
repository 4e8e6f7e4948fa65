// The app's routes (hash routing): light pages apart from the shell; the shell (Refine) signs
// out visitors to /login, greets signed-in users and shows the full-screen map without its
// layout (tests/web/bespokePages.fresh.test.tsx: inside Refine); every page loads lazily.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import App from "../../src/App";
import { ok, recordApi } from "./support/apiRecorder";
import { menu, signIn } from "./support/session";
import { LOAD } from "./support/waits";

/** Lazy chunks are transformed on first use here: give them time. */

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<App />);
};

afterEach(() => {
  window.location.hash = "";
});

describe("routes", () => {
  it("#/login: the login page, after 'Loading...'", async () => {
    open("#/login");
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Sign in to your account" }, LOAD)).toBeInTheDocument();
    expect(document.querySelector(".Toastify")).toBeNull(); // no toast library on the first screen
  });

  it("#/forgot-password and #/reset-password?token= (the mailed link)", async () => {
    const { unmount } = open("#/forgot-password");
    expect(await screen.findByRole("heading", { name: "Forgot your password?" }, LOAD)).toBeInTheDocument();
    unmount();
    open("#/reset-password?token=abc");
    expect(await screen.findByLabelText("New password", undefined, LOAD)).toBeInTheDocument();
  });

  it("#/map/view needs a signed-in user", async () => {
    open("#/map/view");
    expect(await screen.findByRole("heading", { name: "Sign in to your account" }, LOAD)).toBeInTheDocument();
    expect(window.location.hash).toBe("#/login?to=%2Fmap%2Fview");
  });

  it("#/map/view takes the whole screen: no sider", async () => {
    signIn([menu(1, "field"), menu(2, "map-monitoring", 1)]);
    open("#/map/view");
    expect(await screen.findByRole("complementary", { name: "Projects and legend" }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("the shell sends a visitor without a session to /login", async () => {
    recordApi({});
    open("#/divisi");
    expect(await screen.findByRole("heading", { name: "Sign in to your account" }, LOAD)).toBeInTheDocument();
    expect(window.location.hash).toMatch(/^#\/login\?to=%2Fdivisi/);
  });

  it("the shell greets a signed-in user, with the header and the sider", async () => {
    signIn([menu(1, "masterData"), menu(2, "divisi", 1)]);
    recordApi({ "POST /api/divisi/search": ok([], { recordsTotal: 0, recordsFiltered: 0 }) });
    open("#/");
    expect(await screen.findByRole("heading", { name: "Welcome, Budi" }, LOAD)).toBeInTheDocument();
    expect(screen.getByText("Signed in as Company admin · PT Maju Jaya")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Log out/ })).toBeInTheDocument();
    expect(screen.getAllByRole("radio", { name: "Bahasa Indonesia" }).length).toBeGreaterThan(0);
    // the dashboard has no card for a role holding divisions only
    expect(await screen.findByText("No figures for your role here: open a section from the menu.", undefined, LOAD)).toBeInTheDocument();
    expect(screen.queryByText("Sales")).toBeNull();
    // the sider: Home and the one group the role holds, with its resource
    const sider = screen.getByRole("menu");
    expect(within(sider).getByRole("link", { name: "Home" })).toHaveAttribute("href", "#/");
    fireEvent.click(within(sider).getByText("Master data"));
    expect(await within(sider).findByRole("link", { name: "Divisions" }, LOAD)).toHaveAttribute("href", "#/divisi");
    expect(within(sider).queryByText("Sales")).toBeNull();
    await waitFor(() => expect(document.title).toBe("Fieldworks"));
  });

  it("a session stored before the login answered the company's name shows its number", async () => {
    signIn([]);
    localStorage.setItem("user", JSON.stringify({ id: 3, name: "Budi", email: "budi@demo.test", company_id: 7, photo: null }));
    recordApi({});
    open("#/");
    expect(await screen.findByText("Signed in as Company admin · Company #7", undefined, LOAD)).toBeInTheDocument();
  });

  it("logging out from a list leads to a login page with no return target", async () => {
    signIn([menu(1, "masterData"), menu(2, "divisi", 1)]);
    const api = recordApi({ "POST /api/divisi/search": ok([], { recordsTotal: 0, recordsFiltered: 0 }), "POST /api/logout": ok(null) });
    open("#/divisi");
    expect(await screen.findByText("Data not yet available", undefined, LOAD)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /Log out/ }));
    expect(await screen.findByRole("heading", { name: "Sign in to your account" }, LOAD)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === "/api/logout")).toBe(true);
    // Whoever signs in next starts at home, not at the last user's page.
    await waitFor(() => expect(window.location.hash).toBe("#/login"));
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("an unknown route inside the shell is a 404 with a way home", async () => {
    signIn([]);
    recordApi({});
    open("#/no-such-page");
    expect(await screen.findByText("Sorry, the page you visited does not exist.", undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back home" })).toBeInTheDocument();
  });
});
