// A company's staff and the master data around people: divisions, units, shifts, users with
// profile pictures, and who works which shift.
import type { AccountDef } from "./catalog";
import type { CompanyBuild, Ctx, Worker } from "./context";
import { BANDUNG_BIRTHPLACES, JAKARTA_BIRTHPLACES, mobile, NameDraw, nik } from "./names";
import { avatar, lookOf } from "./pictures";
import type { Row } from "./store";
import { addDays } from "./time";

const UNITS_CONSTRUCTION: Array<[string, string, string]> = [
  ["Meter", "m", "Panjang (pipa, kabel, besi)"],
  ["Meter persegi", "m²", "Luas (keramik, dinding, bekisting)"],
  ["Meter kubik", "m³", "Volume (beton, pasir, galian)"],
  ["Kilogram", "kg", "Berat (besi beton, kawat bendrat, paku)"],
  ["Ton", "ton", "Berat besar (aspal, besi)"],
  ["Sak", "sak", "Semen 40/50 kg, mortar instan"],
  ["Batang", "btg", "Besi beton 12 m, pipa 4 m"],
  ["Lembar", "lbr", "Plywood, gypsum, seng"],
  ["Unit", "unit", "Peralatan dan barang satuan"],
  ["Roll", "roll", "Kabel, wiremesh, terpal"],
  ["Liter", "ltr", "Cat, solar, bahan kimia"],
  ["Pail", "pail", "Cat dan waterproofing 20 kg"],
  ["Buah", "bh", "Barang kecil satuan"],
  ["Titik", "ttk", "Titik instalasi listrik/air"],
];
const UNITS_TELECOM: Array<[string, string, string]> = [
  ["Meter", "m", "Panjang kabel dan pipa"],
  ["Meter core", "m core", "Panjang kabel dikali jumlah core (splicing, uji OTDR)"],
  ["Kilometer", "km", "Panjang jalur kabel feeder/backbone"],
  ["Core", "core", "Jumlah core yang disambung"],
  ["Unit", "unit", "ODC, ODP, closure, perangkat"],
  ["Roll", "roll", "Kabel drop core 1.000 m, kabel ADSS"],
  ["Batang", "btg", "Tiang besi/beton 7-9 m"],
  ["Buah", "bh", "Aksesoris: klem, bracket, dead end"],
  ["Set", "set", "Aksesoris per tiang"],
  ["Pcs", "pcs", "Patch cord, adaptor, pigtail"],
  ["Titik", "ttk", "Titik pelanggan (homepass)"],
  ["Meter kubik", "m³", "Galian dan urugan jalur tanam"],
  ["Kilogram", "kg", "Kawat, mur baut"],
  ["Liter", "ltr", "Bahan bakar genset dan kendaraan"],
];

const AVATAR_COLOURS = ["#2563eb", "#7c3aed", "#db2777", "#059669", "#d97706", "#0891b2", "#4f46e5", "#65a30d", "#dc2626", "#0d9488"];
const HOME_AREAS = {
  jakarta: [
    "Koja, Jakarta Utara",
    "Cakung, Jakarta Timur",
    "Duren Sawit, Jakarta Timur",
    "Pasar Minggu, Jakarta Selatan",
    "Cengkareng, Jakarta Barat",
    "Tanjung Priok, Jakarta Utara",
    "Bekasi Barat, Kota Bekasi",
    "Ciledug, Kota Tangerang",
    "Cimanggis, Depok",
    "Kramat Jati, Jakarta Timur",
  ],
  bandung: [
    "Cibeunying Kidul, Bandung",
    "Kiaracondong, Bandung",
    "Antapani, Bandung",
    "Buahbatu, Bandung",
    "Cimahi Tengah, Cimahi",
    "Ujungberung, Bandung",
    "Bojongsoang, Kab. Bandung",
    "Cicaheum, Bandung",
    "Sukajadi, Bandung",
    "Margahayu, Kab. Bandung",
  ],
};
const HOME_STREETS = {
  jakarta: [
    "Jl. Kramat Jaya",
    "Jl. Raya Penggilingan",
    "Jl. Swadaya",
    "Jl. H. Naman",
    "Gg. Masjid",
    "Jl. Kebon Baru",
    "Jl. Pedongkelan",
    "Jl. Bulak Rantai",
    "Jl. Kemuning",
    "Jl. Raya Bogor",
  ],
  bandung: [
    "Jl. Cibeunying Kolot",
    "Jl. Babakan Sari",
    "Gg. Sukaasih",
    "Jl. Cijawura Girang",
    "Jl. Cikadut",
    "Jl. Sukapura",
    "Jl. Pasirluyu",
    "Jl. Cigending",
    "Jl. Padasuka",
    "Jl. Sindanglaya",
  ],
};

