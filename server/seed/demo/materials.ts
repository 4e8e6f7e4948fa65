// Materials and tools of each company, materials planned per activity, and the requests that
// bring materials and tools to the sites (with their delivery dates).
import type { CompanyBuild, Ctx } from "./context";
import { rupiah } from "./context";
import type { Row } from "./store";

type MaterialDef = [
  name: string,
  code: string,
  unit: string,
  price: number,
  stock: number,
  ownership: "owned" | "consignment" | "supplier",
  owner: string | null,
  description: string,
];
type ToolDef = [
  name: string,
  code: string,
  qty: number,
  price: number,
  ownership: "owned" | "rented" | "borrowed",
  owner: string | null,
  condition: "good" | "needs_repair" | "broken",
];

const MATERIALS_CONSTRUCTION: MaterialDef[] = [
  ["Semen Portland 50 kg", "SMN-50", "sak", 68_000, 420, "owned", null, "Semen PCC untuk beton dan pasangan"],
  ["Besi beton ulir D13 (12 m)", "BSI-D13", "btg", 118_000, 650, "owned", null, "BJTS 420B, SNI 2052"],
  ["Besi beton ulir D16 (12 m)", "BSI-D16", "btg", 178_000, 380, "owned", null, "BJTS 420B, SNI 2052"],
  ["Besi beton polos D10 (12 m)", "BSI-D10", "btg", 62_000, 500, "owned", null, "Begel dan sengkang"],
  ["Kawat bendrat", "KWT-BDR", "kg", 24_000, 150, "owned", null, "Pengikat pembesian"],
  ["Pasir beton", "PSR-BTN", "m³", 310_000, 45, "owned", null, "Pasir cor ex Bangka/Cimangkok"],
  ["Batu split 1-2", "SPL-12", "m³", 345_000, 38, "owned", null, "Agregat kasar beton"],
  ["Beton ready mix K-350", "RMX-350", "m³", 1_150_000, 0, "supplier", "PT Beton Jaya Readymix", "Dikirim langsung dengan truk mixer"],
  ["Bata ringan 10 cm", "BTR-10", "m³", 720_000, 60, "owned", null, "AAC 60x20x10"],
  ["Mortar instan perekat bata 40 kg", "MRT-40", "sak", 98_000, 120, "owned", null, "Perekat bata ringan"],
  ["Keramik lantai 60x60", "KRM-6060", "m²", 145_000, 240, "consignment", "PT Keramik Indah Nusantara", "Stok konsinyasi di gudang proyek"],
  ["Gypsum board 9 mm", "GYP-09", "lbr", 78_000, 180, "owned", null, "1200x2400 mm"],
  ["Cat tembok interior 20 kg", "CAT-INT", "pail", 1_250_000, 24, "consignment", "CV Warna Sejahtera", "Warna putih tulang"],
  ["Multiplek 12 mm", "MPX-12", "lbr", 168_000, 300, "owned", null, "Bekisting pelat dan balok"],
  ["Kabel NYM 3x2,5 mm²", "KBL-NYM", "roll", 1_450_000, 30, "supplier", "PT Kabel Listrik Utama", "Roll 50 m"],
  ["Pipa PVC 4 inch AW", "PVC-4", "btg", 210_000, 80, "owned", null, "Pipa air kotor 4 m"],
];
const MATERIALS_TELECOM: MaterialDef[] = [
  ["Kabel FO ADSS 48 core", "FO-ADSS48", "m", 9_500, 12_000, "owned", null, "Kabel feeder udara span 100 m"],
  ["Kabel FO ADSS 24 core", "FO-ADSS24", "m", 6_800, 18_000, "owned", null, "Kabel distribusi udara"],
  ["Kabel drop core 1 core (1.000 m)", "DC-1C", "roll", 1_150_000, 45, "owned", null, "Drop ke rumah pelanggan"],
  ["Kabel backbone 96 core tanam", "FO-96", "m", 24_500, 3_000, "supplier", "PT Kabel Optik Indonesia", "Armoured, untuk duct HDPE"],
  ["ODC 144 core pole mounted", "ODC-144", "unit", 8_750_000, 6, "owned", null, "Kabinet ODC dengan splitter 1:4"],
  ["ODP pole 16 port", "ODP-16", "unit", 1_350_000, 140, "owned", null, "Termasuk splitter 1:16"],
  ["Closure inline 48 core", "CLS-48", "unit", 850_000, 40, "owned", null, "Closure sambungan udara"],
  ["Splitter PLC 1:8 SC/UPC", "SPL-18", "pcs", 165_000, 60, "owned", null, "Splitter modul"],
  ["Patch cord SC/UPC 3 m", "PC-SC3", "pcs", 22_000, 500, "owned", null, "Simplex single mode"],
  ["Pigtail SC/UPC 1,5 m", "PGT-SC", "pcs", 9_000, 800, "owned", null, "Untuk splicing di ODC/ODP"],
  ["Tiang besi 7 m", "TNG-7", "btg", 1_650_000, 210, "supplier", "PT Tiang Baja Mandiri", "Tiang distribusi galvanis"],
  ["Tiang besi 9 m", "TNG-9", "btg", 2_350_000, 40, "supplier", "PT Tiang Baja Mandiri", "Tiang penyeberangan jalan"],
  ["Suspension clamp", "KLM-S", "bh", 18_000, 900, "owned", null, "Klem penggantung ADSS"],
  ["Dead end clamp ADSS", "DE-ADSS", "set", 32_000, 600, "owned", null, "Penegang kabel di tiang ujung"],
  ["Pipa HDPE 40 mm", "HDPE-40", "m", 14_500, 2_000, "consignment", "CV Pipa Prima", "Duct kabel tanam"],
  ["Label ODP aluminium", "LBL-ODP", "pcs", 12_000, 300, "owned", null, "Label grafir kode ODP"],
];

