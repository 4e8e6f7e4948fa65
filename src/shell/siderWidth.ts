// The width the shell's sider takes at the left of the page (0 on narrow screens, where it slides
// over the page), as a CSS custom property on the document's root: what is fixed to the
// viewport's bottom (the field page's panic bar) starts after it instead of covering it.
export const SIDER_WIDTH_VAR = "--fw-sider-width";

/** A left inset that keeps clear of the sider (0 outside the shell). */
export const clearOfSider = `var(${SIDER_WIDTH_VAR}, 0px)`;
