// A phone-sized screen (≤ 768 px wide): the map's panels become drawers, the panic banner shows one alarm.
import { mediaMatches, useMediaQuery } from "./useMediaQuery";

const QUERY = "(max-width: 768px)";

/** The same test outside React (the map's view padding). */
export const isPhoneWidth = (): boolean => mediaMatches(QUERY);

export const useIsPhone = (): boolean => useMediaQuery(QUERY);
