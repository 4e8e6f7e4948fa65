// Reads and writes of the map service's tables for one company, answered in the declaration's
// shapes (declaration/map-service.ts). Every query is bound to the
// company (tenancy: another company's map or layer is "not found"), values are always bound
// parameters. JSON columns (settings, style, properties) and GeoJSON geometries are text.
import { sql, type SqlBool } from "kysely";
import type { Db } from "../db/connection";
import { notFound, conflict } from "../http/errors";
import type { AttributeType, Bbox, GeometryType, LayerAttribute, MapFeature, MapInfo, MapLayer } from "../../declaration/map-service";
import { bboxOf } from "./geo";
import { MAP_TABLES as T } from "./tables";
import type { AttributeInput, FeatureInput, LayerInput, LayerPatch, MapPatch } from "./validate";

/** The workspace and store of layers that do not name theirs (the web app's GIS settings). */
export const DEFAULT_WORKSPACE = "fieldworks";
export const DEFAULT_STORE = "fieldworks_db";

type Row = Record<string, unknown>;

const json = <T>(s: unknown, fallback: T): T => {
  if (typeof s !== "string" || s === "") return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

const nowIso = () => new Date().toISOString();
/** Rows per multi-row insert (well below both dialects' bound-parameter limits). */
const BATCH = 200;

/** A positive integer id from a path or query value, else null. */
export function idOf(v: unknown): number | null {
  const s = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "";
  return /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2 ** 31 - 1 ? Number(s) : null;
}

export class MapStore {
  constructor(
    readonly db: Db,
    /** The actor's company; null (the platform owner) owns no map. */
    readonly companyId: number | null,
  ) {}

  /** Runs `fn` in a transaction, or in the one this store already works in (the seed's). */
  private tx<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? fn(this.db) : this.db.transaction().execute(fn);
  }

  private company() {
    return this.companyId === null ? sql<SqlBool>`1 = 0` : sql<SqlBool>`company_id = ${this.companyId}`;
  }

  // ---- maps ----------------------------------------------------------------------------

  mapOut(r: Row): MapInfo {
    return {
      id: Number(r.id),
      name: String(r.name),
      center: [Number(r.center_lon), Number(r.center_lat)],
      zoom: Number(r.zoom),
      settings: json(r.settings, {}),
      created_at: String(r.created_at),
      updated_at: String(r.updated_at),
    };
  }

  async maps(): Promise<MapInfo[]> {
    const rows = await this.db.selectFrom(T.maps).selectAll().where(this.company()).orderBy("id").execute();
    return rows.map((r) => this.mapOut(r));
  }

  async map(id: number | null): Promise<MapInfo> {
    const row = id === null ? undefined : await this.db.selectFrom(T.maps).selectAll().where(this.company()).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound();
    return this.mapOut(row);
  }

  async createMap(m: { name: string; center: [number, number]; zoom: number; settings?: Record<string, unknown> }): Promise<number> {
    const now = nowIso();
    const r = await this.db
      .insertInto(T.maps)
      .values({
        company_id: this.companyId,
        name: m.name,
        center_lon: m.center[0],
        center_lat: m.center[1],
        zoom: m.zoom,
        settings: JSON.stringify(m.settings ?? {}),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(r.id);
  }

  /** Applies a checked patch; layers named in it must be this map's (else 400 from the caller's check). */
  async updateMap(id: number, patch: MapPatch): Promise<void> {
    await this.map(id);
    const now = nowIso();
    const set: Row = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.center) [set.center_lon, set.center_lat] = patch.center;
    if (patch.zoom !== undefined) set.zoom = patch.zoom;
    if (patch.settings) set.settings = JSON.stringify(patch.settings);
    await this.tx(async (trx) => {
      await trx
        .updateTable(T.maps)
        .set({ ...set, updated_at: now })
        .where(this.company())
        .where("id", "=", id)
        .execute();
      for (const l of patch.layers ?? []) await new MapStore(trx, this.companyId).patchLayer(l, now);
    });
  }

  private async patchLayer(l: LayerPatch, now: string): Promise<void> {
    const set: Row = { updated_at: now };
    if (l.title !== undefined) set.title = l.title;
    if (l.style) set.style = JSON.stringify(l.style);
    if (l.visible !== undefined) set.visible = l.visible ? 1 : 0;
    if (l.order !== undefined) set.order = l.order;
    await this.db.updateTable(T.layers).set(set).where(this.company()).where("id", "=", l.id).execute();
  }

  // ---- layers --------------------------------------------------------------------------

  private layerOut(r: Row, stats?: { n: number; extent: Bbox | null }): MapLayer {
    const workspace = String(r.workspace ?? DEFAULT_WORKSPACE);
    return {
      id: Number(r.id),
      map_id: Number(r.map_id),
      name: String(r.name),
      title: String(r.title ?? r.name),
      type_name: `${workspace}:${String(r.name)}`,
      geometry_type: String(r.geometry_type) as GeometryType,
      style: json(r.style, {}),
      visible: Number(r.visible) !== 0,
      order: Number(r.order ?? 0),
      workspace,
      store: String(r.store ?? DEFAULT_STORE),
      feature_count: stats?.n ?? 0,
      extent: stats?.extent ?? null,
      created_at: String(r.created_at),
      updated_at: String(r.updated_at),
    };
  }

  /** Layer rows of the company (of one map, of some ids, or all), in drawing order. */
  async layerRows(o: { mapId?: number; ids?: number[] } = {}): Promise<Row[]> {
    let q = this.db.selectFrom(T.layers).selectAll().where(this.company());
    if (o.mapId !== undefined) q = q.where("map_id", "=", o.mapId);
    if (o.ids) q = o.ids.length ? q.where("id", "in", o.ids) : q.where(sql<SqlBool>`1 = 0`);
    return q.orderBy("order").orderBy("id").execute();
  }

  /** Layers with their feature counts and extents. */
  async layers(o: { mapId?: number; ids?: number[] } = {}): Promise<MapLayer[]> {
    const rows = await this.layerRows(o);
    if (!rows.length) return [];
    const stats = await this.db
      .selectFrom(T.features)
      .select((eb) => [
        "layer_id",
        eb.fn.countAll<number>().as("n"),
        eb.fn.min<number>("minx").as("minx"),
        eb.fn.min<number>("miny").as("miny"),
        eb.fn.max<number>("maxx").as("maxx"),
        eb.fn.max<number>("maxy").as("maxy"),
      ])
      .where(this.company())
      .where(
        "layer_id",
        "in",
        rows.map((r) => Number(r.id)),
      )
      .groupBy("layer_id")
      .execute();
    const byLayer = new Map(stats.map((s) => [Number(s.layer_id), s]));
    return rows.map((r) => {
      const s = byLayer.get(Number(r.id));
      return this.layerOut(r, s ? { n: Number(s.n), extent: [Number(s.minx), Number(s.miny), Number(s.maxx), Number(s.maxy)] } : undefined);
    });
  }

  async layer(id: number | null): Promise<MapLayer> {
    const [l] = id === null ? [] : await this.layers({ ids: [id] });
    if (!l) throw notFound();
    return l;
  }

  /** The layer a WFS typeName names: "workspace:name", or "name" alone (any workspace). */
  async layerByTypeName(typeName: string): Promise<Row | null> {
    const i = typeName.indexOf(":");
    const [workspace, name] = i >= 0 ? [typeName.slice(0, i), typeName.slice(i + 1)] : [null, typeName];
    let q = this.db.selectFrom(T.layers).selectAll().where(this.company()).where("name", "=", name);
    if (workspace !== null) q = q.where("workspace", "=", workspace);
    return (await q.orderBy("id").executeTakeFirst()) ?? null;
  }

  /** A new layer with its attributes and features, in one transaction. 409 when the name is taken. */
  async createLayer(l: LayerInput, attributes: AttributeInput[], features: FeatureInput[]): Promise<number> {
    await this.map(l.map_id);
    const workspace = l.workspace ?? DEFAULT_WORKSPACE;
    const taken = await this.db.selectFrom(T.layers).select("id").where(this.company()).where("workspace", "=", workspace).where("name", "=", l.name).executeTakeFirst();
    if (taken) throw conflict({ name: { key: "not_unique" } });
    const now = nowIso();
    return this.tx(async (trx) => {
      let order = l.order;
      if (order === null) {
        const max = await trx
          .selectFrom(T.layers)
          .select((eb) => eb.fn.max<number>("order").as("m"))
          .where(this.company())
          .where("map_id", "=", l.map_id)
          .executeTakeFirst();
        order = max?.m === null || max?.m === undefined ? 0 : Number(max.m) + 1;
      }
      const r = await trx
        .insertInto(T.layers)
        .values({
          company_id: this.companyId,
          map_id: l.map_id,
          name: l.name,
          title: l.title,
          geometry_type: l.geometry_type,
          style: JSON.stringify(l.style),
          visible: l.visible ? 1 : 0,
          order,
          workspace,
          store: l.store ?? DEFAULT_STORE,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const id = Number(r.id);
      const store = new MapStore(trx, this.companyId);
      await store.writeAttributes(id, attributes, now);
      await store.insertFeatures(id, features, now);
      return id;
    });
  }

  async insertFeatures(layerId: number, features: FeatureInput[], now = nowIso()): Promise<void> {
    const rows = features.map((f) => {
      const [minx, miny, maxx, maxy] = f.bbox ?? bboxOf(f.geometry!);
      return {
        company_id: this.companyId,
        layer_id: layerId,
        geometry: JSON.stringify(f.geometry),
        properties: JSON.stringify(f.properties ?? {}),
        minx,
        miny,
        maxx,
        maxy,
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += BATCH)
      await this.db
        .insertInto(T.features)
        .values(rows.slice(i, i + BATCH))
        .execute();
  }

  // ---- features ------------------------------------------------------------------------

  featureOut(r: Row): MapFeature {
    return {
      type: "Feature",
      id: Number(r.id),
      layer_id: Number(r.layer_id),
      geometry: json(r.geometry, { type: "Point", coordinates: [0, 0] }),
      properties: json(r.properties, {}),
    };
  }

  async feature(layerId: number, id: number | null): Promise<MapFeature> {
    const row =
      id === null ? undefined : await this.db.selectFrom(T.features).selectAll().where(this.company()).where("layer_id", "=", layerId).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound();
    return this.featureOut(row);
  }

  /** Geometry replaced when given; properties merged (a key set to null stays, as null). */
  async updateFeature(layerId: number, id: number, f: FeatureInput): Promise<MapFeature> {
    const current = await this.feature(layerId, id);
    const set: Row = { updated_at: nowIso() };
    if (f.geometry && f.bbox) {
      set.geometry = JSON.stringify(f.geometry);
      [set.minx, set.miny, set.maxx, set.maxy] = f.bbox;
    }
    if (f.properties) set.properties = JSON.stringify({ ...current.properties, ...f.properties });
    await this.db.updateTable(T.features).set(set).where(this.company()).where("layer_id", "=", layerId).where("id", "=", id).execute();
    return this.feature(layerId, id);
  }

  /** Features of layers whose bbox meets `bbox` (lon/lat), by id; total counts all matches. */
  async featuresIn(layerIds: number[], bbox: Bbox | null, o: { limit: number; offset: number; ids?: number[] }): Promise<{ rows: Row[]; total: number }> {
    if (!layerIds.length) return { rows: [], total: 0 };
    let q = this.db.selectFrom(T.features).where(this.company()).where("layer_id", "in", layerIds);
    if (bbox) {
      const [minx, miny, maxx, maxy] = bbox;
      q = q.where("minx", "<=", maxx).where("maxx", ">=", minx).where("miny", "<=", maxy).where("maxy", ">=", miny);
    }
    if (o.ids) q = o.ids.length ? q.where("id", "in", o.ids) : q.where(sql<SqlBool>`1 = 0`);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
      q.selectAll().orderBy("layer_id").orderBy("id").limit(o.limit).offset(o.offset).execute(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  // ---- attributes and search labels ----------------------------------------------------

  async attributes(layerId: number): Promise<LayerAttribute[]> {
    const rows = await this.db.selectFrom(T.attributes).selectAll().where(this.company()).where("layer_id", "=", layerId).orderBy("order").orderBy("id").execute();
    return rows.map((r) => ({ id: Number(r.id), name: String(r.name), type: String(r.type) as AttributeType, label: String(r.label ?? r.name), order: Number(r.order ?? 0) }));
  }

  async attributeTypes(layerId: number): Promise<Map<string, AttributeType>> {
    return new Map((await this.attributes(layerId)).map((a) => [a.name, a.type]));
  }

  /** Replaces the layer's attributes; search labels naming a removed attribute go with it. */
  async replaceAttributes(layerId: number, list: AttributeInput[]): Promise<void> {
    await this.tx(async (trx) => {
      const store = new MapStore(trx, this.companyId);
      await trx.deleteFrom(T.attributes).where(this.company()).where("layer_id", "=", layerId).execute();
      await store.writeAttributes(layerId, list, nowIso());
      const names = list.map((a) => a.name);
      let del = trx.deleteFrom(T.searchLabels).where(this.company()).where("layer_id", "=", layerId);
      if (names.length) del = del.where("attribute", "not in", names);
      await del.execute();
    });
  }

  private async writeAttributes(layerId: number, list: AttributeInput[], now: string): Promise<void> {
    const rows = list.map((a) => ({ company_id: this.companyId, layer_id: layerId, name: a.name, type: a.type, label: a.label, order: a.order, created_at: now, updated_at: now }));
    for (let i = 0; i < rows.length; i += BATCH)
      await this.db
        .insertInto(T.attributes)
        .values(rows.slice(i, i + BATCH))
        .execute();
  }

  async searchLabels(layerId: number): Promise<{ layer_id: number; labels: string[]; search: string[] }> {
    const rows = await this.db
      .selectFrom(T.searchLabels)
      .select(["attribute", "usage"])
      .where(this.company())
      .where("layer_id", "=", layerId)
      .orderBy("order")
      .orderBy("id")
      .execute();
    const of = (usage: string) => rows.filter((r) => r.usage === usage).map((r) => String(r.attribute));
    return { layer_id: layerId, labels: of("label"), search: of("search") };
  }

  async replaceSearchLabels(layerId: number, v: { labels: string[]; search: string[] }): Promise<void> {
    const now = nowIso();
    const rows = [
      ...v.labels.map((attribute, order) => ({ usage: "label", attribute, order })),
      ...v.search.map((attribute, order) => ({ usage: "search", attribute, order })),
    ].map((r) => ({ ...r, company_id: this.companyId, layer_id: layerId, created_at: now, updated_at: now }));
    await this.tx(async (trx) => {
      await trx.deleteFrom(T.searchLabels).where(this.company()).where("layer_id", "=", layerId).execute();
      if (rows.length) await trx.insertInto(T.searchLabels).values(rows).execute();
    });
  }
}
