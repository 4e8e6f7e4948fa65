// FTTH network trees per project (OLT → ODC → ODP → ONT) with points along the site's streets.
// Telecom projects get the homepass network they build; construction projects the building's
// own fibre (in-building ODPs per floor, CCTV and tenant ONTs).
import type { CompanyBuild, Ctx, ProjectBuild } from "./context";
import { SiteFrame, type XY } from "./geo";
import { actualPct } from "./progress";
import type { Row } from "./store";

const abbr = (code: string, name: string): string => {
  const known: Record<string, string> = { "PRJ-CT-2407": "DGO", "PRJ-CT-2408": "ATP", "PRJ-CT-2409": "MGC", "PRJ-CT-2405": "SKH", "PRJ-CT-2402": "CGD" };
  return (
    known[code] ??
    name
      .replace(/[^A-Z]/g, "")
      .slice(0, 3)
      .padEnd(3, "X")
  );
};

export function buildFtth(ctx: Ctx, company: CompanyBuild): void {
  for (const p of company.projects) {
    if (company.def.industry === "telecom") homepassTree(ctx, company, p);
    else buildingTree(ctx, company, p);
  }
}

type Status = "planned" | "installed" | "active";

function homepassTree(ctx: Ctx, company: CompanyBuild, p: ProjectBuild): void {
  const { store, rng } = ctx;
  const d = p.def;
  const frame = new SiteFrame(d.site);
  const code = abbr(d.code, d.name);
  const progress = d.status === "completed" ? 100 : actualPct(d, 0);
  const base = { company_id: company.id, project_id: p.row.id };
  const street = () => rng.pick(d.site.streets);
  const node = (parent: Row | null, level: string, nodeCode: string, name: string, capacity: number, status: Status, at: XY, address: string): Row =>
    store.insert("hierarchy-ftths", {
      ...base,
      parent_id: parent?.id ?? null,
      level,
      code: nodeCode,
      name,
      capacity,
      used_ports: 0,
      status,
      address,
      location: frame.geo(at),
      created_at: p.row.created_at,
    });
  const bump = (r: Row) => (r.used_ports = (r.used_ports as number) + 1);

  // The OLT sits in the operator's central office (STO), a kilometre or two away.
  const oltAt = frame.fromGrid(-d.site.block * rng.int(6, 10), d.site.block * rng.int(-4, 4));
  const olt = node(
    null,
    "olt",
    `OLT-${code}-01`,
    `OLT STO ${d.site.streets[0].replace("Jl. ", "")}`,
    16,
    d.status === "planning" ? "planned" : "active",
    oltAt,
    `STO ${street()} No. ${rng.int(1, 200)}`,
  );
  const odcCount = Math.max(2, d.ftthScale);
  const built = d.status === "planning" ? 0 : progress / 100;
  let odpSerial = 0;
  for (let c = 1; c <= odcCount; c++) {
    const angle = (2 * Math.PI * c) / odcCount + rng.float(-0.3, 0.3);
    const r = d.site.spread * rng.float(0.35, 0.7);
    // Snap to the street grid so cabinets stand on street corners.
    const g = frame.toGrid({ x: r * Math.cos(angle), y: r * Math.sin(angle) });
    const odcAt = frame.fromGrid(Math.round(g.u / d.site.block) * d.site.block, Math.round(g.v / d.site.block) * d.site.block);
    const odcStatus: Status = built > 0.35 + c * 0.05 || d.status === "completed" ? "active" : built > 0.2 ? "installed" : "planned";
    const odcCode = `ODC-${code}-${String(c).padStart(2, "0")}`;
    const odc = node(olt, "odc", odcCode, `ODC ${street().replace("Jl. ", "")} ${c}`, 144, odcStatus, odcAt, `${street()} (samping No. ${rng.int(1, 150)})`);
    bump(olt);
    p.spots.push({ ...odcAt, label: odcCode });
    const odps = rng.int(4, 6);
    for (let k = 1; k <= odps; k++) {
      odpSerial++;
      const gu = frame.toGrid(odcAt);
      const alongU = rng.chance(0.5);
      const off = rng.int(1, 3) * (d.site.block / 2) * (rng.chance(0.5) ? 1 : -1);
      const odpAt = frame.fromGrid(gu.u + (alongU ? off : 0), gu.v + (alongU ? 0 : off));
      const share = odpSerial / (odcCount * 5);
      const odpStatus: Status = d.status === "completed" ? "active" : odcStatus === "planned" || share > built + 0.15 ? "planned" : share > built - 0.1 ? "installed" : "active";
      const odpCode = `ODP-${code}-${String(c).padStart(2, "0")}-${String(k).padStart(2, "0")}`;
      const odpStreet = street();
      const odp = node(odc, "odp", odpCode, `ODP ${odpStreet.replace("Jl. ", "")} ${k}`, 16, odpStatus, odpAt, `${odpStreet} No. ${rng.int(1, 150)}`);
      bump(odc);
      p.spots.push({ ...odpAt, label: odpCode });
      if (odpStatus === "planned") continue;
      // Homes already connected: active ONTs on active ODPs, a few pending on installed ones.
      const onts = odpStatus === "active" ? rng.int(3, 6) : rng.int(0, 2);
      for (let h = 1; h <= onts; h++) {
        const ontAt = { x: odpAt.x + rng.float(-60, 60), y: odpAt.y + rng.float(-60, 60) };
        const no = rng.int(1, 180);
        node(
          odp,
          "ont",
          `ONT-${code}-${String(c).padStart(2, "0")}${String(k).padStart(2, "0")}-${String(h).padStart(2, "0")}`,
          `Pelanggan ${odpStreet.replace("Jl. ", "")} No. ${no}`,
          4,
          odpStatus === "active" ? "active" : "installed",
          ontAt,
          `${odpStreet} No. ${no}`,
        );
        bump(odp);
      }
    }
  }
}