const TOOLS_CONSTRUCTION: ToolDef[] = [
  ["Excavator Komatsu PC200-8", "ALT-EXC01", 1, 1_350_000_000, "rented", "PT Sewa Alat Berat Nusantara", "good"],
  ["Tower crane Potain MC 175", "ALT-TC01", 1, 4_200_000_000, "rented", "PT Crane Indonesia", "good"],
  ["Molen beton 350 L", "ALT-MOL", 3, 18_500_000, "owned", null, "good"],
  ["Vibrator beton", "ALT-VIB", 4, 6_750_000, "owned", null, "good"],
  ["Scaffolding main frame 1,7 m", "ALT-SCF", 400, 450_000, "rented", "CV Scaffolding Jaya", "good"],
  ["Theodolite digital Topcon DT-209", "ALT-THD", 1, 42_000_000, "owned", null, "good"],
  ["Waterpass otomatis", "ALT-WTP", 2, 8_500_000, "owned", null, "good"],
  ["Bar cutter dan bar bender", "ALT-BCB", 2, 27_000_000, "owned", null, "needs_repair"],
  ["Genset 100 kVA", "ALT-GEN", 1, 285_000_000, "rented", "PT Daya Genset Prima", "needs_repair"],
  ["Vibro roller 10 ton", "ALT-VBR", 1, 980_000_000, "rented", "PT Sewa Alat Berat Nusantara", "good"],
  ["Stamper (tamping rammer)", "ALT-STM", 2, 19_500_000, "owned", null, "good"],
  ["Mesin las inverter 200 A", "ALT-LAS", 3, 4_200_000, "owned", null, "good"],
  ["Bor beton Bosch GBH 2-26", "ALT-BOR", 5, 2_100_000, "owned", null, "broken"],
  ["Pompa air submersible 4 inch", "ALT-PMP", 4, 7_800_000, "owned", null, "good"],
  ["Dump truck 6 roda", "ALT-DMP", 2, 450_000_000, "borrowed", "CV Mitra Angkut Sejahtera", "good"],
];
const TOOLS_TELECOM: ToolDef[] = [
  ["Fusion splicer Fujikura 70S+", "TLS-SPL", 3, 145_000_000, "owned", null, "good"],
  ["OTDR EXFO MAX-715B", "TLS-OTDR", 2, 98_000_000, "owned", null, "good"],
  ["Optical power meter", "TLS-OPM", 6, 1_450_000, "owned", null, "good"],
  ["Cleaver Fujikura CT-30", "TLS-CLV", 4, 6_500_000, "owned", null, "needs_repair"],
  ["Tangga fiber teleskopik 6 m", "TLS-TGF", 6, 4_200_000, "owned", null, "good"],
  ["Full body harness", "TLS-HRN", 12, 1_350_000, "owned", null, "good"],
  ["Mobil pickup Gran Max", "TLS-PU", 2, 210_000_000, "rented", "CV Rental Pasundan", "good"],
  ["Mesin bor HDD Vermeer D23x30", "TLS-HDD", 1, 3_500_000_000, "borrowed", "CV Bor Tanah Mandiri", "good"],
  ["Dongkrak haspel kabel", "TLS-DRM", 2, 3_800_000, "owned", null, "good"],
  ["Visual fault locator 30 mW", "TLS-VFL", 6, 350_000, "owned", null, "broken"],
  ["Genset portable 2 kVA", "TLS-GEN", 3, 6_900_000, "owned", null, "good"],
  ["Tool kit FTTH (stripper, kevlar cutter)", "TLS-KIT", 8, 1_100_000, "owned", null, "good"],
  ["Earth auger tanam tiang", "TLS-AUG", 2, 5_400_000, "owned", null, "good"],
];

