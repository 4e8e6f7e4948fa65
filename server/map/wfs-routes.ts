// The bundled GIS server's WFS subset at /gis/wfs (docs/api.md "WFS subset"): GetFeature with
// GeoJSON output and the bbox strategy, GetCapabilities (XML), DescribeFeatureType (JSON).
// Layers are the map service's (server/map/), of the actor's company only: another company's
// typeName is unknown (404). Auth is the Bearer token, like every call: OpenLayers' default
// URL loader sends no header, so the web app loads WFS sources through its GIS axios instance
// (a VectorSource `loader`; see server/README.md "Map service and GIS"). Errors are the API's
// envelope (status false, message, errors by parameter name), not OGC XML exception reports.
import type { FastifyInstance } from "fastify";
import { badRequest, notFound } from "../http/errors";
import { mapAccess } from "./access";
import type { Geometry, MapLayer } from "../../declaration/map-service";
import { idOf } from "./store";
import { capabilities, describeFeatureTypes, featureCollection, parseWfs } from "./wfs";
import type { Services } from "../services";

/** The WFS routes (/gis). */
export async function registerWfsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get("/gis/wfs", async (req, reply) => {
    const { store } = await mapAccess(services, req, "read");
    const wfs = parseWfs((req.query ?? {}) as Record<string, unknown>);

    if (wfs.request === "GetCapabilities") {
      const href = `${req.protocol}://${req.host}/gis/wfs`;
      return reply.type("application/xml; charset=utf-8").send(capabilities(await store.layers(), href));
    }

    /** The layers named, in the order named; an unknown (or another company's) name → 404. */
    const layersNamed = async (names: string[]): Promise<MapLayer[]> => {
      const out: MapLayer[] = [];
      for (const name of names) {
        const row = await store.layerByTypeName(name);
        if (!row) throw notFound();
        out.push(await store.layer(Number(row.id)));
      }
      return out;
    };

    if (wfs.request === "DescribeFeatureType") {
      const layers = wfs.typeNames.length ? await layersNamed(wfs.typeNames) : await store.layers();
      const items = await Promise.all(layers.map(async (layer) => ({ layer, attributes: await store.attributes(layer.id) })));
      return describeFeatureTypes(items);
    }

    const names = wfs.typeNames.length ? wfs.typeNames : [...new Set((wfs.featureIds ?? []).map((f) => f.layer))];
    const layers = await layersNamed(names);
    let ids: number[] | undefined;
    if (wfs.featureIds) {
      // A feature id names its layer: ids of layers not asked for select nothing.
      const known = new Set(layers.flatMap((l) => [l.name, l.type_name]));
      ids = wfs.featureIds.filter((f) => known.has(f.layer)).map((f) => f.id);
      if (ids.some((id) => idOf(id) === null)) throw badRequest({ featureId: { key: "bad_request" } });
    }
    const byId = new Map(layers.map((l) => [l.id, l]));
    const { rows, total } = await store.featuresIn([...byId.keys()], wfs.bbox, { limit: wfs.count, offset: wfs.startIndex, ids });
    const features = rows.map((r) => ({
      id: Number(r.id),
      layerName: byId.get(Number(r.layer_id))!.name,
      geometry: JSON.parse(String(r.geometry)) as Geometry,
      properties: JSON.parse(String(r.properties ?? "{}")) as Record<string, unknown>,
    }));
    return reply.type("application/json; charset=utf-8").send(featureCollection(features, total, wfs.srs.code));
  });
}
