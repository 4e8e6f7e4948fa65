// The map service at /map-service (docs/api.md "Map service"; answers in the envelope): the
// routes of declaration/map-service.ts (MAP_SERVICE_ROUTES: method and path), each answering its
// declared answer (MapServiceAnswers). Beyond the contract: GET /map/list (which maps exist) and
// POST /map (a company's first map).
//
// Coordinates are lon/lat (EPSG:4326) unless the query says `?srsname=EPSG:3857` (what an
// OpenLayers map in web mercator has at hand); answers use the same system as the request.
// Another company's map, layer or feature is 404, like a missing one.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAP_SERVICE_PREFIX, MAP_SERVICE_ROUTES, type MapFeature, type MapServiceAnswers, type MapServiceRoute } from "../../declaration/map-service";
import { HttpError, badRequest, forbidden, type FieldErrors } from "../http/errors";
import { mapAccess } from "./access";
import { geometryTo, parseSrs } from "./geo";
import { idOf, type MapStore } from "./store";
import {
  MAX_FEATURES,
  checkAttributes,
  checkFeature,
  checkLayerCreate,
  checkMapPatch,
  checkSearchLabels,
  inferAttributes,
  objectBody,
  type AttributeInput,
  type FeatureInput,
} from "./validate";
import type { Services } from "../services";

type Params = Record<string, string>;
const paramsOf = (req: FastifyRequest): Params => (req.params ?? {}) as Params;
const queryOf = (req: FastifyRequest): Record<string, unknown> => (req.query ?? {}) as Record<string, unknown>;

/** The coordinate system of a request's geometries: ?srsname= (default EPSG:4326). */
function srsOf(req: FastifyRequest): 4326 | 3857 {
  const raw = queryOf(req).srsname ?? queryOf(req).srsName;
  if (raw === undefined || raw === "") return 4326;
  const srs = typeof raw === "string" ? parseSrs(raw) : null;
  if (!srs) throw badRequest({ srsname: { key: "bad_enum", params: { options: "EPSG:4326, EPSG:3857" } } });
  return srs.code;
}

/** A feature id from the path: "12", or "layer_name.12" as WFS answers it. */
const featureIdOf = (raw: string | undefined): number | null => idOf(/^(?:.*\.)?(\d+)$/.exec(raw ?? "")?.[1]);

const featureIn = (f: MapFeature, srs: 4326 | 3857): MapFeature => ({ ...f, geometry: geometryTo(f.geometry, srs) });

async function mapWithLayers(store: MapStore, id: number) {
  const map = await store.map(id);
  return { ...map, layers: await store.layers({ mapId: id }) };
}

/** Runs a check that throws 400 and keeps its field errors in `errors` instead. */
function collect<T>(errors: FieldErrors, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 400 && e.errors) {
      Object.assign(errors, e.errors);
      return undefined;
    }
    throw e;
  }
}

/** Fastify's form of a declared path: "/map/{mapId}" → "/map-service/map/:mapId". */
const urlOf = (route: MapServiceRoute): string => MAP_SERVICE_PREFIX + MAP_SERVICE_ROUTES[route].path.replace(/\{(\w+)\}/g, ":$1");

