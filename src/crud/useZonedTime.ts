// The time formatter (src/lib/zonedTime.ts: dayjs's utc and timezone plugins) for the generated
// screens, loaded only by a screen that shows times: a list without them (divisions, units)
// downloads none of it. A screen that needs it suspends until it has come (React's `use`; the
// shell's Suspense shows the page's loading state meanwhile).
import { use } from "react";

type ZonedTime = typeof import("../lib/zonedTime");

let loaded: ZonedTime | undefined;
let loading: Promise<ZonedTime> | undefined;
/** One promise for the app's life: `use` knows it once it has settled. */
const load = (): Promise<ZonedTime> => (loading ??= import("../lib/zonedTime").then((m) => (loaded = m)));

/** The module when `needed` (suspending until it is there), else whatever is already loaded. */
export function useZonedTime(needed: boolean): ZonedTime | undefined {
  return needed ? use(load()) : loaded;
}
