// Bodies of the map service, checked field by field: errors are collected as
// `{ field: message }` (400 in the envelope, like every other validation of the API).
import { badRequest, type FieldErrors } from "../http/errors";
import type { Msg } from "../i18n/messages";
import { isValidDate, isValidDatetime } from "../validation/fields";
import {
  ATTRIBUTE_TYPES,
  GEOMETRY_TYPES,
  type AttributeType,
  type Bbox,
  type Geometry,
  type GeometryType,
  type LayerPatchBody,
  type MapUpdateBody,
  type Properties,
  type Scalar,
} from "../../declaration/map-service";
import { checkGeometry, typesFor } from "./geo";

/** A layer, workspace or store name: usable in a WFS typeName ("workspace:name"). */
export const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
/** An attribute (feature property) name. */
export const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const BAD_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const MAX_TITLE = 255;
const MAX_JSON = 64 * 1024;
const MAX_PROPERTIES = 200;
const MAX_TEXT = 5000;
/** Most features one create-layer takes (the JSON body limit usually bites first). */
export const MAX_FEATURES = 20_000;
export const MAX_ATTRIBUTES = 200;

export interface AttributeInput {
  name: string;
  type: AttributeType;
  label: string;
  order: number;
}

/** A checked map update (PUT /map/{id}): the body as the declaration types it. */
export type MapPatch = MapUpdateBody;
export type LayerPatch = LayerPatchBody;

export interface FeatureInput {
  geometry?: Geometry;
  bbox?: Bbox;
  properties?: Properties;
}

export interface LayerInput {
  map_id: number;
  name: string;
  title: string;
  geometry_type: GeometryType;
  style: Record<string, unknown>;
  visible: boolean;
  order: number | null;
  workspace: string | null;
  store: string | null;
}

const msg = (key: Msg["key"], params?: Msg["params"]): Msg => ({ key, params });

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The body as an object, or 400 { body }. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw badRequest({ body: msg("bad_request") });
  return body;
}

const has = (o: Record<string, unknown>, k: string) => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

function text(v: unknown, errors: FieldErrors, key: string, o: { required?: boolean; max?: number } = {}): string | undefined {
  if (v === undefined || v === null || v === "") {
    if (o.required) errors[key] = msg("required");
    return undefined;
  }
  if (typeof v !== "string") return void (errors[key] = msg("not_string"));
  const s = v.trim();
  if (BAD_CHARS.test(s)) return void (errors[key] = msg("bad_text"));
  if (s.length > (o.max ?? MAX_TITLE)) return void (errors[key] = msg("too_long", { max: o.max ?? MAX_TITLE }));
  if (!s && o.required) return void (errors[key] = msg("required"));
  return s;
}

function pattern(v: unknown, re: RegExp, errors: FieldErrors, key: string, required = false): string | undefined {
  const s = text(v, errors, key, { required, max: 64 });
  if (s === undefined) return undefined;
  if (!re.test(s)) return void (errors[key] = msg("bad_text"));
  return s;
}

function integer(v: unknown, errors: FieldErrors, key: string, min: number, max: number): number | undefined {
  if (typeof v !== "number" || !Number.isInteger(v)) return void (errors[key] = msg("not_integer"));
  if (v < min) return void (errors[key] = msg("too_small", { min }));
  if (v > max) return void (errors[key] = msg("too_big", { max }));
  return v;
}

function jsonObject(v: unknown, errors: FieldErrors, key: string): Record<string, unknown> | undefined {
  if (!isObject(v)) return void (errors[key] = msg("bad_json"));
  if (JSON.stringify(v).length > MAX_JSON) return void (errors[key] = msg("too_long", { max: MAX_JSON }));
  return v;
}

function boolean(v: unknown, errors: FieldErrors, key: string): boolean | undefined {
  if (typeof v !== "boolean") return void (errors[key] = msg("not_boolean"));
  return v;
}

