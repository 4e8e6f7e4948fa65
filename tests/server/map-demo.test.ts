// The demo data on the map and file routes: one map per demo company centred on its area with
// layers built from its projects and FTTH network (deterministic), and the seeded pictures and
// documents served from the folders the seed wrote them to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceNamed } from "../../declaration";
import { decodeRow } from "../../server/db/codec";
import { seedDemoMaps } from "../../server/map/seed";
import { MAP_TABLES } from "../../server/map/tables";
import { demoServer, type DemoEnv } from "./map-demo-data";
import { dynamicDb } from "../../server/db/dynamic";

let env: DemoEnv;
let jakarta: string; // PT Demo Konstruksi's admin
let bandung: string; // PT Contoh Telekomunikasi's admin

beforeAll(async () => {
  env = await demoServer();
  jakarta = await env.token("admin@demo.test");
  bandung = await env.token("admin2@demo.test");
});
afterAll(async () => {
  await env?.close();
});

const get = async (token: string, url: string) => {
  const res = await env.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.headers["content-type"]?.toString().includes("json") ? res.json() : null, res };
};

async function rowsOf(resource: string): Promise<Record<string, unknown>[]> {
  const r = resourceNamed(resource);
  return (await dynamicDb(env.db).selectFrom(r.table!).selectAll().orderBy("id").execute()).map((row) => decodeRow(r, row));
}

/** The company of a demo account's token. */
async function companyOf(token: string): Promise<number> {
  const email = token === jakarta ? "admin@demo.test" : "admin2@demo.test";
  const u = await env.db.selectFrom("users").select("company_id").where("email", "=", email).executeTakeFirstOrThrow();
  return Number(u.company_id);
}

const LAYERS = ["work_areas", "ftth_cables", "ftth_olt", "ftth_odc", "ftth_odp", "ftth_ont", "project_sites"];

