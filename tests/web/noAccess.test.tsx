// A route outside the role's menus and rights (a bookmark, a shared link) shows the no-access page
// in place, in the user's language, with a way home, and sends nothing: the server's 403 would end
// the session (the spec's error catalogue, kept for the 403s the server does send: http.test.ts).
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import App from "../../src/App";
import { loadLanguage } from "../../src/i18n";
import { ok, recordApi, type RecordedRequest } from "./support/apiRecorder";
import { menu, signIn } from "./support/session";
import { LOAD } from "./support/waits";

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<App />);
};

afterEach(async () => {
  window.location.hash = "";
  await loadLanguage("en");
});

/** The shell's own reads on every page (the event stream, the bell's unviewed alerts: src/live/) are not the page's. */
const SHELL_READS = new Set(["/api/events", "/legacy/alert-to-user/search"]);
const apiCalls = (calls: RecordedRequest[]) =>
  calls.filter((c) => !SHELL_READS.has(c.path) && (c.path.startsWith("/api/") || c.path.startsWith("/legacy/") || c.path.startsWith("/map-service/")));
const noAccess = () => screen.findByRole("heading", { name: "You have no access to this page" }, LOAD);

/** A project manager's menus, without Roles, the map, or Safety's K3 resources. */
const PM_MENUS = [
  menu(1, "projects"),
  menu(2, "project", 1),
  menu(3, "issue", 1),
  menu(4, "project-risks", 1),
  menu(5, "project-milestone", 1),
  menu(6, "project-approval", 1),
  menu(7, "user-to-proyek", 1),
  menu(8, "project-participants", 1),
  menu(9, "project-expenditure", 1),
  menu(10, "masterData"),
  menu(11, "divisi", 10, { can_add: false, can_edit: false, can_delete: false }),
];

describe("pages outside the role's rights", () => {
  it("a list the role holds no menu for: the no-access page, no request, still signed in, a way home", async () => {
    signIn(PM_MENUS);
    const api = recordApi({});
    open("#/role");
    expect(await noAccess()).toBeInTheDocument();
    expect(screen.getByText("Your role does not include this page. Ask your company's administrator if you need it.")).toBeInTheDocument();
    // Inside the shell: the menu and the header stay.
    expect(screen.getByRole("button", { name: /Log out/ })).toBeInTheDocument();
    expect(apiCalls(api.calls)).toEqual([]);
    expect(localStorage.getItem("token")).toBe("tok-1");
    fireEvent.click(screen.getByRole("button", { name: "Back home" }));
    expect(await screen.findByRole("heading", { name: "Welcome, Budi" }, LOAD)).toBeInTheDocument();
    expect(window.location.hash).toBe("#/");
  });

  it("create, edit and details pages need their rights: a read-only menu lists, but its create and edit links show the no-access page", async () => {
    signIn(PM_MENUS);
    const api = recordApi({ "POST /api/divisi/search": ok([{ id: 4, name: "Sipil", code: "SPL" }], { recordsTotal: 1, recordsFiltered: 1 }) });
    open("#/divisi/create");
    expect(await noAccess()).toBeInTheDocument();
    window.location.hash = "#/divisi/edit/4";
    expect(await noAccess()).toBeInTheDocument();
    expect(apiCalls(api.calls)).toEqual([]);
    // What the role holds still opens: the list, read from the server.
    window.location.hash = "#/divisi";
    expect(await screen.findByRole("heading", { level: 1, name: "Divisions" }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(apiCalls(api.calls).map((c) => `${c.method} ${c.path}`)).toContain("POST /api/divisi/search"));
  });

  it("the full-screen map without the map's menu: the no-access page, nothing of the map asked", async () => {
    signIn(PM_MENUS);
    const api = recordApi({});
    open("#/map/view");
    expect(await noAccess()).toBeInTheDocument();
    expect(apiCalls(api.calls)).toEqual([]);
    expect(localStorage.getItem("token")).toBe("tok-1");
  });

  it("a project tab reading what the role may not list: the no-access page in the tab, the tab left out of the bar, none of its requests sent", async () => {
    signIn(PM_MENUS);
    const api = recordApi({
      "GET /api/project/edit/2": ok({ id: 2, name: "Tower A", code: "P-002", status: "in_progress", start_date: "2026-01-05", end_date: "2026-12-20" }),
    });
    open("#/project/show/2/safety");
    expect(await noAccess()).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Tower A" }, LOAD)).toBeInTheDocument();
    const tabs = within(screen.getByRole("tablist"))
      .getAllByRole("tab")
      .map((tab) => tab.textContent);
    // The role holds what the overview and the documents read (documents go by the project's menu), not invoices or plans.
    expect(tabs).toContain("Overview");
    expect(tabs).toContain("Documents");
    expect(tabs).not.toContain("Money");
    expect(tabs).not.toContain("Plan");
    // The active tab stays in the bar, so the user sees where the link led.
    expect(tabs).toContain("Safety");
    expect(apiCalls(api.calls).map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/project/edit/2"]);
    expect(localStorage.getItem("token")).toBe("tok-1");
  });

  it("in Indonesian", async () => {
    signIn(PM_MENUS);
    localStorage.setItem("lang", "id");
    await loadLanguage("id"); // as main.tsx does before the first render
    const api = recordApi({});
    open("#/role");
    expect(await screen.findByRole("heading", { name: "Anda tidak punya akses ke halaman ini" }, LOAD)).toBeInTheDocument();
    expect(screen.getByText("Peran Anda tidak mencakup halaman ini. Minta administrator perusahaan Anda bila memerlukannya.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Kembali ke beranda" })).toBeInTheDocument();
    expect(apiCalls(api.calls)).toEqual([]);
  });
});