const fails = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** PUT /map/{id}: only what is present changes; `layers` patches title/style/visible/order of its layers. */
export function checkMapPatch(body: unknown): MapPatch {
  const b = objectBody(body);
  const errors: FieldErrors = {};
  const out: MapPatch = {};
  if (has(b, "name")) out.name = text(b.name, errors, "name", { required: true });
  if (has(b, "center")) {
    const c = b.center;
    if (Array.isArray(c) && c.length === 2 && c.every((n) => typeof n === "number" && Number.isFinite(n)) && Math.abs(c[0]) <= 180 && Math.abs(c[1]) <= 90)
      out.center = [c[0], c[1]];
    else errors.center = msg("bad_geo");
  }
  if (has(b, "zoom")) {
    if (typeof b.zoom !== "number" || !Number.isFinite(b.zoom)) errors.zoom = msg("not_number");
    else if (b.zoom < 0 || b.zoom > 24) errors.zoom = msg(b.zoom < 0 ? "too_small" : "too_big", b.zoom < 0 ? { min: 0 } : { max: 24 });
    else out.zoom = b.zoom;
  }
  if (has(b, "settings")) out.settings = jsonObject(b.settings, errors, "settings");
  if (has(b, "layers")) {
    if (!Array.isArray(b.layers) || b.layers.length > 500) errors.layers = msg("bad_request");
    else {
      out.layers = b.layers.map((raw, i) => {
        const p = `layers.${i}.`;
        const l = isObject(raw) ? raw : {};
        const patch: LayerPatch = { id: integer(l.id, errors, `${p}id`, 1, 2 ** 31 - 1) ?? 0 };
        if (has(l, "title")) patch.title = text(l.title, errors, `${p}title`, { required: true });
        if (has(l, "style")) patch.style = jsonObject(l.style, errors, `${p}style`);
        if (has(l, "visible")) patch.visible = boolean(l.visible, errors, `${p}visible`);
        if (has(l, "order")) patch.order = integer(l.order, errors, `${p}order`, 0, 9999);
        return patch;
      });
    }
  }
  if (fails(errors)) throw badRequest(errors);
  return out;
}

/** One attribute value against its declared type (null always fits). */
function fitsType(v: Scalar, type: AttributeType): boolean {
  if (v === null) return true;
  switch (type) {
    case "string":
      return typeof v === "string";
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "boolean":
      return typeof v === "boolean";
    case "date":
      return typeof v === "string" && isValidDate(v);
    case "datetime":
      return typeof v === "string" && isValidDatetime(v);
  }
}

const TYPE_ERROR: Record<AttributeType, Msg["key"]> = {
  string: "not_string",
  integer: "not_integer",
  number: "not_number",
  boolean: "not_boolean",
  date: "bad_date",
  datetime: "bad_datetime",
};

/**
 * Feature properties: a flat object of scalars (so they fit attribute tables and WFS), names
 * like attribute names; declared attributes must hold values of their type.
 */
export function checkProperties(raw: unknown, attrs: ReadonlyMap<string, AttributeType>, errors: FieldErrors, key: string): Properties | undefined {
  if (raw === null || raw === undefined) return {};
  if (!isObject(raw)) return void (errors[key] = msg("bad_json"));
  const entries = Object.entries(raw);
  if (entries.length > MAX_PROPERTIES) return void (errors[key] = msg("too_big", { max: MAX_PROPERTIES }));
  const out: Properties = {};
  let ok = true;
  for (const [k, v] of entries) {
    const at = `${key}.${k}`;
    if (!ATTRIBUTE_NAME.test(k)) {
      errors[key] = msg("bad_text");
      ok = false;
      continue;
    }
    if (v !== null && typeof v !== "string" && typeof v !== "boolean" && !(typeof v === "number" && Number.isFinite(v))) {
      errors[at] = msg("bad_json");
      ok = false;
      continue;
    }
    if (typeof v === "string" && (v.length > MAX_TEXT || BAD_CHARS.test(v))) {
      errors[at] = msg(v.length > MAX_TEXT ? "too_long" : "bad_text", { max: MAX_TEXT });
      ok = false;
      continue;
    }
    const type = attrs.get(k);
    if (type && !fitsType(v, type)) {
      errors[at] = msg(TYPE_ERROR[type]);
      ok = false;
      continue;
    }
    out[k] = v;
  }
  return ok ? out : undefined;
}

/**
 * A feature (update body or an item of a FeatureCollection): `{ geometry?, properties? }` or a
 * GeoJSON Feature. `needGeometry` for new features.
 */
export function checkFeature(
  raw: unknown,
  o: { layerType: GeometryType; attrs: ReadonlyMap<string, AttributeType>; from: 4326 | 3857; needGeometry: boolean; prefix: string; errors: FieldErrors },
): FeatureInput {
  const { errors, prefix } = o;
  if (!isObject(raw)) {
    errors[prefix ? prefix.slice(0, -1) : "body"] = msg("bad_request");
    return {};
  }
  const out: FeatureInput = {};
  if (has(raw, "geometry") && raw.geometry !== null) {
    const g = checkGeometry(raw.geometry, typesFor(o.layerType), o.from);
    if (g.ok) {
      out.geometry = g.geometry;
      out.bbox = g.bbox;
    } else errors[`${prefix}geometry`] = g.error;
  } else if (o.needGeometry || (has(raw, "geometry") && raw.geometry === null)) {
    errors[`${prefix}geometry`] = msg("required");
  }
  if (has(raw, "properties")) {
    const p = checkProperties(raw.properties, o.attrs, errors, `${prefix}properties`);
    if (p) out.properties = p;
  }
  return out;
}

