// Answers of standard operations whose shape is not the resource's record (docs/api.md "Values on
// the wire", "Map calls"), by operationId: the document gives these schemas instead.
import type { JsonSchema } from "../../declaration/field-schema";

const coordText: JsonSchema = { type: "string", pattern: "^-?\\d+(\\.\\d+)?(e[-+]?\\d+)?$", description: 'A number as text ("106.827153").' };
const nullableNumber: JsonSchema = { type: ["number", "null"] };

/** waypoint/search: HistoryPoint rows (lon, lat as numeric strings), or HistoryColumns with `"format": "columns"` (declaration/map-service.ts). */
const HISTORY: JsonSchema = {
  anyOf: [
    {
      type: "array",
      items: {
        type: "object",
        required: ["id", "user_id", "wptime", "lon", "lat"],
        properties: {
          id: { type: "integer" },
          user_id: { type: "integer" },
          user_id_label: { type: ["string", "null"] },
          wptime: { type: "string", format: "date-time" },
          lon: coordText,
          lat: coordText,
          accuracy: nullableNumber,
          speed: nullableNumber,
          battery: nullableNumber,
        },
      },
    },
    {
      type: "object",
      description: 'With "format": "columns": the n-th entries make the n-th point.',
      required: ["wptime", "lon", "lat"],
      properties: {
        wptime: { type: "array", items: { type: "string", format: "date-time" } },
        lon: { type: "array", items: { type: "number" } },
        lat: { type: "array", items: { type: "number" } },
      },
    },
  ],
};

/** The `data` of an operation's answer where it is not the standard one. */
export const DATA_EXCEPTIONS: Record<string, JsonSchema> = {
  "waypoint.search": HISTORY,
};
