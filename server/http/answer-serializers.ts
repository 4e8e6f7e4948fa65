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

function recordSchema(r: ResolvedResource): Schema {
  const properties: Record<string, Schema> = {};
  for (const f of r.fields) {
    if (f.type === "password" || f.virtual) continue;
    properties[f.name] = f.type === "boolean" ? nullable("boolean") : f.type === "json" || f.type === "geo" ? {} : isNumericField(f) ? nullable("number") : nullable("string");
  }
  for (const key of labelKeysOf(r)) properties[key] = {};
  return { type: "object", properties, additionalProperties: true };
}

function envelopeSchema(r: ResolvedResource): Schema {
  return {
    type: "object",
    properties: {
      status: { type: "boolean" },
      message: { type: "string" },
      data: { type: "array", items: recordSchema(r) },
      recordsTotal: { type: "number" },
      recordsFiltered: { type: "number" },
    },
    additionalProperties: true,
  };
}

const SERIALIZERS = new WeakMap<ResolvedResource, Serialize>();

/** The envelope of a page or list of `r`'s records, serialized by a function compiled once per resource. */
export function recordsSerializer(r: ResolvedResource): Serialize {
  let s = SERIALIZERS.get(r);
  if (s) return s;
  const compiled = build(envelopeSchema(r)) as Serialize;
  s = (body) => {
    try {
      return compiled(body);
    } catch {
      return JSON.stringify(body);
    }
  };
  SERIALIZERS.set(r, s);
  return s;
}
