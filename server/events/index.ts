// The live events of one server process, wired: the bus with the transport this process needs
// (server/events/bus.ts), the registry of open streams and GET /api/events, closed with the app.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { resourceByName, type ResolvedResource } from "../../declaration";
import { isPostgres, type ServerConfig } from "../config";
import type { Db } from "../db/connection";
import { eq } from "../db/conditions";
import { RecordStore } from "../records/store";
import type { Services } from "../services";
import { EventBus, localTransport, type BusEvent, type Transport } from "./bus";
import { clusterTransport } from "./cluster-transport";
import { pgTransport, type EventRef } from "./pg-transport";
import { generateAlerts, systemActor } from "./alerts";
import { recordDeliveries } from "./panic-trail";
import { sweepOnce } from "./sweep";
import { startDeliveries, stopDeliveries } from "./delivery";
import { positionsOf } from "./publish";
import { registerStreamRoute, StreamRegistry } from "./stream-route";

/** The record an event carries, by type: sent by reference when the event is too long for NOTIFY. */
const RECORD_OF: Partial<Record<BusEvent["type"], { key: string; resource: ResolvedResource }>> = {
  panic: { key: "panic", resource: resourceByName("panic-button") },
  presence: { key: "presence", resource: resourceByName("presence") },
  alert: { key: "alert", resource: resourceByName("alert") },
};

function transportFor(config: ServerConfig, db: Db, log: FastifyBaseLogger): Transport {
  if (isPostgres(config))
    return pgTransport({
      connectionString: config.databaseUrl,
      schema: config.pgSchema,
      onError: (err) => log.error({ err }, "live events: PostgreSQL channel"),
      refOf(e) {
        const rec = RECORD_OF[e.type];
        const value = rec && (e.data as Record<string, { id?: unknown } | undefined>)[rec.key];
        return rec && value && typeof value.id === "number" ? { resource: rec.resource.name, key: rec.key, id: value.id } : null;
      },
      async hydrate(ref: EventRef) {
        const rec = RECORD_OF[ref.event.type];
        if (!rec || ref.event.company_id === null) return null;
        const store = new RecordStore(db, systemActor(ref.event.company_id), "en");
        const record = await store.findOne(rec.resource, [eq("id", ref.ref.id)]);
        return record ? ({ ...ref.event, data: { ...ref.event.data, [rec.key]: record } } as BusEvent) : null;
      },
    });
  if (process.env.FW_CLUSTER_WORKER === "1" && process.send) return clusterTransport();
  return localTransport();
}

export interface LiveEvents {
  bus: EventBus;
  registry: StreamRegistry;
}

/** Starts this process's bus and registers the stream route; both end with the app. */
export async function registerLiveEvents(app: FastifyInstance, services: Services): Promise<LiveEvents> {
  const bus = services.events;
  const registry = new StreamRegistry(services, bus, app.log);
  await registerStreamRoute(app, services, registry);
  recordDeliveries(registry, services.db, (err) => app.log.error({ err }, "live events: panic delivery not recorded"));
  generateAlerts(services.db, bus, (err) => app.log.error({ err }, "live events: alert not generated"));
  if (services.config.liveSweepMs > 0) {
    let running = false;
    const sweep = setInterval(() => {
      if (running) return;
      running = true;
      sweepOnce(services.db, bus)
        .catch((err: unknown) => app.log.error({ err }, "live events: sweep failed"))
        .finally(() => (running = false));
    }, services.config.liveSweepMs);
    sweep.unref();
    app.addHook("preClose", async () => clearInterval(sweep));
  }
  // E-mail and webhook deliveries: this process works the queue with the others (server/events/delivery.ts).
  startDeliveries(services.db, services.mailer, services.config, app.log);
  app.addHook("preClose", async () => stopDeliveries(services.db));
  // Open streams would keep the server from closing: end them first.
  app.addHook("preClose", async () => registry.close());
  app.addHook("onClose", async () => positionsOf(bus).close());
  return { bus, registry };
}

export function createBus(config: ServerConfig, db: Db, log: FastifyBaseLogger): EventBus {
  const bus = new EventBus(transportFor(config, db, log));
  bus.onError((err) => log.error({ err }, "live events: a subscriber failed"));
  return bus;
}
