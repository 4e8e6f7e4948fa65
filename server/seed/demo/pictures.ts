// The demo's pictures: clock-in/out selfies, profile avatars, company logos and K3 site photos,
// drawn with simple shapes and encoded as small PNGs.
import { drawText, Raster, rgbOf, textWidth, type Rgb } from "./png";
import type { Rng } from "./rand";

const SKIN: Rgb[] = [
  [224, 172, 105],
  [198, 134, 66],
  [241, 194, 125],
  [172, 112, 61],
  [214, 160, 110],
];
const HELMET: Record<string, Rgb> = { yellow: [245, 200, 20], white: [240, 240, 236], blue: [30, 90, 200], orange: [240, 120, 20], red: [200, 30, 30] };
const HIJAB: Rgb[] = [
  [40, 60, 120],
  [120, 30, 60],
  [30, 30, 30],
  [90, 110, 60],
  [150, 110, 150],
];

/** What stays the same on every selfie of one worker. */
export interface Look {
  skin: Rgb;
  helmet: Rgb;
  hijab: Rgb | null;
  vest: Rgb;
}

export function lookOf(rng: Rng, female: boolean, helmet: keyof typeof HELMET, vest: string): Look {
  return { skin: rng.pick(SKIN), helmet: HELMET[helmet], hijab: female ? rng.pick(HIJAB) : null, vest: rgbOf(vest) };
}

/** A 96×96 selfie at the site: morning light on clock-in, warmer light on clock-out. */
export function selfie(rng: Rng, look: Look, evening: boolean): Uint8Array {
  const r = new Raster(96, 96, [0, 0, 0]);
  if (evening) r.gradient([250, 180, 110], [200, 150, 120], 0, 60);
  else r.gradient([120, 180, 235], [200, 225, 245], 0, 60);
  // Site behind the worker: a concrete frame or a pole line, then the ground.
  const shade = rng.int(120, 170);
  r.rect(rng.int(-10, 20), rng.int(18, 30), rng.int(30, 50), 60, [shade, shade, shade - 8]);
  r.rect(rng.int(60, 80), rng.int(10, 25), 4, 60, [110, 90, 70]);
  r.rect(0, 60, 96, 36, [150 + rng.int(-10, 10), 130, 100]);
  const cx = 48 + rng.int(-4, 4);
  const cy = 46 + rng.int(-3, 3);
  // Body with a safety vest and reflective stripes.
  r.ellipse(cx, cy + 46, 34, 26, look.vest);
  r.rect(cx - 30, cy + 34, 60, 3, [220, 220, 200]);
  r.rect(cx - 26, cy + 42, 52, 3, [220, 220, 200]);
  if (look.hijab) r.ellipse(cx, cy + 4, 21, 25, look.hijab);
  r.ellipse(cx, cy + 2, 15, 18, look.skin);
  if (!look.hijab) r.rect(cx - 15, cy - 6, 30, 4, [30, 25, 20]); // hair under the helmet
  // Helmet: a dome and a brim.
  r.ellipse(cx, cy - 10, 19, 12, look.helmet);
  r.rect(cx - 22, cy - 6, 44, 3, look.helmet);
  r.rect(cx - 8, cy + 2, 4, 3, [30, 20, 15]);
  r.rect(cx + 4, cy + 2, 4, 3, [30, 20, 15]);
  r.rect(cx - 5, cy + 11, 10, 2, [150, 60, 60]);
  return r.png();
}

/** A 96×96 profile picture: initials on a coloured square. */
export function avatar(name: string, colour: string): Uint8Array {
  const r = new Raster(96, 96, rgbOf(colour));
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  drawText(r, initials, Math.round((96 - textWidth(initials, 5)) / 2), 31, 5, [255, 255, 255]);
  return r.png();
}

/** A 128×128 company logo: initials in a ring. */
export function logo(initials: string, colour: string): Uint8Array {
  const r = new Raster(128, 128, [255, 255, 255]);
  r.ellipse(64, 64, 60, 60, rgbOf(colour));
  r.ellipse(64, 64, 50, 50, [255, 255, 255]);
  r.ellipse(64, 64, 46, 46, rgbOf(colour));
  drawText(r, initials, Math.round((128 - textWidth(initials, 6)) / 2), 43, 6, [255, 255, 255]);
  return r.png();
}

/** A 128×96 site photo for a K3 report: a traffic cone, barrier tape and the hazard itself. */
export function sitePhoto(rng: Rng, kind: string): Uint8Array {
  const r = new Raster(128, 96, [0, 0, 0]);
  r.gradient([140, 190, 230], [210, 225, 240], 0, 50);
  r.rect(0, 50, 128, 46, [140 + rng.int(-15, 15), 125, 100]);
  // Scaffold or excavation, by report type.
  if (kind === "incident" || kind === "unsafe_condition") {
    for (let x = 10; x < 70; x += 14) r.rect(x, 12, 3, 40, [90, 90, 95]);
    for (let y = 16; y < 52; y += 12) r.rect(10, y, 60, 3, [90, 90, 95]);
  } else {
    r.ellipse(40, 70, 30, 10, [90, 70, 50]);
  }
  // Red-white barrier tape.
  for (let x = 0; x < 128; x += 8) r.rect(x, 58, 4, 3, [210, 30, 30]);
  // A traffic cone.
  const cx = rng.int(80, 110);
  for (let y = 0; y < 28; y++) r.rect(cx - Math.round(y / 3), 52 + y, Math.round((2 * y) / 3) + 1, 1, y % 9 < 3 && y > 3 ? [245, 245, 245] : [245, 110, 20]);
  return r.png();
}
