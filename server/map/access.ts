// Who may use the map service and the WFS subset: a signed-in user (Bearer token, 401 without)
// whose role holds the map menu ("map-monitoring", the map page); reads need the menu, writes
// its edit (PUT) or add (POST /layer) right. Rows are the user's company's only (MapStore).
import type { FastifyRequest } from "fastify";
import { resourceByName, type ResourceName } from "../../declaration";
import type { Action, Actor } from "../access/actor";
import { authorize } from "../access/operation-access";
import { authenticate } from "../auth/tokens";
import { readDbFor } from "../db/read-db";
import type { Services } from "../services";
import { MapStore } from "./store";

/** The declared resource whose menu grants the map: the map page's. */
export const MAP_ACCESS: ResourceName = "map-monitoring";

export async function mapAccess(services: Services, req: FastifyRequest, action: Action): Promise<{ actor: Actor; store: MapStore }> {
  const actor = await authenticate(services.db, req);
  await authorize(services.db, actor, resourceByName(MAP_ACCESS), action);
  // Reads may come from a read replica (server/db/replicas.ts); writes from the primary.
  return { actor, store: new MapStore(readDbFor(services, req, action === "read"), actor.companyId) };
}
