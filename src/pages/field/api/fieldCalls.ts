// The field page's calls: the device keys, and the capture operations of docs/api.md "Field capture", typed
// (src/providers/operations.ts). Queue sends say they handle a network failure themselves: the
// action stays in the queue, and no browser alert interrupts a worker without signal.
import { dataProvider } from "../../../providers/dataProvider";
import { callOperation } from "../../../providers/operations";
import { payloadOf, type QueuedAction } from "../model/queue";
import type { WirePoint } from "../model/pointBatch";

/** A send that has not been answered by then is given up (and kept): a hanging upload must not hold back what waits behind it. */
export const SEND_TIMEOUT_MS = 60_000;

const quiet = () => ({ networkFailureHandled: true, ...(typeof AbortSignal.timeout === "function" ? { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) } : {}) });

/** Sends one queued action; its answer is the stored presence, break or alarm record. */
export async function sendAction(a: QueuedAction): Promise<Record<string, unknown>> {
  const payload = payloadOf(a);
  if (a.kind === "panic") return callOperation("panic-button", "add", { payload, request: quiet() });
  if (a.kind === "breakStart" || a.kind === "breakEnd") return { ...(await callOperation("presence", a.kind, { payload, request: quiet() })) };
  return callOperation("presence", a.kind, { payload, request: quiet() });
}

/** Sends a batch of the worker's own positions: { stored, skipped }. */
export const sendPoints = (points: WirePoint[]) => callOperation("waypoint", "addBatch", { payload: { points }, request: quiet() });

/** device-key/add (the worker's own), with the zone of the app's local times if any: the stored key, whose `key` (the secret) is answered this once. */
export const addDeviceKey = async (name: string, timeZone: string | null = null): Promise<Record<string, unknown>> =>
  (await dataProvider.create({ resource: "device-key", variables: { ...(name ? { name } : {}), ...(timeZone ? { time_zone: timeZone } : {}) } })).data;

/** device-key/delete/{id}: the phone holding that key stops at once. */
export const revokeDeviceKey = async (id: number): Promise<void> => {
  await dataProvider.deleteOne({ resource: "device-key", id });
};
