// Generated data of the benchmark: projects as wire records (loaded through the codec) and
// waypoints in columns (bulk-loaded straight into the table, see bulk.ts). Deterministic: the
// same seed gives the same rows on every run and both databases.
import { Rng } from "../../server/seed/demo/rand";
import type { Fixture } from "./fixture";

// ---- projects -------------------------------------------------------------------------------

const WORKS = ["Pembangunan", "Renovasi", "Perluasan", "Pemeliharaan", "Instalasi", "Rehabilitasi", "Penggelaran", "Peningkatan"];
const OBJECTS = [
  "Gedung Kantor",
  "Jaringan FTTH",
  "Jembatan",
  "Ruko",
  "Gudang",
  "Menara BTS",
  "Saluran Irigasi",
  "Jalan Lingkungan",
  "Gardu Listrik",
  "Sekolah Dasar",
  "Puskesmas",
  "Perumahan",
  "Pabrik",
  "Masjid",
  "Pasar",
];
const PLACES = [
  "Bandung",
  "Bekasi",
  "Bogor",
  "Cimahi",
  "Depok",
  "Jakarta Selatan",
  "Jakarta Timur",
  "Karawang",
  "Purwakarta",
  "Semarang",
  "Serang",
  "Surabaya",
  "Tangerang",
  "Cirebon",
  "Garut",
  "Sukabumi",
  "Subang",
  "Tasikmalaya",
];
const CLIENTS = [
  "PT Telkom Indonesia",
  "PT PLN (Persero)",
  "Dinas PUPR",
  "PT Indosat",
  "PT Wika Gedung",
  "Pemkab Bekasi",
  "PT Summarecon",
  "PT XL Axiata",
  "Yayasan Al-Ikhlas",
  "PT Ciputra",
  "Pemkot Bandung",
  "PT Pertamina",
];
export const STATUSES: Array<[string, number]> = [
  ["planning", 0.15],
  ["in_progress", 0.35],
  ["on_hold", 0.08],
  ["completed", 0.35],
  ["cancelled", 0.07],
];
/** Shares of projects with a phase and with a manager (drawn evenly among the fixture's). */
export const PHASE_SHARE = 0.9;
export const MANAGER_SHARE = 0.95;
const COLORS = ["#1677ff", "#52c41a", "#faad14", "#eb2f96", "#722ed1", "#13c2c2"];

const DAY_MS = 86_400_000;
const FIRST_START = Date.UTC(2016, 0, 1);
const START_SPAN_DAYS = 11 * 365;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function pickWeighted(rng: Rng, table: Array<[string, number]>): string {
  let x = rng.next();
  for (const [v, w] of table) {
    if ((x -= w) < 0) return v;
  }
  return table[table.length - 1][0];
}

/** `count` project records of the fixture's company, in batches (wire format). */
export function* projectBatches(f: Fixture, count: number, batch = 5000): Generator<Array<Record<string, unknown>>> {
  const rng = new Rng(7);
  for (let i0 = 0; i0 < count; i0 += batch) {
    const rows: Array<Record<string, unknown>> = [];
    for (let i = i0; i < Math.min(count, i0 + batch); i++) {
      const place = rng.pick(PLACES);
      const start = FIRST_START + rng.int(0, START_SPAN_DAYS) * DAY_MS;
      const status = pickWeighted(rng, STATUSES);
      const progress = status === "completed" ? 100 : status === "planning" ? 0 : rng.int(1, 99);
      rows.push({
        company_id: f.companyId,
        name: `${rng.pick(WORKS)} ${rng.pick(OBJECTS)} ${place}${rng.chance(0.4) ? ` Tahap ${rng.int(1, 4)}` : ""}`,
        code: `PRJ-${String(i + 1).padStart(6, "0")}`,
        project_type_id: rng.pick(f.typeIds),
        project_phase_id: rng.chance(PHASE_SHARE) ? rng.pick(f.phaseIds) : null,
        client_name: rng.pick(CLIENTS),
        manager_id: rng.chance(MANAGER_SHARE) ? rng.pick(f.managerIds) : null,
        start_date: isoDate(start),
        end_date: isoDate(start + rng.int(30, 900) * DAY_MS),
        budget: rng.int(50, 50_000) * 1_000_000,
        status,
        progress,
        address: `Jl. ${rng.pick(["Merdeka", "Sudirman", "Diponegoro", "Asia Afrika", "Gatot Subroto", "Ahmad Yani"])} No. ${rng.int(1, 250)}, ${place}`,
        location: [Math.round((106.6 + rng.float(0, 1.2)) * 1e6) / 1e6, Math.round((-6.1 - rng.float(0, 1.0)) * 1e6) / 1e6],
        description: rng.chance(0.5) ? `Pekerjaan ${rng.pick(OBJECTS).toLowerCase()} untuk ${rng.pick(CLIENTS)}.` : null,
        color: rng.pick(COLORS),
      });
    }
    yield rows;
  }
}

