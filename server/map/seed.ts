// Demo maps, built from the demo data already in the database (run by server/seed/index.ts
// after the demo tables): per company with located projects, one map centred on its sites
// (Jakarta, Bandung) and the layers the GIS side shows:
//   work_areas (Polygon)    an area around each project site and its network, padded
//   ftth_cables (LineString) OLT→ODC feeder, ODC→ODP distribution, ODP→ONT drop cables
//   ftth_olt / ftth_odc / ftth_odp / ftth_ont (Point)  the hierarchy-ftths nodes per level
//   project_sites (Point)   the projects' locations
// Deterministic: rows are read in id order and nothing is random, so the same demo data gives
// the same maps. Skips a company that already has a map.
import { resourceByName, type ResourceName } from "../../declaration";
import type { Db } from "../db/connection";
import { decodeRow } from "../db/codec";
import type { AttributeType, Bbox, Geometry, GeometryType, Position, Properties } from "../../declaration/map-service";
import { DEFAULT_STORE, DEFAULT_WORKSPACE, MapStore } from "./store";
import { MAP_TABLES } from "./tables";
import type { AttributeInput, FeatureInput } from "./validate";

type Rec = Record<string, unknown>;

const M_PER_DEG_LAT = 110_574;
const mPerDegLon = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Great-circle distance in metres (cable lengths). */
function metres([lon1, lat1]: Position, [lon2, lat2]: Position): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
}

function extentOf(points: Position[]): Bbox {
  return [Math.min(...points.map((p) => p[0])), Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[0])), Math.max(...points.map((p) => p[1]))];
}

/** The extent grown by `m` metres on every side. */
function pad([minx, miny, maxx, maxy]: Bbox, m: number): Bbox {
  const lat = (miny + maxy) / 2;
  const dx = m / mPerDegLon(lat);
  const dy = m / M_PER_DEG_LAT;
  return [minx - dx, miny - dy, maxx + dx, maxy + dy];
}

/** Zoom at which the extent fits a 1200×800 px view (256 px tiles), between 10 and 17. */
function zoomFor([minx, miny, maxx, maxy]: Bbox): number {
  const lat = (miny + maxy) / 2;
  const width = Math.max((maxx - minx) * mPerDegLon(lat), 1);
  const height = Math.max((maxy - miny) * M_PER_DEG_LAT, 1);
  const resolution = Math.max(width / 1200, height / 800) / Math.cos((lat * Math.PI) / 180);
  const z = Math.floor(Math.log2(156_543.033_928 / resolution) * 10) / 10;
  return Math.min(17, Math.max(10, z));
}

/** An octagon-cornered rectangle around the extent: reads as a site boundary, not a tile. */
function areaPolygon(b: Bbox): Geometry {
  const [minx, miny, maxx, maxy] = b;
  const lat = (miny + maxy) / 2;
  // Corners cut by 15 % of the shorter side, in metres on the ground.
  const cut = 0.15 * Math.min((maxx - minx) * mPerDegLon(lat), (maxy - miny) * M_PER_DEG_LAT);
  const cx = cut / mPerDegLon(lat);
  const cy = cut / M_PER_DEG_LAT;
  const ring: Position[] = [
    [minx + cx, miny],
    [maxx - cx, miny],
    [maxx, miny + cy],
    [maxx, maxy - cy],
    [maxx - cx, maxy],
    [minx + cx, maxy],
    [minx, maxy - cy],
    [minx, miny + cy],
    [minx + cx, miny],
  ].map(([x, y]) => [round6(x), round6(y)] as Position);
  return { type: "Polygon", coordinates: [ring] };
}

interface LayerSpec {
  name: string;
  title: string;
  geometry_type: GeometryType;
  style: Record<string, unknown>;
  visible: boolean;
  attributes: Array<[name: string, type: AttributeType, label: string]>;
  labels: string[];
  search: string[];
}

const NODE_ATTRS: LayerSpec["attributes"] = [
  ["node_id", "integer", "ID"],
  ["project_id", "integer", "Proyek"],
  ["code", "string", "Kode"],
  ["name", "string", "Nama"],
  ["level", "string", "Level"],
  ["status", "string", "Status"],
  ["capacity", "integer", "Kapasitas"],
  ["used_ports", "integer", "Port terpakai"],
  ["address", "string", "Alamat"],
];

