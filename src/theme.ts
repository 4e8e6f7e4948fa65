// antd's theme of the app. Colours are chosen for WCAG AA contrast (4.5:1 for normal text),
// checked by axe in tests/e2e/a11y.test.ts: antd's defaults fall short in a few places.
import type { ThemeConfig } from "antd";

/**
 * Text of the preset tags (enum values, src/crud/display/enumColors.ts): antd writes shade 7 of
 * the palette on shade 1, too light for the warm and green hues. These take the first darker
 * shade of antd's own palette that reads at 4.5:1 on the tag's background.
 */
const READABLE_TAG_TEXT = {
  volcano7: "#ad2102", // shade 8
  orange7: "#ad4e00", // shade 8
  gold7: "#874d00", // shade 9
  yellow7: "#876800", // shade 9
  lime7: "#3f6600", // shade 9
  green7: "#237804", // shade 8
  cyan7: "#006d75", // shade 8
};

/**
 * The one blue of the app, for primary buttons and for links alike. antd derives its links from
 * `colorInfo` (#1677ff: 4.1:1 on white) and its hover shades from a lighter step of the palette
 * (#4373e6 for this blue: 4.3:1, with the white text of a primary button as well), so the
 * states are set here: every one reads at 4.5:1 or more on white, on the table's hovered and
 * sorted cells (#fafafa) and selected rows (`controlItemBgActive`, `controlItemBgActiveHover`),
 * and under the white text of a primary button (tests/unit/theme-contrast.test.ts).
 */
const BLUE = {
  base: "#1d4ed8", // 6.7:1 on white
  lighter: "#2563eb", // 5.2:1 on white: the hover of buttons, lighter as antd's are
  darker: "#1e40af", // 8.7:1 on white
  darkest: "#1e3a8a",
};

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BLUE.base,
    colorPrimaryHover: BLUE.lighter,
    colorPrimaryActive: BLUE.darker,
    // Links darken on hover: a lighter blue would fall under 4.5:1 on a selected row's hover.
    colorLink: BLUE.base,
    colorLinkHover: BLUE.darker,
    colorLinkActive: BLUE.darkest,
    borderRadius: 8,
    // antd's red-7 instead of #ff4d4f (3.3:1 on white): danger buttons and error messages.
    colorError: "#cf1322",
    // Breadcrumbs, hints and empty states: 0.45 black gives 3.3:1 on the layout's grey.
    colorTextDescription: "rgba(0, 0, 0, 0.6)",
    // Placeholders ("All" in the filters, "Contains...", "Start date"): 0.25 black gives 1.8:1 on
    // white. axe leaves them to review (the input lies over the text), so the unit test checks them.
    colorTextPlaceholder: "rgba(0, 0, 0, 0.56)",
  },
  components: { Tag: READABLE_TAG_TEXT },
};

/** The theme without antd's motion, for users who prefer reduced motion (src/lib/usePrefersReducedMotion.ts). */
export const THEME_WITHOUT_MOTION: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };
