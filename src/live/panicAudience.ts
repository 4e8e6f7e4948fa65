// Who the office's panic alarm is for: whoever may acknowledge it (the declared right of
// panic-button acknowledge, src/providers/operationAccess.ts), and never for one's own alarm (the
// worker who raised it sees its state on their phone page, without banner or beep). "Show on
// map" only where the map may be opened.
import { getStoredUser } from "../auth/session";
import { canAccess } from "../providers/accessControlProvider";
import { canOperate } from "../providers/operationAccess";
import type { PanicRecord } from "./events";
import { useLiveStore } from "./store";

const NONE: PanicRecord[] = [];

/** The open alarms the office's banner, bell and beep are for: others', for who may acknowledge them. */
export function officePanicsOf(panics: PanicRecord[], me: number | null, mayAcknowledge: boolean): PanicRecord[] {
  if (!mayAcknowledge) return NONE;
  return me === null ? panics : panics.filter((p) => Number(p.user_id) !== me);
}

const myId = (): number | null => {
  const id = getStoredUser()?.id;
  return typeof id === "number" ? id : null;
};

/** The signed-in user's share of the open alarms (a stable empty list when none). */
export function useOfficePanics(): PanicRecord[] {
  const panics = useLiveStore((s) => s.openPanics);
  const mayAcknowledge = canOperate("panic-button", "acknowledge").can;
  const mine = officePanicsOf(panics, myId(), mayAcknowledge);
  return mine.length === panics.length ? panics : mine;
}

/** Whether the live map (#/map/view) may be opened. */
export const mayOpenMap = (): boolean => canAccess("map-monitoring", "list").can === true;
