// The project's work area drawn on its Safety tab (src/pages/project/tabs/safety/WorkAreaEditor.tsx)
// by the project manager, on the demo seed: the OpenLayers Draw interaction takes clicks on the
// map's canvas (no tiles load here; the canvas takes clicks all the same) and a double click ends
// the polygon; saved, the page reloaded, the project's record read by the app has the polygon as
// a GeoJSON Polygon of [longitude, latitude] positions around the project's location, in the
// places clicked, and the editor says a polygon is drawn. Then a field worker clocked in there
// sends positions as Traccar Client does (/osmand with their device key): one inside the polygon,
// one 2 km outside it, which raises the company's geofence_exit alert (the demo seed's rule; every
// episode and threshold case is tests/server/position-watch.test.ts's).
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { scenario, useE2eWorld } from "./support/harness";
import { insertRows } from "../../server/seed/load";
import { ACCOUNTS, DEMO_PASSWORD, signIn, userByEmail } from "./support/ui";

useE2eWorld();

type Position = [number, number];

/** The project's record as the app reads it after a load of the page (its one-record read). */
const projectAnswer = (page: Page, id: number): Promise<Response> =>
  page.waitForResponse(async (r) => {
    if (!new URL(r.url()).pathname.startsWith("/api/project/") || r.request().method() !== "GET" || r.status() !== 200) return false;
    const body = (await r.json().catch(() => null)) as { data?: { id?: unknown; work_area?: unknown } } | null;
    return body?.data?.id === id && body.data.work_area !== undefined;
  });