const LEVELS: Record<string, { title: string; style: Record<string, unknown>; visible: boolean }> = {
  olt: { title: "OLT", style: { shape: "square", radius: 9, fill: "#722ed1", stroke: "#ffffff", width: 2 }, visible: true },
  odc: { title: "ODC", style: { shape: "circle", radius: 7, fill: "#fa8c16", stroke: "#ffffff", width: 2 }, visible: true },
  odp: { title: "ODP", style: { shape: "circle", radius: 5, fill: "#52c41a", stroke: "#ffffff", width: 1 }, visible: true },
  // Homes are many small points: off until someone looks at a street.
  ont: { title: "ONT (pelanggan)", style: { shape: "circle", radius: 3, fill: "#8c8c8c", stroke: "#ffffff", width: 1 }, visible: false },
};

/** Bottom to top: areas under cables under nodes under the project markers. */
const LAYERS: LayerSpec[] = [
  {
    name: "work_areas",
    title: "Area kerja",
    geometry_type: "Polygon",
    visible: true,
    style: { fill: "rgba(22, 119, 255, 0.10)", stroke: "#1677ff", width: 1.5, dash: [6, 4] },
    attributes: [
      ["project_id", "integer", "Proyek"],
      ["code", "string", "Kode"],
      ["name", "string", "Nama"],
      ["status", "string", "Status"],
      ["area_ha", "number", "Luas (ha)"],
    ],
    labels: ["code"],
    search: ["code", "name"],
  },
  {
    name: "ftth_cables",
    title: "Kabel FTTH",
    geometry_type: "LineString",
    visible: true,
    style: {
      stroke: "#fa541c",
      width: 2,
      by: "segment",
      segments: { feeder: { stroke: "#cf1322", width: 3 }, distribution: { stroke: "#fa541c", width: 2 }, drop: { stroke: "#8c8c8c", width: 1 } },
    },
    attributes: [
      ["project_id", "integer", "Proyek"],
      ["segment", "string", "Segmen"],
      ["from_code", "string", "Dari"],
      ["to_code", "string", "Ke"],
      ["status", "string", "Status"],
      ["length_m", "number", "Panjang (m)"],
    ],
    labels: ["from_code", "to_code"],
    search: ["from_code", "to_code"],
  },
  ...(["olt", "odc", "odp", "ont"] as const).map((level): LayerSpec => ({
    name: `ftth_${level}`,
    title: LEVELS[level].title,
    geometry_type: "Point",
    visible: LEVELS[level].visible,
    style: LEVELS[level].style,
    attributes: NODE_ATTRS,
    labels: ["code"],
    search: ["code", "name", "address"],
  })),
  {
    name: "project_sites",
    title: "Lokasi proyek",
    geometry_type: "Point",
    visible: true,
    style: { shape: "pin", radius: 8, fill: "#1677ff", stroke: "#ffffff", width: 2 },
    attributes: [
      ["project_id", "integer", "ID"],
      ["code", "string", "Kode"],
      ["name", "string", "Nama"],
      ["status", "string", "Status"],
      ["progress", "number", "Progres (%)"],
      ["client_name", "string", "Pemberi kerja"],
      ["address", "string", "Alamat"],
      ["start_date", "date", "Mulai"],
      ["end_date", "date", "Selesai"],
    ],
    labels: ["code", "name"],
    search: ["code", "name", "client_name", "address"],
  },
];

const SEGMENT: Record<string, string> = { odc: "feeder", odp: "distribution", ont: "drop" };

async function readAll(db: Db, resource: ResourceName): Promise<Rec[]> {
  const r = resourceByName(resource);
  const rows = await db.selectFrom(r.table!).selectAll().orderBy("id").execute();
  return rows.map((row) => decodeRow(r, row));
}

const point = (loc: unknown): Position | null =>
  Array.isArray(loc) && loc.length === 2 && loc.every((n) => typeof n === "number" && Number.isFinite(n)) ? [loc[0], loc[1]] : null;

const pick = (rec: Rec, keys: string[]): Properties => Object.fromEntries(keys.map((k) => [k, (rec[k] ?? null) as Properties[string]]));

