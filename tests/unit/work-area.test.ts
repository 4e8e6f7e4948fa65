// A project's work area (declaration/work-area.ts): the polygon the server accepts and checks
// positions against, the radius as the simple case, and the editor's conversion from the map's
// coordinates (src/pages/project/tabs/safety/model/workArea.ts).
import { fromLonLat } from "ol/proj";
import { describe, expect, it } from "vitest";
import { checkWorkArea, metresOutside, workAreaSide } from "../../declaration/work-area";
import { ringsOf, workAreaOf } from "../../src/pages/project/tabs/safety/model/workArea";

const square: [number, number][] = [
  [106.8, -6.2],
  [106.81, -6.2],
  [106.81, -6.19],
  [106.8, -6.19],
  [106.8, -6.2],
];

describe("work area", () => {
  it("takes a closed GeoJSON Polygon of [longitude, latitude] and refuses anything else", () => {
    expect(checkWorkArea({ type: "Polygon", coordinates: [square] })).toEqual({ ok: true, value: { type: "Polygon", coordinates: [square] } });
    expect(checkWorkArea({ type: "Polygon", coordinates: [square.slice(0, 4)] })).toMatchObject({ ok: false, key: "bad_work_area" });
    expect(checkWorkArea({ type: "Polygon", coordinates: [[...square.slice(0, 4), [1, 1]]] })).toMatchObject({ ok: false, key: "bad_work_area" });
    expect(checkWorkArea({ type: "Polygon", coordinates: [square.map(([a, b]) => [b, a * 10])] })).toMatchObject({ ok: false, key: "bad_work_area" });
    expect(checkWorkArea({ type: "Point", coordinates: [106.8, -6.2] })).toMatchObject({ ok: false });
    expect(checkWorkArea("[]")).toMatchObject({ ok: false });
    const huge = Array.from({ length: 1001 }, (_, i) => [106.8 + i / 1e5, -6.2] as [number, number]);
    huge.push(huge[0]);
    expect(checkWorkArea({ type: "Polygon", coordinates: [huge] })).toMatchObject({ ok: false, key: "work_area_too_large" });
  });

  it("puts a position inside or outside the polygon when drawn, else the radius around the location", () => {
    const withPolygon = { location: [106.9, -6.3], work_radius_m: 200, work_area: JSON.stringify({ type: "Polygon", coordinates: [square] }) };
    expect(workAreaSide([106.805, -6.195], withPolygon)).toBe("inside");
    expect(workAreaSide([106.9, -6.3], withPolygon)).toBe("outside");
    expect(metresOutside([106.82, -6.195], withPolygon)).toBeGreaterThan(1000);
    const radius = { location: [106.9, -6.3], work_radius_m: 200, work_area: null };
    expect(workAreaSide([106.9, -6.3], radius)).toBe("inside");
    expect(workAreaSide([106.905, -6.3], radius)).toBe("outside");
    expect(workAreaSide([106.9, -6.3], { location: null })).toBeNull();
  });

  it("the editor's drawn rings become the stored polygon (closed, in longitude-latitude) and back", () => {
    const drawn = [square.slice(0, 4).map((p) => fromLonLat(p))];
    expect(workAreaOf(drawn)).toEqual({ type: "Polygon", coordinates: [square] });
    expect(workAreaOf([[fromLonLat([106.8, -6.2]), fromLonLat([106.81, -6.2])]])).toBeNull();
    const back = ringsOf(JSON.stringify({ type: "Polygon", coordinates: [square] }))!;
    expect(workAreaOf(back)).toEqual({ type: "Polygon", coordinates: [square] });
    expect(ringsOf(null)).toBeNull();
  });
});