describe("the project's work area (pm)", () => {
  it(
    "is drawn on the map by clicking its corners and double-clicking the last, saved, read back after a reload in longitude/latitude order; a worker's OsmAnd position outside it raises a geofence alert",
    scenario(async ({ page, db, baseUrl }) => {
      const pm = await userByEmail(db, ACCOUNTS.pm);
      const project = await db
        .selectFrom("project")
        .select(["id", "name", "location"])
        .where("company_id", "=", pm.company_id)
        .where("location", "is not", null)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const id = Number(project.id);
      const location = (typeof project.location === "string" ? JSON.parse(project.location) : project.location) as Position;
      // No polygon yet: the map shows the dashed circle around the location, centred on it.
      await db.updateTable("project").set({ work_area: null }).where("id", "=", id).execute();

      // No tiles in tests (the basemap's requests answered empty; the canvas takes clicks all the same).
      await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: "" }));
      await signIn(page, ACCOUNTS.pm);
      await page.goto(`/#/project/show/${id}/safety`);
      const editor = page.getByTestId("work-area-editor");
      await editor.getByText(/No polygon drawn/).waitFor();
      const map = editor.getByRole("region", { name: "Work area" });
      const canvas = map.locator("canvas").first();
      await canvas.waitFor();
      const box = (await canvas.boundingBox())!;
      expect(box.width).toBeGreaterThan(200);

      await editor.getByRole("button", { name: "Draw the work area" }).click();
      await editor.getByText(/Click each corner; double-click the last one/).waitFor();
      // A square around the map's centre (the project's location), 60 px a side from it, clockwise from the top left.
      const cx = box.width / 2;
      const cy = box.height / 2;
      const corners: Position[] = [
        [cx - 60, cy - 60],
        [cx + 60, cy - 60],
        [cx + 60, cy + 60],
        [cx - 60, cy + 60],
      ];
      for (const [x, y] of corners.slice(0, -1)) await canvas.click({ position: { x, y } });
      const [lx, ly] = corners[corners.length - 1];
      await canvas.dblclick({ position: { x: lx, y: ly } });
      const save = editor.getByRole("button", { name: "Save" });
      await expect.poll(() => save.isEnabled()).toBe(true);
      const saved = page.waitForResponse((r) => r.url().includes(`/api/project/update/${id}`) && r.request().method() === "PUT");
      await save.click();
      expect((await saved).status()).toBe(200);
      await editor.getByText(/The work area is the polygon drawn here/).waitFor();

      // Reloaded: the record the app reads has the polygon; the editor shows it.
      const read = projectAnswer(page, id);
      await page.reload();
      const record = ((await (await read).json()) as { data: { work_area: unknown } }).data;
      await editor.getByText(/The work area is the polygon drawn here/).waitFor();
      await editor.getByRole("button", { name: "Draw it again" }).waitFor();
      const area = (typeof record.work_area === "string" ? JSON.parse(record.work_area) : record.work_area) as { type: string; coordinates: Position[][] };
      expect(area.type).toBe("Polygon");
      expect(area.coordinates).toHaveLength(1);
      const ring = area.coordinates[0];
      // The four corners clicked, closed (the last position repeats the first).
      expect(ring).toHaveLength(5);
      expect(ring[4]).toEqual(ring[0]);
      // [longitude, latitude]: near the project's location (a latitude in the longitude's place would be far off).
      for (const [lon, lat] of ring) {
        expect(Math.abs(lon - location[0])).toBeLessThan(0.05);
        expect(Math.abs(lat - location[1])).toBeLessThan(0.05);
      }
      // The four corners of a square whose edges follow the screen's axes (east right, north up),
      // centred on the map's centre: the project's location.
      const lons = ring.map((p) => p[0]);
      const lats = ring.map((p) => p[1]);
      const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
      expect(east - west).toBeGreaterThan(0);
      expect(north - south).toBeGreaterThan(0);
      const eps = (east - west) / 50;
      const corner = (p: Position) =>
        `${Math.abs(p[0] - west) < eps ? "W" : Math.abs(p[0] - east) < eps ? "E" : "?"}${Math.abs(p[1] - south) < eps ? "S" : Math.abs(p[1] - north) < eps ? "N" : "?"}`;
      expect(new Set(ring.slice(0, 4).map(corner))).toEqual(new Set(["WN", "EN", "ES", "WS"]));
      expect(Math.abs((west + east) / 2 - location[0])).toBeLessThan(eps);
      expect(Math.abs((south + north) / 2 - location[1])).toBeLessThan(eps);
      // The server stored the same (the record it keeps, not only what it answered).
      const stored = await db.selectFrom("project").select("work_area").where("id", "=", id).executeTakeFirstOrThrow();
      expect(typeof stored.work_area === "string" ? JSON.parse(stored.work_area) : stored.work_area).toEqual(area);

      // A worker of the company clocked in at the project (inside), with a tracking app's device key.
      const worker = await userByEmail(db, ACCOUNTS.worker);
      expect(worker.company_id).toBe(pm.company_id);
      await insertRows(db, "presence", [
        {
          company_id: worker.company_id,
          user_id: worker.id,
          project_id: id,
          clock_in: new Date(Date.now() - 10 * 60_000).toISOString(),
          clock_in_geo: location,
          work_area_in: "inside",
          presence_status: "present",
        },
      ]);
      const call = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${baseUrl}${path}`, init);
        return { status: res.status, body: (await res.json().catch(() => null)) as { data: Record<string, unknown> } | null };
      };
      const login = await call("/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: ACCOUNTS.worker, password: DEMO_PASSWORD }),
      });
      const token = String(login.body!.data.token);
      const added = await call("/api/device-key/add", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: "HP" }),
      });
      expect(added.status).toBe(200);
      const key = String(added.body!.data.key);
      const osmand = (lon: number, lat: number, minutesAgo: number) =>
        fetch(`${baseUrl}/osmand?id=${key}&lat=${lat}&lon=${lon}&timestamp=${Math.floor((Date.now() - minutesAgo * 60_000) / 1000)}`).then((r) => r.status);
      const exits = () => db.selectFrom("alert").select(["alert_type", "project_id"]).where("user_id", "=", worker.id).where("alert_type", "=", "geofence_exit").execute();
      expect(await exits()).toEqual([]);
      expect(await osmand(location[0], location[1], 5)).toBe(200); // inside the polygon
      expect(await exits()).toEqual([]);
      // 2 km east of the polygon: beyond the demo rule's margin (300 m, 1,500 m for telecom companies).
      expect(await osmand(east + 2_000 / (111_320 * Math.cos((location[1] * Math.PI) / 180)), location[1], 4)).toBe(200);
      await expect.poll(exits).toEqual([{ alert_type: "geofence_exit", project_id: id }]);
    }),
  );
});