// ---- waypoints --------------------------------------------------------------------------------

/** Points per worker per working day: one every 30 s from 08:00 WIB (8 h 20 min). */
export const POINTS_PER_DAY = 1000;
export const POINT_EVERY_MS = 30_000;
/** Phones upload in batches: 10 points (5 minutes) per worker per upload. */
const UPLOAD_POINTS = 10;

/** The working days of the tracks: weekdays counting back from 2026-11-20 (a Friday). */
export function workingDays(n: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2026, 10, 20); out.length < n; t -= DAY_MS) {
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(isoDate(t));
  }
  return out.reverse();
}

/** 08:00 WIB of a day, epoch ms. */
export const dayStartMs = (day: string): number => Date.parse(`${day}T08:00:00+07:00`);
/** The end of the working-day window asked for by the benchmark (18:00 WIB). */
export const dayEndMs = (day: string): number => Date.parse(`${day}T18:00:00+07:00`);

/** A column chunk of waypoints (stored form: epoch ms, doubles, ISO upload time). */
export interface WaypointChunk {
  n: number;
  userId: Int32Array;
  wptime: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  accuracy: Float64Array;
  speed: Float64Array;
  battery: Int32Array;
  createdAt: string[];
}

function newChunk(size: number): WaypointChunk {
  return {
    n: 0,
    userId: new Int32Array(size),
    wptime: new Float64Array(size),
    lon: new Float64Array(size),
    lat: new Float64Array(size),
    accuracy: new Float64Array(size),
    speed: new Float64Array(size),
    battery: new Int32Array(size),
    createdAt: new Array<string>(size),
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Every worker's track over the days, in arrival order: time slot by time slot, each worker's
 * upload of 10 points, so one worker's day is spread over the table like in production (not
 * stored contiguously). Yields chunks of `chunkSize` rows.
 */
export function* waypointChunks(workers: readonly number[], days: readonly string[], chunkSize = 100_000): Generator<WaypointChunk> {
  const rng = new Rng(42);
  const site = workers.map(() => [106.6 + rng.float(0, 1.2), -6.1 - rng.float(0, 1.0)] as const);
  const pos = workers.map(() => [0, 0]);
  const battery = workers.map(() => 100);
  let chunk = newChunk(chunkSize);
  for (const day of days) {
    const t0 = dayStartMs(day);
    for (let w = 0; w < workers.length; w++) {
      pos[w][0] = site[w][0] + rng.float(-0.01, 0.01);
      pos[w][1] = site[w][1] + rng.float(-0.01, 0.01);
      battery[w] = rng.int(85, 100);
    }
    for (let slot = 0; slot < POINTS_PER_DAY; slot += UPLOAD_POINTS) {
      const uploadedAt = new Date(t0 + (slot + UPLOAD_POINTS) * POINT_EVERY_MS + 4_000).toISOString();
      for (let w = 0; w < workers.length; w++) {
        const p = pos[w];
        if (slot % 100 === 0 && battery[w] > 15) battery[w] -= 1 + (w % 3);
        for (let k = 0; k < UPLOAD_POINTS; k++) {
          // A walk around the site: a few metres per 30 s, now and then a drive.
          const drive = rng.chance(0.02);
          p[0] += rng.float(-1, 1) * (drive ? 0.002 : 0.00008);
          p[1] += rng.float(-1, 1) * (drive ? 0.002 : 0.00008);
          const i = chunk.n++;
          chunk.userId[i] = workers[w];
          chunk.wptime[i] = t0 + (slot + k) * POINT_EVERY_MS;
          chunk.lon[i] = round6(p[0]);
          chunk.lat[i] = round6(p[1]);
          chunk.accuracy[i] = Math.round(rng.float(3, 25) * 10) / 10;
          chunk.speed[i] = drive ? Math.round(rng.float(5, 15) * 10) / 10 : Math.round(rng.float(0, 1.5) * 10) / 10;
          chunk.battery[i] = battery[w];
          chunk.createdAt[i] = uploadedAt;
          if (chunk.n === chunkSize) {
            yield chunk;
            chunk = newChunk(chunkSize);
          }
        }
      }
    }
  }
  if (chunk.n) yield chunk;
}
