// A field's wire value as JSON Schema (2020-12, as OpenAPI 3.1 reads it): the facts the shared
// check (declaration/field-values.ts) applies, stated for clients. The server's OpenAPI document
// (server/openapi/document.ts) builds its request bodies and records from it.
import { boundsOf, FORMAT_PATTERNS, INT32_MAX, MIN_PASSWORD, PHONE_DIGITS, type CheckedField } from "./field-values";
import { WORK_AREA_MAX_POSITIONS } from "./work-area";

export type JsonSchema = Record<string, unknown>;

/** The schema of a present value (no null). */
export function valueSchema(f: CheckedField): JsonSchema {
  const maxLength = f.maxLength !== undefined ? { maxLength: f.maxLength } : {};
  switch (f.type) {
    case "integer":
    case "ref": {
      const { min, max } = boundsOf(f);
      return { type: "integer", minimum: f.type === "ref" ? 1 : (min ?? -INT32_MAX), maximum: max ?? INT32_MAX };
    }
    case "number":
    case "money":
    case "percent": {
      const { min, max } = boundsOf(f);
      return { type: "number", ...(min !== undefined ? { minimum: min } : {}), ...(max !== undefined ? { maximum: max } : {}) };
    }
    case "boolean":
      return { type: "boolean" };
    case "date":
      return { type: "string", format: "date" };
    case "datetime":
      return { type: "string", format: "date-time", description: "ISO 8601 with an offset; answered in UTC with milliseconds." };
    case "time":
      return { type: "string", pattern: FORMAT_PATTERNS.time, description: "HH:mm (seconds are dropped)." };
    case "enum":
      return { type: "string", enum: [...(f.options ?? [])] };
    case "geo":
      return {
        type: "array",
        description: "[longitude, latitude]",
        prefixItems: [
          { type: "number", minimum: -180, maximum: 180 },
          { type: "number", minimum: -90, maximum: 90 },
        ],
        minItems: 2,
        maxItems: 2,
      };
    case "json":
      return f.geometry === "polygon"
        ? {
            type: "object",
            description: `A GeoJSON Polygon of [longitude, latitude] positions, each ring closed with 4 or more; at most ${WORK_AREA_MAX_POSITIONS} positions.`,
            required: ["type", "coordinates"],
            properties: {
              type: { const: "Polygon" },
              coordinates: { type: "array", minItems: 1, items: { type: "array", minItems: 4, items: { type: "array", minItems: 2, maxItems: 3, items: { type: "number" } } } },
            },
          }
        : { description: "Any JSON value." };
    case "password":
      return { type: "string", minLength: MIN_PASSWORD, ...maxLength, writeOnly: true };
    case "email":
      return {
        type: "string",
        format: "email",
        ...maxLength,
        description: "validator's isEmail: no empty label, a top-level domain of 2 or more letters, no IP literal, no quoted local part. Stored lower-cased.",
      };
    case "url":
      return { type: "string", format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://\\S+$", ...maxLength };
    case "phone":
      return {
        type: "string",
        pattern: FORMAT_PATTERNS.phone,
        ...maxLength,
        description: `Digits, spaces, -, parentheses and one leading +, with ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits.`,
      };
    case "color":
      return { type: "string", pattern: FORMAT_PATTERNS.color, ...maxLength };
    case "icon":
      return { type: "string", pattern: FORMAT_PATTERNS.icon, ...maxLength };
    case "image":
    case "file":
      return { type: "string", pattern: FORMAT_PATTERNS.file, ...maxLength, description: "A stored file name, made by the server on upload." };
    case "timezone":
      return { type: "string", ...maxLength, description: "An IANA time zone name, e.g. Asia/Jakarta." };
    default:
      return { type: "string", ...maxLength };
  }
}

/** The schema of a value that may also be null (a field not required, or any field of an answered record). */
export function nullable(s: JsonSchema): JsonSchema {
  if (typeof s.type === "string") {
    const { enum: options, ...rest } = s;
    return { ...rest, type: [s.type, "null"], ...(Array.isArray(options) ? { enum: [...options, null] } : {}) };
  }
  if (!("type" in s) && !("const" in s) && !("properties" in s)) return s; // any JSON: null included
  return { anyOf: [s, { type: "null" }] };
}