export function buildOrgData(ctx: Ctx, company: Pick<CompanyBuild, "id" | "def">): Pick<CompanyBuild, "divisions" | "units" | "shifts"> {
  const { store, clock } = ctx;
  const def = company.def;
  const created = clock.iso(def.joined, 11);
  const divisions = new Map<string, Row>();
  for (const [name, code, description] of def.divisions) divisions.set(name, store.insert("divisi", { company_id: company.id, name, code, description, created_at: created }));
  const units = new Map<string, Row>();
  for (const [name, symbol, description] of def.industry === "telecom" ? UNITS_TELECOM : UNITS_CONSTRUCTION)
    units.set(symbol, store.insert("satuan", { company_id: company.id, name, symbol, description, created_at: created }));
  const shift = (name: string, code: string, start: string, end: string, hours: number, colour: string) =>
    store.insert("shift", {
      company_id: company.id,
      name,
      code,
      start_time: start,
      end_time: end,
      work_duration: hours,
      break_minutes: 60,
      grace_minutes: 15,
      color: colour,
      created_at: created,
    });
  const shifts = {
    pagi: shift("Pagi", "PG", "08:00", "17:00", 8, "#faad14"),
    siang: shift("Siang", "SG", "13:00", "21:00", 7, "#1677ff"),
    malam: shift("Malam", "ML", "21:00", "05:00", 7, "#531dab"),
  };
  return { divisions, units, shifts };
}

/** Helmet colour by crew role, as Indonesian sites mark them. */
function helmetOf(role: string): "white" | "red" | "orange" | "blue" | "yellow" {
  if (/Mandor|Koordinator/.test(role)) return "white";
  if (/K3/.test(role)) return "red";
  if (/Operator/.test(role)) return "orange";
  if (/Logistik|Splicer/.test(role)) return "blue";
  return "yellow";
}