describe("demo maps", () => {
  it("gives each demo company one map centred on its area", async () => {
    const a = (await get(jakarta, "/map-service/map/list")).body.data;
    const b = (await get(bandung, "/map-service/map/list")).body.data;
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    const [lonA, latA] = a[0].center;
    expect(lonA).toBeGreaterThan(106.6);
    expect(lonA).toBeLessThan(107.1);
    expect(latA).toBeGreaterThan(-6.45);
    expect(latA).toBeLessThan(-6.0);
    const [lonB, latB] = b[0].center;
    expect(lonB).toBeGreaterThan(107.4);
    expect(lonB).toBeLessThan(107.8);
    expect(latB).toBeGreaterThan(-7.1);
    expect(latB).toBeLessThan(-6.7);
    for (const m of [...a, ...b]) {
      expect(m.zoom).toBeGreaterThanOrEqual(10);
      expect(m.zoom).toBeLessThanOrEqual(17);
    }
    expect((await get(bandung, `/map-service/map/${a[0].id}`)).status).toBe(404);
  });

  it("builds the layers from the company's projects and FTTH nodes", async () => {
    const projects = await rowsOf("project");
    const nodes = await rowsOf("hierarchy-ftths");
    for (const token of [jakarta, bandung]) {
      const companyId = await companyOf(token);
      const [map] = (await get(token, "/map-service/map/list")).body.data;
      const loaded = (await get(token, `/map-service/map/${map.id}`)).body.data;
      expect(loaded.layers.map((l: { name: string }) => l.name)).toEqual(LAYERS);
      const count = Object.fromEntries(loaded.layers.map((l: { name: string; feature_count: number }) => [l.name, l.feature_count]));
      const mine = projects.filter((p) => p.company_id === companyId && p.location);
      const net = nodes.filter((n) => n.company_id === companyId && n.location);
      expect(count.project_sites).toBe(mine.length);
      expect(count.work_areas).toBe(mine.length);
      for (const level of ["olt", "odc", "odp", "ont"]) expect(count[`ftth_${level}`], level).toBe(net.filter((n) => n.level === level).length);
      expect(count.ftth_cables).toBe(net.filter((n) => n.parent_id !== null).length);
      expect(count.ftth_odp).toBeGreaterThan(0);
      expect(loaded.layers.find((l: { name: string }) => l.name === "ftth_ont").visible).toBe(false);
      const sites = loaded.layers.find((l: { name: string }) => l.name === "project_sites");
      expect((await get(token, `/map-service/layer/${sites.id}/search-label`)).body.data).toMatchObject({ labels: ["code", "name"] });
      expect((await get(token, `/map-service/layer/${sites.id}/attribute`)).body.data.map((a: { name: string }) => a.name)).toContain("client_name");
    }
  });

  it("draws cables from parent to child node and areas around their sites, read through WFS", async () => {
    const cables = (await get(bandung, "/gis/wfs?request=GetFeature&typeNames=fieldworks:ftth_cables&outputFormat=application/json")).body.features;
    const points = new Map<string, number[]>();
    for (const level of ["olt", "odc", "odp", "ont"]) {
      for (const f of (await get(bandung, `/gis/wfs?request=GetFeature&typeNames=fieldworks:ftth_${level}&outputFormat=application/json`)).body.features)
        points.set(f.properties.code, f.geometry.coordinates);
    }
    expect(cables.length).toBeGreaterThan(50);
    for (const c of cables) {
      expect(c.geometry.coordinates).toEqual([points.get(c.properties.from_code), points.get(c.properties.to_code)]);
      expect(["feeder", "distribution", "drop"]).toContain(c.properties.segment);
    }
    const sites = (await get(bandung, "/gis/wfs?request=GetFeature&typeNames=fieldworks:project_sites&outputFormat=application/json")).body.features;
    const areas = (await get(bandung, "/gis/wfs?request=GetFeature&typeNames=fieldworks:work_areas&outputFormat=application/json")).body.features;
    for (const s of sites) {
      const area = areas.find((a: { properties: { project_id: number } }) => a.properties.project_id === s.properties.project_id);
      const ring: number[][] = area.geometry.coordinates[0];
      const [x, y] = s.geometry.coordinates;
      expect(x).toBeGreaterThan(Math.min(...ring.map((p) => p[0])));
      expect(x).toBeLessThan(Math.max(...ring.map((p) => p[0])));
      expect(y).toBeGreaterThan(Math.min(...ring.map((p) => p[1])));
      expect(y).toBeLessThan(Math.max(...ring.map((p) => p[1])));
      // A bbox around the site finds it.
      const bbox = [x - 0.001, y - 0.001, x + 0.001, y + 0.001].join(",");
      const near = (await get(bandung, `/gis/wfs?request=GetFeature&typeNames=fieldworks:project_sites&outputFormat=application/json&bbox=${bbox},EPSG:4326`)).body;
      expect(near.features.map((f: { properties: { code: string } }) => f.properties.code)).toContain(s.properties.code);
    }
  });

  it("is deterministic: the same data gives the same maps", async () => {
    const snapshot = async () => {
      const out: unknown[] = [];
      for (const token of [jakarta, bandung]) {
        const [map] = (await get(token, "/map-service/map/list")).body.data;
        const loaded = (await get(token, `/map-service/map/${map.id}`)).body.data;
        out.push([map.name, map.center, map.zoom, map.settings]);
        for (const l of loaded.layers) {
          const fc = (await get(token, `/gis/wfs?request=GetFeature&typeNames=${l.type_name}&outputFormat=application/json`)).body;
          out.push([l.name, l.title, l.style, l.visible, l.order, l.extent, fc.features.map((f: { geometry: unknown; properties: unknown }) => [f.geometry, f.properties])]);
        }
      }
      return out;
    };
    const before = await snapshot();
    expect(await seedDemoMaps(env.db)).toBe(0); // a company with a map is left alone
    for (const t of [MAP_TABLES.searchLabels, MAP_TABLES.attributes, MAP_TABLES.features, MAP_TABLES.layers, MAP_TABLES.maps]) await env.db.deleteFrom(t).execute();
    expect(await seedDemoMaps(env.db)).toBe(2);
    expect(await snapshot()).toEqual(before);
  });
});

describe("demo files", () => {
  it("serves the seeded selfies, profile pictures and logos of the company only", async () => {
    const images = await rowsOf("image");
    const companyId = await companyOf(jakarta);
    for (const folder of ["selfie", "profile", "company"]) {
      const img = images.find((i) => i.folder === folder && i.company_id === companyId)!;
      const res = await get(jakarta, `/api/image/${folder}/${img.file_name as string}`);
      expect(res.status, folder).toBe(200);
      expect(res.res.headers["content-type"]).toBe("image/png");
      expect(res.res.rawPayload.length).toBe(img.size);
      expect((await get(bandung, `/api/image/${folder}/${img.file_name as string}`)).status).toBe(404);
    }
  });

  it("downloads the seeded project documents", async () => {
    const docs = await rowsOf("document-project");
    const companyId = await companyOf(bandung);
    const doc = docs.find((d) => d.company_id === companyId && d.mime === "application/pdf")!;
    const res = await get(bandung, `/api/document-project/download/${doc.project_id as number}/${doc.id as number}`);
    expect(res.status).toBe(200);
    expect(res.res.headers["content-type"]).toBe("application/pdf");
    expect(res.res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(res.res.rawPayload.length).toBe(doc.size);
    expect(String(res.res.headers["content-disposition"])).toContain(encodeURIComponent(doc.name as string).slice(0, 20));
    expect((await get(jakarta, `/api/document-project/download/${doc.project_id as number}/${doc.id as number}`)).status).toBe(404);
  });
});