function buildingTree(ctx: Ctx, company: CompanyBuild, p: ProjectBuild): void {
  const { store, rng } = ctx;
  const d = p.def;
  const frame = new SiteFrame(d.site);
  const code = d.code.slice(-4);
  const base = { company_id: company.id, project_id: p.row.id };
  const done = d.status === "completed";
  const mepStarted = actualPct(d, 0) > 55;
  const status = (i: number): Status => (done ? "active" : d.status === "planning" ? "planned" : mepStarted && i % 3 !== 2 ? "installed" : "planned");
  const add = (parent: Row | null, level: string, nodeCode: string, name: string, capacity: number, st: Status, at: XY, address: string): Row => {
    if (parent) parent.used_ports = (parent.used_ports as number) + 1;
    return store.insert("hierarchy-ftths", {
      ...base,
      parent_id: parent?.id ?? null,
      level,
      code: nodeCode,
      name,
      capacity,
      used_ports: 0,
      status: st,
      address,
      location: frame.geo(at),
      created_at: p.row.created_at,
    });
  };
  const olt = add(null, "olt", `OLT-${code}-MDF`, "OLT Ruang MDF", 8, status(0), { x: -10, y: -10 }, `${d.address} (ruang MDF)`);
  const groups = Math.max(1, Math.ceil(d.ftthScale / 9));
  for (let g = 1; g <= groups; g++) {
    const odc = add(
      olt,
      "odc",
      `ODC-${code}-${g}`,
      groups > 1 ? `ODC Shaft ${g === 1 ? "Podium" : "Tower"}` : "ODC Shaft Utama",
      48,
      status(g),
      { x: -5 + g * 12, y: 5 },
      `${d.address} (shaft ${g})`,
    );
    const per = Math.ceil(d.ftthScale / groups);
    for (let f = 1; f <= per; f++) {
      const floor = (g - 1) * per + f;
      if (floor > d.ftthScale) break;
      const label = d.site.linear ? `Panel PJU ${floor}` : d.ftthScale > 5 ? `Lantai ${floor}` : `Blok ${String.fromCharCode(64 + floor)}`;
      const at = d.site.linear ? frame.fromGrid(-600 + floor * (1200 / d.ftthScale), 8) : { x: -5 + g * 12 + rng.float(-3, 3), y: 5 + rng.float(-3, 3) };
      const odp = add(odc, "odp", `ODP-${code}-${String(floor).padStart(2, "0")}`, `ODP ${label}`, 8, status(floor), at, `${d.address} (${label})`);
      for (let t = 1; t <= rng.int(1, 3); t++)
        add(
          odp,
          "ont",
          `ONT-${code}-${String(floor).padStart(2, "0")}-${t}`,
          t === 1 ? `ONT CCTV ${label}` : `ONT Ruang ${label}-${t}`,
          4,
          status(floor + t),
          { x: at.x + rng.float(-5, 5), y: at.y + rng.float(-5, 5) },
          `${d.address} (${label})`,
        );
    }
  }
}