export function buildStaff(ctx: Ctx, company: CompanyBuild, draw: NameDraw): void {
  const { store, clock, rng } = ctx;
  const def = company.def;
  const region = def.region;
  let serial = 1;
  const person = (opts: { name: string; email: string; female: boolean; roleId: number; division: string; type: string; age: [number, number]; joinedDaysAgo: number }): Row => {
    const birth = addDays(clock.date(0), -rng.int(opts.age[0] * 365, opts.age[1] * 365));
    const png = avatar(opts.name, rng.pick(AVATAR_COLOURS));
    const photo = store.addFile("profile", "png", png, "image/png");
    const user = store.insert("human-resource", {
      company_id: company.id,
      name: opts.name,
      code: `${def.code}-${String(serial++).padStart(3, "0")}`,
      email: opts.email,
      phone: mobile(rng),
      nik: nik(rng, def.nikRegion, birth, opts.female),
      birth_place: rng.pick(region === "bandung" ? BANDUNG_BIRTHPLACES : JAKARTA_BIRTHPLACES),
      birth_date: birth,
      gender: opts.female ? "female" : "male",
      address: `${rng.pick(HOME_STREETS[region])} No. ${rng.int(1, 120)} RT ${String(rng.int(1, 12)).padStart(3, "0")}/RW ${String(rng.int(1, 9)).padStart(3, "0")}, ${rng.pick(HOME_AREAS[region])}`,
      employee_type: opts.type,
      division_id: company.divisions.get(opts.division)!.id,
      role_id: opts.roleId,
      join_date: clock.date(-opts.joinedDaysAgo),
      photo,
      is_active: true,
      created_at: clock.iso(Math.max(def.joined, -opts.joinedDaysAgo), 13, serial),
    });
    store.insert("image", {
      company_id: company.id,
      folder: "profile",
      owner_id: user.id,
      file_name: photo,
      original_name: `${opts.name.toLowerCase().replace(/[^a-z]+/g, "-")}.png`,
      mime: "image/png",
      size: png.length,
      created_at: user.created_at,
    });
    company.staff.push(user);
    return user;
  };
  const account = (a: AccountDef, roleId: number, division: string) =>
    person({ name: draw.reserve(a.name), email: a.email, female: a.female, roleId, division, type: "permanent", age: [30, 48], joinedDaysAgo: rng.int(900, 3000) });
  const division = (code: string) => def.divisions.find((d) => d[1] === code)?.[0] ?? def.divisions[0][0];
  company.admin = account(def.admin, company.roles.admin.id, division("FIN"));
  company.pm = account(def.pm, company.roles.manager.id, division("OPS"));
  company.supervisor = account(def.supervisor, company.roles.supervisor.id, def.fieldDivision);

  // Field workers, crew by crew: project order of the catalogue, a leader first in each crew.
  const vest = def.industry === "telecom" ? "#65a30d" : "#f97316";
  let n = def.firstWorker;
  for (const project of company.projects) {
    for (let i = 0; i < project.def.workers; i++) {
      const role = def.workerRoles[i % def.workerRoles.length];
      const female = /K3|Logistik/.test(role) && rng.chance(0.5);
      const crewDivision = /K3/.test(role) ? division("HSE") : /Logistik/.test(role) ? division("LOG") : def.fieldDivision;
      const user = person({
        name: draw.take(region, female),
        email: def.workerEmail(n++),
        female,
        roleId: company.roles.worker.id,
        division: crewDivision,
        type: i === 0 ? "permanent" : rng.pick(["contract", "contract", "daily", "outsource"]),
        age: [20, 48],
        joinedDaysAgo: rng.int(60, 1800),
      });
      const worker: Worker = {
        user,
        female,
        look: lookOf(rng, female, helmetOf(role), vest),
        projectRole: role,
        roams: def.industry === "telecom" || /Logistik|Operator/.test(role) || !!project.def.site.linear,
        ordinal: company.workers.length,
        project,
      };
      company.workers.push(worker);
      project.workers.push(worker);
    }
  }
}

export function buildShiftAssignments(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng } = ctx;
  for (const user of company.staff) {
    const joined = user.join_date as string;
    const start = joined > clock.date(company.def.joined) ? joined : clock.date(company.def.joined);
    store.insert("user-to-shift", { company_id: company.id, user_id: user.id, shift_id: company.shifts.pagi.id, start_date: start, end_date: null, created_at: user.created_at });
  }
  // Past night and afternoon rotations (concrete pours, night splicing on main roads).
  const veterans = company.workers.filter((w) => (w.user.join_date as string) < clock.date(-160));
  for (const w of rng.sample(veterans, 5)) {
    const from = -rng.int(60, 150);
    store.insert("user-to-shift", {
      company_id: company.id,
      user_id: w.user.id,
      shift_id: rng.chance(0.5) ? company.shifts.malam.id : company.shifts.siang.id,
      start_date: clock.date(from),
      end_date: clock.date(from + rng.int(5, 14)),
      created_at: clock.iso(from - 2, 15),
    });
  }
}
