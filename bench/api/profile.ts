// --profile: a CPU profile of the server process while the search load runs (node:inspector),
// written as a .cpuprofile (open in Chrome DevTools or VS Code). The load generator runs in its
// own process and is not in it.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

export async function profiled<T>(file: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!file) return fn();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  try {
    return await fn();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`  CPU profile of the server during the load: ${file}`);
  }
}
