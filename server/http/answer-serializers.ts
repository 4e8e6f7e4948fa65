// Compiled serializers (fast-json-stringify, what Fastify's response schemas use) for the answers
// the generic reads send most: a page of a resource's records (search) and a list. The schema is
// made from the declaration: every field with the type its decoder answers (server/db/codec.ts:
// numbers, booleans, strings, null), json and geo fields and the `F_label`s as any JSON. Keys the
// schema does not name still go out (additionalProperties), so the wire is exactly what
// JSON.stringify would write; a value a compiled serializer refuses (a number column holding
// text in SQLite) falls back to JSON.stringify rather than failing the answer.
import build from "fast-json-stringify";
import type { ResolvedResource } from "../../declaration";
import { labelKeysOf } from "../records/labels";
import { isNumericField } from "../db/codec";

type Serialize = (body: unknown) => string;
type Schema = Record<string, unknown>;

const nullable = (type: string): Schema => ({ type: [type, "null"] });

function recordSchema(r: ResolvedResource, asText: readonly string[]): Schema {
  const properties: Record<string, Schema> = {};
  for (const f of r.fields) {
    if (f.type === "password" || f.virtual) continue;
    properties[f.name] = asText.includes(f.name)
      ? nullable("string")
      : f.type === "boolean"
        ? nullable("boolean")
        : f.type === "json" || f.type === "geo"
          ? {}
          : isNumericField(f)
            ? nullable("number")
            : nullable("string");
  }
  for (const key of labelKeysOf(r)) properties[key] = {};
  return { type: "object", properties, additionalProperties: true };
}

function envelopeSchema(r: ResolvedResource, asText: readonly string[]): Schema {
  return {
    type: "object",
    properties: {
      status: { type: "boolean" },
      message: { type: "string" },
      data: { type: "array", items: recordSchema(r, asText) },
      recordsTotal: { type: "number" },
      recordsFiltered: { type: "number" },
    },
    additionalProperties: true,
  };
}

const SERIALIZERS = new WeakMap<ResolvedResource, Map<string, Serialize>>();

/**
 * The envelope of a page or list of `r`'s records, serialized by a function compiled once per
 * resource. `asText`: fields a custom answer sends as text (a waypoint's lon and lat).
 */
export function recordsSerializer(r: ResolvedResource, asText: readonly string[] = []): Serialize {
  let byResource = SERIALIZERS.get(r);
  if (!byResource) SERIALIZERS.set(r, (byResource = new Map()));
  const id = asText.join(",");
  let s = byResource.get(id);
  if (s) return s;
  const compiled = build(envelopeSchema(r, asText)) as Serialize;
  s = (body) => {
    try {
      return compiled(body);
    } catch {
      return JSON.stringify(body);
    }
  };
  byResource.set(id, s);
  return s;
}
