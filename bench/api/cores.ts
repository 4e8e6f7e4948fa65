// Which cores each side of bench:api gets. With taskset and 2 or more cores, the in-process
// server (all its threads) is pinned to core 0 and the load generator to the others, so the two
// do not compete; the WORKERS=n run spreads the server over every core and the load generator
// shares them. Without taskset (or on one core) nothing is pinned, and the output says so.
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";

export interface Cores {
  /** Cores of the in-process server, e.g. "0" (or "all"). */
  server: string;
  /** Cores of the load generator, as taskset takes them ("1" or "1-3"), or undefined (not pinned). */
  loadGenerator?: string;
  /** Puts the in-process server back on every core (before forking WORKERS, which inherit it). */
  unpin(): void;
  /** Pins the in-process server again. */
  pin(): void;
}

const taskset = (args: string[]): boolean => {
  try {
    execFileSync("taskset", args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

export function pinCores(wanted: boolean): Cores {
  const n = availableParallelism();
  const all = `0-${n - 1}`;
  const none: Cores = { server: "all", unpin: () => undefined, pin: () => undefined };
  if (!wanted || n < 2) return none;
  const pin = () => taskset(["-a", "-cp", "0", String(process.pid)]);
  if (!pin()) return none;
  return {
    server: "0",
    loadGenerator: n === 2 ? "1" : `1-${n - 1}`,
    unpin: () => void taskset(["-a", "-cp", all, String(process.pid)]),
    pin: () => void pin(),
  };
}