/** Features of every demo layer for one company's projects and network. */
function featuresOf(projects: Rec[], nodes: Rec[]): Record<string, FeatureInput[]> {
  const out: Record<string, FeatureInput[]> = Object.fromEntries(LAYERS.map((l) => [l.name, []]));
  const byId = new Map(nodes.map((n) => [Number(n.id), n]));
  for (const p of projects) {
    const at = point(p.location);
    if (!at) continue;
    out.project_sites.push({
      geometry: { type: "Point", coordinates: at },
      properties: { project_id: Number(p.id), ...pick(p, ["code", "name", "status", "progress", "client_name", "address", "start_date", "end_date"]) },
    });
    const own = nodes
      .filter((n) => Number(n.project_id) === Number(p.id))
      .map((n) => point(n.location))
      .filter((x): x is Position => !!x);
    const box = pad(extentOf([at, ...own]), own.length ? 120 : 200);
    const lat = (box[1] + box[3]) / 2;
    const areaHa = ((box[2] - box[0]) * mPerDegLon(lat) * (box[3] - box[1]) * M_PER_DEG_LAT) / 10_000;
    out.work_areas.push({ geometry: areaPolygon(box), properties: { project_id: Number(p.id), ...pick(p, ["code", "name", "status"]), area_ha: Math.round(areaHa * 10) / 10 } });
  }
  for (const n of nodes) {
    const at = point(n.location);
    if (!at || !LEVELS[String(n.level)]) continue;
    out[`ftth_${String(n.level)}`].push({
      geometry: { type: "Point", coordinates: at },
      properties: { node_id: Number(n.id), ...pick(n, ["project_id", "code", "name", "level", "status", "capacity", "used_ports", "address"]) },
    });
    const parent = n.parent_id === null ? undefined : byId.get(Number(n.parent_id));
    const from = parent ? point(parent.location) : null;
    if (!parent || !from) continue;
    out.ftth_cables.push({
      geometry: { type: "LineString", coordinates: [from, at] },
      properties: {
        project_id: Number(n.project_id),
        segment: SEGMENT[String(n.level)] ?? "cable",
        from_code: String(parent.code),
        to_code: String(n.code),
        status: String(n.status),
        length_m: Math.round(metres(from, at)),
      },
    });
  }
  return out;
}

/** Creates the demo maps; answers how many maps were made. */
export async function seedDemoMaps(db: Db): Promise<number> {
  const companies = await readAll(db, "company-management");
  const projects = await readAll(db, "project");
  const nodes = await readAll(db, "hierarchy-ftths");
  let made = 0;
  await db.transaction().execute(async (trx) => {
    for (const c of companies) {
      const companyId = Number(c.id);
      const own = projects.filter((p) => Number(p.company_id) === companyId && point(p.location));
      if (!own.length) continue;
      const exists = await trx.selectFrom(MAP_TABLES.maps).select("id").where("company_id", "=", companyId).executeTakeFirst();
      if (exists) continue;
      const network = nodes.filter((n) => Number(n.company_id) === companyId && own.some((p) => Number(p.id) === Number(n.project_id)));
      // The map opens over the company's home area: sites in another zone (a project in Makassar
      // for a Jakarta company) are drawn but not fitted, else the view would span the archipelago.
      const home = own.filter((p) => !p.time_zone || p.time_zone === c.time_zone);
      const fitted = home.length ? home : own;
      const sites = fitted.map((p) => point(p.location)!);
      const fittedNetwork = network.filter((n) => fitted.some((p) => Number(p.id) === Number(n.project_id)));
      const extent = pad(extentOf([...sites, ...fittedNetwork.map((n) => point(n.location)).filter((x): x is Position => !!x)]), 300);
      const store = new MapStore(trx, companyId);
      const mapId = await store.createMap({
        name: `Peta ${String(c.name)}`,
        center: [round6((extent[0] + extent[2]) / 2), round6((extent[1] + extent[3]) / 2)],
        zoom: zoomFor(extent),
        settings: { basemap: "osm", workspace: DEFAULT_WORKSPACE, store: DEFAULT_STORE, extent: extent.map(round6) },
      });
      const features = featuresOf(own, network);
      for (const [order, spec] of LAYERS.entries()) {
        const attributes: AttributeInput[] = spec.attributes.map(([name, type, label], i) => ({ name, type, label, order: i }));
        const layerId = await store.createLayer(
          {
            map_id: mapId,
            name: spec.name,
            title: spec.title,
            geometry_type: spec.geometry_type,
            style: spec.style,
            visible: spec.visible,
            order,
            workspace: DEFAULT_WORKSPACE,
            store: DEFAULT_STORE,
          },
          attributes,
          features[spec.name],
        );
        await store.replaceSearchLabels(layerId, { labels: spec.labels, search: spec.search });
      }
      made++;
    }
  });
  return made;
}
