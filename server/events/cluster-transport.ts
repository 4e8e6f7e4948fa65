// Events between the workers of one cluster (SQLite, WORKERS>1; server/cluster.ts): a worker
// delivers its own events at once and sends them to the primary, which hands each to every
// other worker (relayEvents). IPC keeps the order of one worker's events.
import type { Worker } from "node:cluster";
import type { BusEvent, Transport } from "./bus";

interface EventMessage {
  fw_event: BusEvent;
}

const isEventMessage = (m: unknown): m is EventMessage => typeof m === "object" && m !== null && "fw_event" in m;

/** A worker's side. */
export function clusterTransport(proc: NodeJS.Process = process): Transport {
  let onMessage: ((m: unknown) => void) | null = null;
  return {
    loopback: false,
    async start(deliver) {
      onMessage = (m) => {
        if (isEventMessage(m)) deliver(m.fw_event);
      };
      proc.on("message", onMessage);
    },
    send(e) {
      if (proc.connected) proc.send?.({ fw_event: e } satisfies EventMessage);
    },
    async close() {
      if (onMessage) proc.off("message", onMessage);
    },
  };
}

/** The primary's side: every event a worker sends goes to all the others. */
export function relayEvents(workers: readonly Worker[]): void {
  for (const w of workers) {
    w.on("message", (m: unknown) => {
      if (!isEventMessage(m)) return;
      for (const other of workers) if (other !== w && other.isConnected()) other.send(m);
    });
  }
}
