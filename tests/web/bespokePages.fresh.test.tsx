// Bespoke pages are served inside <Refine> through the typed registry: the full-screen map at
// #/map/view gets Refine's router, auth and data context (a Refine hook works there), has no
// shell layout, and a signed-out visit goes to login with ?to= and back after signing in.
import { useGetIdentity, useResourceParams } from "@refinedev/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PageName } from "../../declaration";
import App from "../../src/App";
import { BESPOKE_PAGES, type BespokePage } from "../../src/crud/bespoke";
import type { SessionMenu } from "../../src/auth/session";
import { ok, recordApi } from "./support/apiRecorder";
import { signIn } from "./support/session";
import { LOAD } from "./support/waits";

// The map's content is another part's work: a probe in its place shows what Refine gives it.
// Outside <Refine> the resource would be unknown and no identity would load.
vi.mock("../../src/pages/map/MapPage", () => ({
  default: function MapProbe() {
    const { resource } = useResourceParams();
    const { data: user } = useGetIdentity<{ name: string }>();
    return <h1>{`map page: ${resource?.name ?? "no resource"}, ${user?.name ?? "no identity"}`}</h1>;
  },
}));

const MAP_MENU: SessionMenu = {
  id: 2,
  name: "Map",
  alias: "map-monitoring",
  url: "/map/view",
  icon: null,
  order: 2,
  parent_id: 1,
  can_add: false,
  can_edit: false,
  can_delete: false,
};

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<App />);
};

afterEach(() => {
  window.location.hash = "";
});

describe("bespoke pages", () => {
  it("the full-screen map is routed inside Refine, with its resource and the user, without the shell's layout", async () => {
    signIn([MAP_MENU]);
    recordApi({});
    open("#/map/view");
    expect(await screen.findByRole("heading", { name: "map page: map-monitoring, Budi" }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.queryByRole("button", { name: /Log out/ })).toBeNull();
  });

  it("a signed-out visit to #/map/view signs in and comes back to the map", async () => {
    recordApi({
      "POST /api/login": ok({
        token: "tok-new",
        user: { id: 3, name: "Budi", email: "pm@demo.test", company_id: 7 },
        role: { id: 2, name: "Project manager", role_type: "manager" },
        menus: [MAP_MENU],
      }),
    });
    open("#/map/view");
    expect(await screen.findByRole("heading", { name: "Sign in to your account" }, LOAD)).toBeInTheDocument();
    expect(window.location.hash).toBe("#/login?to=%2Fmap%2Fview");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "pm@demo.test" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { name: "map page: map-monitoring, Budi" }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe("#/map/view"));
  });

  it("the registry maps every page name to a lazy chunk and says which take the whole screen", async () => {
    const entries = Object.entries(BESPOKE_PAGES) as Array<[PageName, BespokePage]>;
    expect(entries.map(([name, p]) => [name, p.fullScreen])).toEqual([
      ["map", true],
      ["gantt", false],
      ["kanban", false],
      ["project", false],
      ["field", false],
      ["alert-rules", false],
      ["rights", false],
      ["menus", false],
      ["audit", false],
      ["person", false],
      ["staff", false],
      ["panic", false],
      ["companies", false],
      ["transaction", false],
      ["pipeline", false],
      ["sales", false],
      ["shifts", false],
      ["checklist", false],
      ["request", false],
      ["catalogue", false],
      ["timesheet", false],
    ]);
    const chunk = await BESPOKE_PAGES.map.load();
    expect(typeof chunk.default).toBe("function");
    // A name the declaration does not know is no page name.
    // @ts-expect-error "nowhere" names no page
    const unknown: PageName = "nowhere";
    expect(unknown).toBe("nowhere");
  });
});
