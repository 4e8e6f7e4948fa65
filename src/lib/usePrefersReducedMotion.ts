// The user asked their system for less motion (prefers-reduced-motion: reduce): the app's theme
// turns antd's motion off then (menus, drawers and collapses open at once, WCAG 2.3.3).
import { useMediaQuery } from "./useMediaQuery";

export const usePrefersReducedMotion = (): boolean => useMediaQuery("(prefers-reduced-motion: reduce)");