/** The map service's routes (/map-service). */
export async function registerMapServiceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  /** Registers a declared route with its method; the handler answers the route's declared data. */
  const route = <R extends MapServiceRoute>(name: R, handler: (req: FastifyRequest) => Promise<MapServiceAnswers[R]>) =>
    app.route({ method: MAP_SERVICE_ROUTES[name].method, url: urlOf(name), handler: async (req) => ({ status: true, data: await handler(req) }) });

  route("mapList", async (req) => {
    const { store } = await mapAccess(services, req, "read");
    return store.maps();
  });

  route("mapCreate", async (req) => {
    const { store } = await mapAccess(services, req, "create");
    const patch = checkMapPatch(req.body);
    const errors: FieldErrors = {};
    if (patch.name === undefined) errors.name = { key: "required" };
    if (patch.center === undefined) errors.center = { key: "required" };
    if (patch.layers) errors.layers = { key: "bad_request" };
    if (Object.keys(errors).length) throw badRequest(errors);
    if (store.companyId === null) throw forbidden();
    const id = await store.createMap({ name: patch.name!, center: patch.center!, zoom: patch.zoom ?? 12, settings: patch.settings });
    return mapWithLayers(store, id);
  });

  route("mapLoad", async (req) => {
    const { store } = await mapAccess(services, req, "read");
    const id = idOf(paramsOf(req).mapId);
    await store.map(id);
    return mapWithLayers(store, id!);
  });

  route("mapUpdate", async (req) => {
    const { store } = await mapAccess(services, req, "update");
    const id = idOf(paramsOf(req).mapId);
    await store.map(id);
    const errors: FieldErrors = {};
    const patch = collect(errors, () => checkMapPatch(req.body));
    const raw = req.body as { layers?: unknown } | null;
    if (raw && Array.isArray(raw.layers) && raw.layers.length) {
      // Layers named in the patch must be this map's.
      const mine = new Set((await store.layerRows({ mapId: id! })).map((l) => Number(l.id)));
      raw.layers.forEach((l: unknown, i) => {
        const lid = (l as { id?: unknown } | null)?.id;
        if (typeof lid === "number" && Number.isInteger(lid) && !mine.has(lid)) errors[`layers.${i}.id`] = { key: "bad_ref" };
      });
    }
    if (!patch || Object.keys(errors).length) throw badRequest(errors);
    await store.updateMap(id!, patch);
    return mapWithLayers(store, id!);
  });

  route("layerList", async (req) => {
    const { store } = await mapAccess(services, req, "read");
    const raw = queryOf(req).map_id;
    if (raw === undefined || raw === "") return await store.layers();
    const mapId = idOf(raw);
    if (mapId === null) throw badRequest({ map_id: { key: "bad_ref" } });
    await store.map(mapId);
    return store.layers({ mapId });
  });

  route("layerCreate", async (req) => {
    const { store } = await mapAccess(services, req, "create");
    const from = srsOf(req);
    const { layer, errors, raw } = checkLayerCreate(req.body);
    const declared = raw.attributes === undefined || raw.attributes === null ? null : collect(errors, () => checkAttributes(raw.attributes));
    const attrs = new Map((declared ?? []).map((a) => [a.name, a.type]));
    const features: FeatureInput[] = [];
    if (raw.features !== undefined && raw.features !== null) {
      // A GeoJSON FeatureCollection, or the list of features itself.
      const fc = raw.features as { type?: unknown; features?: unknown };
      const list = Array.isArray(raw.features) ? raw.features : fc && typeof fc === "object" && fc.type === "FeatureCollection" ? fc.features : undefined;
      if (!Array.isArray(list)) errors.features = { key: "bad_json" };
      else if (list.length > MAX_FEATURES) errors.features = { key: "too_big", params: { max: MAX_FEATURES } };
      else if (!errors.geometry_type) {
        list.forEach((f, i) => features.push(checkFeature(f, { layerType: layer.geometry_type, attrs, from, needGeometry: true, prefix: `features.${i}.`, errors })));
      }
    }
    if (Object.keys(errors).length) throw badRequest(errors);
    const attributes: AttributeInput[] = declared ?? inferAttributes(features);
    const id = await store.createLayer(layer, attributes, features);
    return { ...(await store.layer(id)), attributes: await store.attributes(id) };
  });

  route("attributeGet", async (req) => {
    const { store } = await mapAccess(services, req, "read");
    const layer = await store.layer(idOf(paramsOf(req).layerId));
    return store.attributes(layer.id);
  });

  route("attributeUpdate", async (req) => {
    const { store } = await mapAccess(services, req, "update");
    const layer = await store.layer(idOf(paramsOf(req).layerId));
    await store.replaceAttributes(layer.id, checkAttributes(req.body));
    return store.attributes(layer.id);
  });

  route("searchLabelGet", async (req) => {
    const { store } = await mapAccess(services, req, "read");
    const layer = await store.layer(idOf(paramsOf(req).layerId));
    return store.searchLabels(layer.id);
  });

  route("searchLabelUpdate", async (req) => {
    const { store } = await mapAccess(services, req, "update");
    const layer = await store.layer(idOf(paramsOf(req).layerId));
    const attrs = await store.attributes(layer.id);
    // A layer that declares attributes may only label and search by them.
    const value = checkSearchLabels(req.body, attrs.length ? new Set(attrs.map((a) => a.name)) : null);
    await store.replaceSearchLabels(layer.id, value);
    return store.searchLabels(layer.id);
  });

  route("featureUpdate", async (req) => {
    const { store } = await mapAccess(services, req, "update");
    const srs = srsOf(req);
    const layer = await store.layer(idOf(paramsOf(req).layerId));
    const featureId = featureIdOf(paramsOf(req).featureId);
    await store.feature(layer.id, featureId);
    const body = objectBody(req.body);
    const errors: FieldErrors = {};
    const input = checkFeature(body, { layerType: layer.geometry_type, attrs: await store.attributeTypes(layer.id), from: srs, needGeometry: false, prefix: "", errors });
    if (!Object.keys(errors).length && !input.geometry && !input.properties) errors.body = { key: "required" };
    if (Object.keys(errors).length) throw badRequest(errors);
    return featureIn(await store.updateFeature(layer.id, featureId!, input), srs);
  });
}