/** Which materials a task uses, by words in its name, with a base quantity for a mid-size project. */
const USES: Array<[pattern: RegExp, codes: Array<[code: string, qty: number]>]> = [
  [
    /Struktur|Pile cap|pondasi|Pondasi/i,
    [
      ["SMN-50", 900],
      ["BSI-D13", 700],
      ["BSI-D16", 450],
      ["BSI-D10", 600],
      ["KWT-BDR", 250],
      ["RMX-350", 320],
      ["MPX-12", 260],
    ],
  ],
  [
    /Bored pile|Tiang pancang/i,
    [
      ["RMX-350", 260],
      ["BSI-D16", 380],
    ],
  ],
  [
    /bata|Dinding/i,
    [
      ["BTR-10", 90],
      ["MRT-40", 260],
    ],
  ],
  [
    /Plester/i,
    [
      ["SMN-50", 400],
      ["PSR-BTN", 40],
    ],
  ],
  [
    /keramik|Lantai/i,
    [
      ["KRM-6060", 800],
      ["SMN-50", 150],
    ],
  ],
  [/Plafon/i, [["GYP-09", 420]]],
  [/cat|Pengecatan/i, [["CAT-INT", 40]]],
  [/listrik/i, [["KBL-NYM", 45]]],
  [/Plumbing|Sanitasi/i, [["PVC-4", 120]]],
  [
    /Rigid pavement|Lean concrete|floor hardener|Loading dock/i,
    [
      ["RMX-350", 450],
      ["BSI-D16", 200],
    ],
  ],
  [
    /U-ditch|Gorong|Saluran/i,
    [
      ["SMN-50", 300],
      ["PSR-BTN", 30],
      ["SPL-12", 25],
    ],
  ],
  [
    /Tanam tiang/i,
    [
      ["TNG-7", 45],
      ["TNG-9", 6],
    ],
  ],
  [
    /feeder/i,
    [
      ["FO-ADSS48", 3_500],
      ["DE-ADSS", 70],
      ["KLM-S", 90],
    ],
  ],
  [
    /distribusi/i,
    [
      ["FO-ADSS24", 6_000],
      ["KLM-S", 160],
    ],
  ],
  [
    /aksesoris/i,
    [
      ["KLM-S", 200],
      ["DE-ADSS", 120],
    ],
  ],
  [
    /ODC/i,
    [
      ["ODC-144", 1],
      ["PGT-SC", 96],
    ],
  ],
  [
    /ODP/i,
    [
      ["ODP-16", 30],
      ["LBL-ODP", 30],
      ["SPL-18", 8],
    ],
  ],
  [/closure/i, [["CLS-48", 8]]],
  [
    /Splicing/i,
    [
      ["PGT-SC", 120],
      ["PC-SC3", 40],
    ],
  ],
  [/HDD|HDPE/i, [["HDPE-40", 4_000]]],
  [/backbone/i, [["FO-96", 4_000]]],
];

export interface Inventory {
  materials: Map<string, Row>;
  tools: Map<string, Row>;
}

