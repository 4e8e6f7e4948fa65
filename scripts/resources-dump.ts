// Prints the resolved declaration as JSON (npm run -s resources:dump).
import { API_RESOURCES, LEGACY_RESOURCES, type ResolvedResource } from "../declaration";

const dump = (r: ResolvedResource) => ({
  name: r.name,
  path: r.path,
  service: r.service,
  scope: r.scope,
  table: r.table,
  group: r.group ?? null,
  labelField: r.labelField,
  operations: r.operations.map((o) => o.path),
  operationDetails: r.operations,
  fields: r.fields,
  beyondSpec: r.beyondSpec,
  pages: r.pages ?? {},
});

process.stdout.write(JSON.stringify({ resources: API_RESOURCES.map(dump), legacy: LEGACY_RESOURCES.map(dump) }, null, 2) + "\n");
