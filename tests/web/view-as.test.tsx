// The whole app against the contract mock: "view as a user of this role" from the permission
// matrix (the banner, the role's sider, the way back to the admin's own session), and a session
// whose rights changed getting the new sider at its next request (X-Rights → GET /api/session).
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import App from "../../src/App";
import { defaultMenus, installContractMock, type InstalledContractMock } from "../mocks";
import { server } from "./msw";
import { signIn } from "./crud/harness";
import { LOAD } from "./support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = installContractMock(server);
  api.db.seed("role", [{ id: 4, name: "Supervisor", role_type: "supervisor" }]);
  api.db.seed("human-resource", [{ id: 9, name: "Sari Supervisor", email: "sari@demo.test", role_id: 4, employee_type: "permanent" }]);
  api.db.seed("menu", [
    { id: 1, name: "Projects", alias: "projects", url: null, order: 1, parent_id: null },
    { id: 2, name: "Project", alias: "project", url: "/project", order: 2, parent_id: 1 },
    { id: 3, name: "Issue", alias: "issue", url: "/issue", order: 3, parent_id: 1 },
  ]);
  api.db.seed("role-menu", [
    { role_id: 4, menu_id: 1, can_add: false, can_edit: false, can_delete: false },
    { role_id: 4, menu_id: 2, can_add: false, can_edit: false, can_delete: false },
  ]);
});
afterEach(() => {
  window.location.hash = "";
});

const sider = () => screen.getAllByRole("menu")[0]!;

describe("view as a user of this role", () => {
  it("opens the product as the role sees it, bannered, and goes back to the admin's own session", async () => {
    await signIn();
    window.location.hash = "#/role-menu?role=4";
    render(<App />);
    const viewAs = await screen.findByRole("button", { name: /View as a user of this role/ }, LOAD);
    await waitFor(() => expect(viewAs).toBeEnabled(), LOAD);
    fireEvent.click(viewAs);

    const banner = await screen.findByTestId("view-as-banner", {}, LOAD);
    expect(banner).toHaveTextContent("You are viewing the product as Sari Supervisor (role Supervisor).");
    expect(banner).toHaveTextContent("Read-only: nothing can be changed in this view.");
    expect(api.requests("POST", "role/view-as/4")).toHaveLength(1);
    expect(localStorage.getItem("token")).toMatch(/^mock-view-as-/);
    // The role's sider: its menus only.
    await waitFor(() => expect(within(sider()).queryByText("Issues")).toBeNull(), LOAD);
    // sider() again at each try: the shell is drawn anew for the other session.
    await waitFor(() => expect(within(sider()).getByText("Projects")).toBeInTheDocument(), LOAD);
    await waitFor(() => expect(window.location.hash).toBe("#/"), LOAD);

    const viewToken = localStorage.getItem("token");
    // The shell may still be drawn anew once for the new session (its identity asked again): the
    // banner's button is taken as drawn at each try, until the way back has been asked for.
    await waitFor(() => {
      const banner = screen.queryByTestId("view-as-banner");
      if (banner && api.requests("POST", "logout").length === 0) fireEvent.click(within(banner).getByRole("button", { name: "Back to my session" }));
      expect(api.requests("POST", "logout")).toHaveLength(1);
    }, LOAD);
    await waitFor(() => expect(screen.queryByTestId("view-as-banner")).toBeNull(), LOAD);
    // The view-as token was ended on the server; the admin's own session is back, on the matrix.
    const logout = api.requests("POST", "logout");
    expect(logout[0]!.headers.authorization).toBe(`Bearer ${viewToken}`);
    expect(localStorage.getItem("token")).toBe("mock-token");
    await waitFor(() => expect(window.location.hash).toBe("#/role-menu?role=4"), LOAD);
    await waitFor(() => expect(screen.getByRole("heading", { name: "Roles and rights" })).toBeInTheDocument(), LOAD);
  });
});

describe("a changed role's rights", () => {
  it("a new X-Rights stamp on an answer brings the new menus (GET /api/session) and the sider follows", async () => {
    await signIn();
    localStorage.setItem("rights", "before");
    // The issue menu is taken away on the server: the next answer says so by its stamp.
    api.options.menus = defaultMenus({ issue: false });
    server.use(
      http.post(/\/api\/project\/search$/, () => HttpResponse.json({ status: true, data: [], recordsTotal: 0, recordsFiltered: 0 }, { headers: { "X-Rights": "after" } })),
    );
    window.location.hash = "#/project";
    render(<App />);
    await waitFor(() => expect(api.requests("GET", "session")).toHaveLength(1), LOAD);
    await waitFor(() => expect(within(sider()).queryByText("Issues")).toBeNull(), LOAD);
    expect(within(sider()).getAllByText("Projects").length).toBeGreaterThan(0);
    expect(localStorage.getItem("rights")).toBe("after");
    expect(JSON.parse(localStorage.getItem("menus")!).some((m: { alias: string }) => m.alias === "issue")).toBe(false);
  });
});