export function buildInventory(ctx: Ctx, company: CompanyBuild): Inventory {
  const { store, clock } = ctx;
  const telecom = company.def.industry === "telecom";
  const created = clock.iso(company.def.joined + 3, 14);
  const materials = new Map<string, Row>();
  // The lists' opening stock is not stored: a material's on hand is what its requests' receipts brought (declaration/requests.ts stockOf).
  for (const [name, code, unit, price, , ownership, owner, description] of telecom ? MATERIALS_TELECOM : MATERIALS_CONSTRUCTION) {
    materials.set(
      code,
      store.insert("material-resource", {
        company_id: company.id,
        name,
        code,
        satuan_id: company.units.get(unit)!.id,
        unit_price: price,
        ownership_status: ownership,
        ownership_name: owner ?? company.def.name,
        image: null,
        description,
        created_at: created,
      }),
    );
  }
  const tools = new Map<string, Row>();
  for (const [name, code, qty, price, ownership, owner, condition] of telecom ? TOOLS_TELECOM : TOOLS_CONSTRUCTION) {
    tools.set(
      code,
      store.insert("tools-resource", {
        company_id: company.id,
        name,
        code,
        quantity: qty,
        price,
        ownership_status: ownership,
        ownership_name: owner ?? company.def.name,
        condition,
        image: null,
        description: ownership === "rented" ? `Sewa dari ${owner}` : ownership === "borrowed" ? `Pinjam pakai dari ${owner}` : "Aset perusahaan",
        created_at: created,
      }),
    );
  }
  return { materials, tools };
}

export function buildMaterialPlans(ctx: Ctx, company: CompanyBuild, inv: Inventory): void {
  const { store, rng } = ctx;
  const telecom = company.def.industry === "telecom";
  for (const p of company.projects) {
    const scale = Math.min(5, Math.max(0.3, p.def.budget / (telecom ? 3e9 : 15e9)));
    for (const task of p.tasks) {
      const name = task.name as string;
      const uses = USES.filter(([re]) => re.test(name)).flatMap(([, codes]) => codes);
      const seen = new Set<string>();
      for (const [code, qty] of uses) {
        const m = inv.materials.get(code);
        if (!m || seen.has(code)) continue;
        seen.add(code);
        const quantity = m.satuan_id === company.units.get("unit")?.id ? Math.max(1, Math.round(qty * scale)) : Math.max(1, Math.round(qty * scale * rng.float(0.7, 1.3)));
        store.insert("assign-material", {
          company_id: company.id,
          activity_id: task.id,
          material_resource_id: m.id,
          quantity,
          note: `Sesuai BOQ ${p.def.code}`,
          created_at: task.created_at,
        });
      }
    }
  }
}

