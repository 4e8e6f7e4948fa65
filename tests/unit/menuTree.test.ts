// The menu tree's drag model (src/pages/menus/model/menuTree.ts): reorder among siblings, move a
// menu under another section, move a section with its menus; only changed places are sent.
import { describe, expect, it } from "vitest";
import { linesOf, moveLine, placeChanges, type TreeMenu } from "../../src/pages/menus/model/menuTree";

const m = (id: number, parent_id: number | null, order: number, url: string | null = `/m${id}`): TreeMenu => ({
  id,
  name: `M${id}`,
  alias: `m${id}`,
  url,
  icon: null,
  order,
  parent_id,
});
const MENUS = [m(1, null, 10, null), m(2, 1, 10), m(3, 1, 20), m(4, null, 20, null), m(5, 4, 10), m(6, 4, 20)];
const ids = (ls: Array<{ id: number }>) => ls.map((l) => l.id);

describe("menu tree model", () => {
  it("lists sections followed by their menus", () => {
    expect(ids(linesOf(MENUS))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("reorders among siblings: only that section's menus get new orders", () => {
    const lines = moveLine(linesOf(MENUS), 3, 2);
    expect(ids(lines)).toEqual([1, 3, 2, 4, 5, 6]);
    expect(placeChanges(MENUS, lines)).toEqual([
      { id: 3, parent_id: 1, order: 10 },
      { id: 2, parent_id: 1, order: 20 },
    ]);
  });

  it("a menu dropped among another section's menus moves under it", () => {
    const lines = moveLine(linesOf(MENUS), 2, 6);
    expect(lines.find((l) => l.id === 2)!.parent_id).toBe(4);
    expect(placeChanges(MENUS, lines)).toEqual([
      { id: 3, parent_id: 1, order: 10 },
      { id: 2, parent_id: 4, order: 30 },
    ]);
  });

  it("a section moves with its menus", () => {
    const lines = moveLine(linesOf(MENUS), 4, 1);
    expect(ids(lines)).toEqual([4, 5, 6, 1, 2, 3]);
    expect(placeChanges(MENUS, lines)).toEqual([
      { id: 4, parent_id: null, order: 10 },
      { id: 1, parent_id: null, order: 20 },
    ]);
  });
});