/** PUT /layer/{id}/attribute: `{ attributes: [...] }` or the list itself; the new full set. */
export function checkAttributes(body: unknown): AttributeInput[] {
  const list = Array.isArray(body) ? body : isObject(body) ? body.attributes : undefined;
  if (!Array.isArray(list) || list.length > MAX_ATTRIBUTES) throw badRequest({ attributes: msg("bad_request") });
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const out = list.map((raw, i): AttributeInput => {
    const p = `attributes.${i}.`;
    const a = isObject(raw) ? raw : {};
    const name = pattern(a.name, ATTRIBUTE_NAME, errors, `${p}name`, true) ?? "";
    if (name && seen.has(name)) errors[`${p}name`] = msg("not_unique");
    seen.add(name);
    let type: AttributeType = "string";
    if (has(a, "type")) {
      if ((ATTRIBUTE_TYPES as readonly unknown[]).includes(a.type)) type = a.type as AttributeType;
      else errors[`${p}type`] = msg("bad_enum", { options: ATTRIBUTE_TYPES.join(", ") });
    }
    const label = text(a.label, errors, `${p}label`) ?? name;
    const order = has(a, "order") ? (integer(a.order, errors, `${p}order`, 0, 9999) ?? i) : i;
    return { name, type, label, order };
  });
  if (fails(errors)) throw badRequest(errors);
  return out;
}

/** PUT /layer/{id}/search-label: `{ labels: [attr], search: [attr] }`, attributes of the layer when it declares some. */
export function checkSearchLabels(body: unknown, known: ReadonlySet<string> | null): { labels: string[]; search: string[] } {
  const b = objectBody(body);
  const errors: FieldErrors = {};
  const list = (key: "labels" | "search"): string[] => {
    const v = b[key] ?? [];
    if (!Array.isArray(v) || v.length > MAX_ATTRIBUTES) {
      errors[key] = msg("bad_request");
      return [];
    }
    const out: string[] = [];
    v.forEach((x, i) => {
      if (typeof x !== "string" || !ATTRIBUTE_NAME.test(x)) errors[`${key}.${i}`] = msg("bad_text");
      else if (known && !known.has(x)) errors[`${key}.${i}`] = msg("bad_ref");
      else if (!out.includes(x)) out.push(x);
    });
    return out;
  };
  const labels = list("labels");
  const search = list("search");
  if (fails(errors)) throw badRequest(errors);
  return { labels, search };
}

/** POST /layer. Features and attributes are checked by the caller (they need the geometry type). */
export function checkLayerCreate(body: unknown): { layer: LayerInput; errors: FieldErrors; raw: Record<string, unknown> } {
  const b = objectBody(body);
  const errors: FieldErrors = {};
  const mapId = b.map_id;
  const map_id =
    typeof mapId === "number" && Number.isInteger(mapId) && mapId > 0 ? mapId : ((errors.map_id = msg(mapId === undefined || mapId === null ? "required" : "bad_ref")), 0);
  const name = pattern(b.name, NAME, errors, "name", true) ?? "";
  const title = text(b.title, errors, "title") ?? name;
  let geometry_type: GeometryType = "Point";
  if ((GEOMETRY_TYPES as readonly unknown[]).includes(b.geometry_type)) geometry_type = b.geometry_type as GeometryType;
  else errors.geometry_type = msg(b.geometry_type === undefined ? "required" : "bad_enum", { options: GEOMETRY_TYPES.join(", ") });
  const style = has(b, "style") ? (jsonObject(b.style, errors, "style") ?? {}) : {};
  const visible = has(b, "visible") ? (boolean(b.visible, errors, "visible") ?? true) : true;
  const order = has(b, "order") ? (integer(b.order, errors, "order", 0, 9999) ?? null) : null;
  const workspace = has(b, "workspace") ? (pattern(b.workspace, NAME, errors, "workspace") ?? null) : null;
  const store = has(b, "store") ? (pattern(b.store, NAME, errors, "store") ?? null) : null;
  return { layer: { map_id, name, title, geometry_type, style, visible, order, workspace, store }, errors, raw: b };
}

/** Attribute types guessed from features' properties when a new layer declares none. */
export function inferAttributes(features: readonly FeatureInput[]): AttributeInput[] {
  const types = new Map<string, AttributeType>();
  for (const f of features) {
    for (const [k, v] of Object.entries(f.properties ?? {})) {
      if (v === null) continue;
      const t: AttributeType = typeof v === "boolean" ? "boolean" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : "string";
      const prev = types.get(k);
      types.set(k, !prev || prev === t ? t : prev === "integer" && t === "number" ? "number" : prev === "number" && t === "integer" ? "number" : "string");
    }
  }
  return [...types].map(([name, type], order) => ({ name, type, label: name, order }));
}