export function buildRequests(ctx: Ctx, company: CompanyBuild, inv: Inventory): void {
  const { store, clock, rng } = ctx;
  const materials = [...inv.materials.values()];
  const tools = [...inv.tools.values()];
  /** Each tool's quantity out on the sites (sent or received, not returned). */
  const out = new Map<unknown, number>();
  for (const p of company.projects) {
    const d = p.def;
    const base = { company_id: company.id, project_id: p.row.id };
    const requesters = [company.supervisor, company.pm, ...(p.workers[0] ? [p.workers[0].user] : [])];
    const count = d.status === "in_progress" ? rng.int(8, 12) : d.status === "planning" ? 2 : rng.int(3, 5);
    for (let i = 0; i < count; i++) {
      const m = rng.pick(materials);
      // The day it is needed on site; its status follows from how far that is from today.
      const required =
        d.status === "planning"
          ? rng.int(d.start, d.start + 20)
          : d.status === "in_progress"
            ? rng.int(Math.max(d.start + 5, -45), 14)
            : rng.int(d.start + 5, Math.min(d.end, HOLD_OR_END(d.status, d.end)));
      const status =
        d.status === "planning"
          ? "requested"
          : required < -5
            ? rng.chance(0.9)
              ? "received"
              : "rejected"
            : required < 0
              ? rng.pick(["sent", "received", "received"])
              : required < 5
                ? rng.pick(["approved", "sent", "approved"])
                : rng.pick(["requested", "approved", "approved"]);
      const direct = m.ownership_status === "supplier";
      const deliveredDay = required - rng.int(2, 5);
      const warehouseDay = direct ? null : deliveredDay + 1;
      const toSiteDay = direct ? deliveredDay : Math.min(required, deliveredDay + rng.int(1, 2));
      const has = (after: string[]) => after.includes(status);
      const quantity = Math.max(1, Math.round((m.unit_price as number) > 1_000_000 ? rng.int(2, 20) : (m.unit_price as number) < 50_000 ? rng.int(50, 2000) : rng.int(20, 300)));
      const received = status === "received" ? (rng.chance(0.85) ? quantity : Math.round(quantity * 0.95)) : 0;
      // 95% arrived: the rest is still to come (the request stays partially received).
      const stored = received && received < quantity ? "partially_received" : status;
      const unitPrice = rupiah((m.unit_price as number) * rng.float(0.97, 1.05));
      // A 2% discount on big orders (drawn from nothing: the other values stay as they were).
      const discount = quantity * unitPrice >= 50_000_000 ? rupiah(quantity * unitPrice * 0.02) : 0;
      store.insert("request-material", {
        ...base,
        material_resource_id: m.id,
        quantity,
        quantity_received: received,
        unit_price: unitPrice,
        discount,
        amount: quantity * unitPrice - discount,
        required_date: clock.date(required),
        delivery_date: has(["sent", "received"]) ? clock.date(Math.min(0, deliveredDay)) : null,
        delivery_to_site_date: has(["sent", "received"]) ? clock.date(Math.min(0, toSiteDay)) : null,
        received_date: has(["received"]) ? clock.date(Math.min(0, toSiteDay)) : null,
        received_to_warehouse_date: has(["received"]) && warehouseDay !== null ? clock.date(Math.min(0, warehouseDay)) : null,
        status: stored,
        requested_by: rng.pick(requesters).id,
        note:
          status === "rejected"
            ? "Ditolak: stok gudang masih cukup."
            : received && received < quantity
              ? "Kurang kirim 5%, sisa menyusul."
              : direct
                ? "Dikirim langsung oleh supplier ke lokasi."
                : null,
        created_at: clock.iso(Math.min(0, required - rng.int(10, 20)), 10, rng.int(0, 59)),
      });
    }
    const toolCount = d.status === "in_progress" ? rng.int(4, 6) : d.status === "planning" ? 1 : 2;
    for (let i = 0; i < toolCount; i++) {
      const t = rng.pick(tools);
      const required =
        d.status === "planning"
          ? d.start
          : d.status === "in_progress"
            ? rng.int(Math.max(d.start + 3, -30), 10)
            : rng.int(d.start + 5, Math.min(d.end, HOLD_OR_END(d.status, d.end)));
      let status =
        d.status === "planning"
          ? "requested"
          : d.status === "completed"
            ? "returned"
            : required < -10
              ? rng.pick(["received", "returned"])
              : required < 0
                ? rng.pick(["sent", "received"])
                : rng.pick(["requested", "approved", "rejected"]);
      const quantity = Math.max(1, Math.min(t.quantity as number, rng.int(1, 4)));
      // The yard sends no more than it has: beyond that the request waits, approved.
      const away = ["sent", "received"].includes(status);
      if (away && (out.get(t.id) ?? 0) + quantity > (t.quantity as number)) status = "approved";
      else if (away) out.set(t.id, (out.get(t.id) ?? 0) + quantity);
      const sendDay = Math.min(0, required - rng.int(1, 3));
      // The tool's catalogue price, when it has one: amount = quantity × unit price (no discount).
      const toolPrice = typeof t.price === "number" ? t.price : null;
      store.insert("req-tools", {
        ...base,
        tools_resource_id: t.id,
        quantity,
        unit_price: toolPrice,
        discount: toolPrice === null ? null : 0,
        amount: toolPrice === null ? null : quantity * toolPrice,
        quantity_received: ["received", "returned"].includes(status) ? quantity : 0,
        required_date: clock.date(required),
        send_date: ["sent", "received", "returned"].includes(status) ? clock.date(sendDay) : null,
        received_date: ["received", "returned"].includes(status) ? clock.date(Math.min(0, sendDay + 1)) : null,
        status,
        requested_by: rng.pick(requesters).id,
        note: status === "returned" ? "Sudah dikembalikan ke gudang." : status === "rejected" ? "Alat sedang dipakai proyek lain." : null,
        created_at: clock.iso(Math.min(0, required - rng.int(5, 10)), 9, rng.int(0, 59)),
      });
    }
  }
}

/** Requests of stopped or finished projects lie before they stopped. */
const HOLD_OR_END = (status: string, end: number): number => (status === "on_hold" ? -40 : Math.min(end, -1));
