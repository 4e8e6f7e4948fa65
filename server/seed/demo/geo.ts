// Metres around a site ↔ lon/lat. Each site has its own street grid, turned by `gridAngle`:
// (u, v) run along its streets, (x, y) point east and north.
import type { SiteDef } from "./catalog";

export interface XY {
  x: number;
  y: number;
}

const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LON_EQUATOR = 111_320;

export class SiteFrame {
  private readonly cos: number;
  private readonly sin: number;
  private readonly mPerDegLon: number;

  constructor(readonly site: SiteDef) {
    const a = (site.gridAngle * Math.PI) / 180;
    this.cos = Math.cos(a);
    this.sin = Math.sin(a);
    this.mPerDegLon = M_PER_DEG_LON_EQUATOR * Math.cos((site.lat * Math.PI) / 180);
  }

  /** Street coordinates → east/north metres. */
  fromGrid(u: number, v: number): XY {
    return { x: u * this.cos - v * this.sin, y: u * this.sin + v * this.cos };
  }

  /** East/north metres → street coordinates. */
  toGrid(p: XY): { u: number; v: number } {
    return { u: p.x * this.cos + p.y * this.sin, v: -p.x * this.sin + p.y * this.cos };
  }

  lon(p: XY): number {
    return this.site.lon + p.x / this.mPerDegLon;
  }

  lat(p: XY): number {
    return this.site.lat + p.y / M_PER_DEG_LAT;
  }

  /** [lon, lat] rounded to 6 decimals (~10 cm), the wire form of geo. */
  geo(p: XY): [number, number] {
    return [round6(this.lon(p)), round6(this.lat(p))];
  }
}

export const round6 = (n: number): number => Math.round(n * 1e6) / 1e6;

export const dist = (a: XY, b: XY): number => Math.hypot(a.x - b.x, a.y - b.y);
