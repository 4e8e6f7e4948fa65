// The theme's blues read at WCAG AA (4.5:1 for normal text) in every state, also those axe in
// the browser suite never sees (hover, press, a hovered selected row): links on the backgrounds
// a link sits on, and the white text of primary buttons. The tokens are antd's own derivation of
// src/theme.ts; the ratios are axe-core's, the same arithmetic as the browser check.
import { theme } from "antd";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { THEME } from "../../src/theme";

/** The colour functions of axe-core (present at run time, not in its type declarations). */
interface AxeColor {
  Color: new () => { parseString(s: string): void; red: number; green: number; blue: number; alpha: number };
  getContrast(background: InstanceType<AxeColor["Color"]>, foreground: InstanceType<AxeColor["Color"]>): number;
  flattenColors(foreground: InstanceType<AxeColor["Color"]>, background: InstanceType<AxeColor["Color"]>): InstanceType<AxeColor["Color"]>;
}
const color = (axe.commons as unknown as { color: AxeColor }).color;

const parse = (s: string) => {
  const c = new color.Color();
  c.parseString(s);
  return c;
};

const tokens = theme.getDesignToken(THEME);
const white = parse(tokens.colorBgContainer);
/** A possibly translucent colour as it shows on the white of a container. */
const onWhite = (s: string) => color.flattenColors(parse(s), white);
const ratio = (foreground: string, background: ReturnType<typeof parse>) => Math.round(color.getContrast(background, parse(foreground)) * 100) / 100;

/** Where links and link-styled buttons sit: containers, the layout, a table's hovered, sorted and selected rows. */
const LINK_BACKGROUNDS = {
  "white (colorBgContainer)": white,
  "layout grey (colorBgLayout)": parse(tokens.colorBgLayout),
  "hovered row / sorted column (colorFillAlter on white)": onWhite(tokens.colorFillAlter),
  "hovered control (controlItemBgHover on white)": onWhite(tokens.controlItemBgHover),
  "selected row (controlItemBgActive)": onWhite(tokens.controlItemBgActive),
  "hovered selected row (controlItemBgActiveHover)": onWhite(tokens.controlItemBgActiveHover),
};

describe("theme contrast (WCAG AA, 4.5:1)", () => {
  it.each([
    ["colorLink", tokens.colorLink],
    ["colorLinkHover", tokens.colorLinkHover],
    ["colorLinkActive", tokens.colorLinkActive],
  ])("links: %s on every background a link sits on", (_, link) => {
    for (const [where, background] of Object.entries(LINK_BACKGROUNDS)) expect(ratio(link, background), `${link} on ${where}`).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ["colorPrimary", tokens.colorPrimary],
    ["colorPrimaryHover", tokens.colorPrimaryHover],
    ["colorPrimaryActive", tokens.colorPrimaryActive],
  ])("primary buttons: their white text on %s; the same blue as text on white and on the layout", (_, blue) => {
    expect(ratio(tokens.colorTextLightSolid, parse(blue))).toBeGreaterThanOrEqual(4.5);
    // Default buttons, tabs and the menu write the primary blues as text.
    expect(ratio(blue, white)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(blue, parse(tokens.colorBgLayout))).toBeGreaterThanOrEqual(4.5);
  });

  it("placeholders (the filters' 'All', 'Contains...') on an input's white", () => {
    expect(ratio(tokens.colorTextPlaceholder, white)).toBeGreaterThanOrEqual(4.5);
  });
});
