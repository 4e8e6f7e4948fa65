// Projects and what hangs directly under them: master data (types, phases, roles), members,
// participants, checklists, issue log, risks, approvals, milestones, money and health.
import type { CompanyBuild, Ctx, ProjectBuild } from "./context";
import { round, rupiah } from "./context";
import { actualPct, healthOf, plannedPct } from "./progress";
import type { Row } from "./store";
import { maxDate } from "./time";

export function buildProjectMasterData(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock } = ctx;
  const def = company.def;
  const created = clock.iso(def.joined, 11, 30);
  for (const [name, code, description, colour] of def.projectTypes)
    company.projectTypes.set(name, store.insert("project-type", { company_id: company.id, name, code, description, color: colour, created_at: created }));
  def.phases.forEach(([name, code, description, colour], i) =>
    company.phases.set(name, store.insert("project-phase", { company_id: company.id, name, code, order: i + 1, description, color: colour, created_at: created })),
  );
  for (const [name, code, description] of def.projectRoles)
    company.projectRoles.set(name, store.insert("project-role", { company_id: company.id, name, code, description, created_at: created }));
}

/** The phase a project is in, by its status and how far it got. */
function phaseOf(company: CompanyBuild, p: ProjectBuild["def"]): Row {
  const names = company.def.phases.map((ph) => ph[0]);
  const progress = actualPct(p, 0);
  const at = (i: number) => company.phases.get(names[i])!;
  if (company.def.industry === "construction") {
    if (p.status === "planning") return at(1);
    if (p.status === "completed") return at(4);
    return progress > 95 ? at(3) : at(2);
  }
  if (p.status === "planning") return at(1);
  if (p.status === "completed") return at(4);
  if (p.status === "on_hold") return at(2);
  return progress > 70 ? at(3) : at(2);
}

export function buildProjects(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock } = ctx;
  for (const p of company.def.projects) {
    const row = store.insert("project", {
      company_id: company.id,
      name: p.name,
      code: p.code,
      project_type_id: company.projectTypes.get(p.type)!.id,
      project_phase_id: null,
      client_name: p.client,
      manager_id: null,
      start_date: clock.date(p.start),
      end_date: clock.date(p.end),
      budget: p.budget,
      status: p.status,
      progress: 0,
      address: p.address,
      location: [p.site.lon, p.site.lat],
      description: p.description,
      color: p.colour,
      time_zone: p.timeZone ?? null,
      work_radius_m: p.workRadiusM,
      created_at: clock.iso(Math.max(company.def.joined, p.start - 21), 9, 40),
    });
    company.projects.push({ def: p, row, company, workers: [], baseline: null, current: null, tasks: [], spots: [] });
  }
}

/** Fills what needs the staff: the manager and phase of each project. */
export function completeProjects(company: CompanyBuild): void {
  for (const p of company.projects) {
    p.row.manager_id = company.pm.id;
    p.row.project_phase_id = phaseOf(company, p.def).id;
  }
}

export function buildMemberships(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng } = ctx;
  const def = company.def;
  const supervisorRole = def.industry === "telecom" ? "Koordinator Lapangan" : "Pengawas Lapangan";
  const active = company.projects.filter((p) => p.def.status === "in_progress");
  for (const p of company.projects) {
    const start = clock.date(p.def.start);
    const member = (user: Row, role: string, joined: string, isActive: boolean) =>
      store.insert("user-to-proyek", {
        company_id: company.id,
        user_id: user.id,
        project_id: p.row.id,
        project_role_id: company.projectRoles.get(role)!.id,
        join_date: joined,
        is_active: isActive,
        created_at: p.row.created_at,
      });
    const participant = (user: Row, role: string, allocation: number, from: string, to: string | null) =>
      store.insert("project-participants", {
        company_id: company.id,
        project_id: p.row.id,
        user_id: user.id,
        project_role_id: company.projectRoles.get(role)!.id,
        allocation,
        start_date: from,
        end_date: to,
        created_at: p.row.created_at,
      });
    const ended = p.def.status === "completed";
    const end = clock.date(p.def.end);
    member(company.pm, "Project Manager", start, !ended);
    participant(company.pm, "Project Manager", p.def.status === "in_progress" ? Math.round(100 / active.length) : 10, start, end);
    member(company.supervisor, supervisorRole, start, !ended);
    participant(company.supervisor, supervisorRole, p.def.status === "in_progress" ? Math.round(100 / active.length) : 10, start, end);
    for (const w of p.workers) {
      const joined = maxDate(start, w.user.join_date as string);
      member(w.user, w.projectRole, joined, true);
      participant(w.user, w.projectRole, 100, joined, end);
    }
    // A site in another zone is being prepared: the company's first crew leader surveys it (the
    // demo's worker1 picks between sites in two zones on the field page).
    if (p.def.timeZone && company.workers[0]) member(company.workers[0].user, company.workers[0].projectRole, clock.date(-3), true);
    if (ended) {
      // Crews of finished projects moved on: their past memberships stay, inactive.
      for (const w of rng.sample(company.workers, 6)) {
        const joined = maxDate(start, w.user.join_date as string);
        if (joined >= end) continue;
        member(w.user, w.projectRole, joined, false);
        participant(w.user, w.projectRole, 100, joined, end);
      }
    }
  }
}

interface LogItems {
  checklists: string[];
  issues: Array<[title: string, description: string, severity: string]>;
  risks: Array<[title: string, probability: string, impact: string, mitigation: string]>;
  approvals: Array<[title: string, description: string]>;
  expenses: Array<[title: string, category: string, share: number, paidTo: string]>;
}

const CONSTRUCTION_LOG: LogItems = {
  checklists: [
    "Izin PBG (Persetujuan Bangunan Gedung) terbit",
    "Asuransi CAR (Contractor All Risk) aktif",
    "RK3K (Rencana K3 Kontrak) disetujui konsultan",
    "Shop drawing struktur disetujui MK",
    "Mix design beton disetujui dan uji trial mix",
    "Uji tarik dan lengkung besi beton di laboratorium",
    "Laporan mingguan dikirim ke owner",
    "Opname progres bulanan ditandatangani MK",
    "Uji slump dan benda uji kubus setiap pengecoran",
    "As-built drawing diserahkan",
  ],
  issues: [
    ["Keterlambatan pengiriman besi D16 dari supplier", "Supplier hanya mengirim 60% dari PO, sisa dijanjikan minggu depan. Pekerjaan pembesian kolom tertunda.", "high"],
    ["Warga keberatan kebisingan pengecoran malam", "Ketua RT menyampaikan keluhan pengecoran lewat pukul 22.00. Perlu izin lingkungan dan pembatasan jam kerja.", "medium"],
    ["Hasil uji kubus beton umur 7 hari di bawah target", "Kuat tekan rata-rata 78% dari fc' rencana, perlu evaluasi dengan batching plant.", "critical"],
    ["Genangan air di galian basement setelah hujan", "Pompa dewatering kurang kapasitas, perlu tambahan 2 unit pompa 4 inch.", "high"],
    ["Revisi gambar arsitektur fasad dari konsultan", "Perubahan material ACP ke GRC, menunggu approval owner.", "medium"],
    ["Antrean truk mixer di jalan umum", "Dishub menegur antrean truk di bahu jalan. Atur jadwal kedatangan per 30 menit.", "low"],
  ],
  risks: [
    ["Kenaikan harga besi beton", "medium", "high", "Kunci harga dengan kontrak payung 3 bulan dan pembelian bertahap."],
    ["Curah hujan tinggi di musim hujan", "high", "medium", "Jadwalkan pekerjaan tanah di musim kemarau, siapkan pompa dan terpal."],
    ["Kecelakaan kerja di ketinggian", "low", "high", "Wajib full body harness, jaring pengaman, inspeksi perancah harian."],
    ["Keterlambatan pembayaran termin", "medium", "medium", "Ajukan tagihan tepat waktu, lampirkan opname yang sudah ditandatangani."],
    ["Kekurangan tenaga tukang menjelang Lebaran", "high", "medium", "Rekrut tukang cadangan dan berikan insentif lembur sebelum libur."],
  ],
  approvals: [
    ["Persetujuan material keramik lantai 60x60", "Usulan merk lokal setara, harga 12% lebih rendah."],
    ["Addendum waktu pelaksanaan 30 hari", "Akibat keterlambatan izin dan cuaca ekstrem."],
    ["Persetujuan subkontraktor MEP", "Penunjukan PT Daya Teknik Mandiri untuk pekerjaan mekanikal elektrikal."],
    ["Pekerjaan tambah: kanopi drop-off", "Permintaan owner, estimasi biaya Rp 185 juta."],
  ],
  expenses: [
    ["Pembelian semen Portland 50 kg", "material", 0.06, "PT Semen Nusantara Distribusi"],
    ["Besi beton ulir D13-D19", "material", 0.1, "CV Baja Prima Sentosa"],
    ["Beton ready mix K-350", "material", 0.12, "PT Beton Jaya Readymix"],
    ["Upah tukang mingguan", "labour", 0.08, "Mandor borong"],
    ["Upah tukang mingguan", "labour", 0.08, "Mandor borong"],
    ["Sewa excavator PC200 (1 bulan)", "equipment", 0.025, "PT Sewa Alat Berat Nusantara"],
    ["Sewa tower crane", "equipment", 0.04, "PT Crane Indonesia"],
    ["Subkontrak pekerjaan waterproofing", "subcontract", 0.03, "CV Anti Bocor Sejahtera"],
    ["Listrik kerja dan air bersih", "overhead", 0.005, "PLN / PDAM"],
    ["Konsumsi rapat koordinasi mingguan", "other", 0.001, "Catering Bu Ani"],
    ["Alat pelindung diri (APD) pekerja", "overhead", 0.004, "Toko Safety Jaya"],
    ["Pengurusan izin dan retribusi", "other", 0.006, "Dinas terkait"],
  ],
};

const TELECOM_LOG: LogItems = {
  checklists: [
    "Survey homepass dan foto rumah selesai",
    "Desain KMZ disetujui klien",
    "BOQ final disetujui",
    "Izin tanam tiang dari kelurahan",
    "Izin galian dari Dinas PUPR",
    "Uji OTDR seluruh core feeder",
    "Label ODP dan ODC terpasang",
    "Dokumen ATP (Acceptance Test Procedure) ditandatangani",
    "As-built drawing dan KMZ final dikirim",
  ],
  issues: [
    ["Izin tanam tiang ditolak warga RW 05", "Warga menolak tiang di depan rumah, perlu pindah jalur ke gang belakang.", "medium"],
    ["Kabel feeder putus tertabrak truk", "Kabel 48 core di Jl. utama putus 40 m, perlu penarikan ulang dan 2 titik sambung.", "critical"],
    ["Redaman ODP melebihi -25 dB", "Hasil power meter di 6 ODP di atas batas, dicurigai splicing di closure kurang baik.", "high"],
    ["Stok ODP 16 port habis di gudang", "Pengiriman dari vendor mundur 2 minggu.", "high"],
    ["Tiang PLN tidak boleh ditumpangi kabel", "Perlu tanam tiang sendiri sejumlah 35 batang di segmen ini.", "medium"],
    ["Kendaraan operasional mogok", "Mobil pickup B 9123 KX masuk bengkel, tim pakai motor sementara.", "low"],
  ],
  risks: [
    ["Penolakan warga terhadap tiang baru", "high", "medium", "Sosialisasi bersama kelurahan dan tawarkan posisi tiang alternatif."],
    ["Kabel dicuri atau dipotong", "medium", "high", "Patroli jalur, pasang label kepemilikan dan laporkan ke kepolisian."],
    ["Pekerjaan di ketinggian saat hujan petir", "medium", "high", "Stop kerja saat petir, gunakan tangga fiber dan full body harness."],
    ["Keterlambatan material dari vendor", "medium", "medium", "Buffer stok 10% untuk ODP dan kabel drop core."],
    ["Redaman tinggi akibat splicing buruk", "low", "medium", "Uji OTDR per segmen sebelum penutupan closure."],
  ],
  approvals: [
    ["Approval desain KMZ cluster", "Desain jaringan cluster termasuk jalur kabel dan posisi ODP."],
    ["Perubahan jalur feeder lewat gang", "Menghindari jalan provinsi yang izinnya lama."],
    ["Penambahan 40 tiang besi 7 m", "Tiang PLN tidak dapat ditumpangi."],
    ["Persetujuan hasil uji OTDR segmen feeder", "Laporan uji per core terlampir."],
  ],
  expenses: [
    ["Kabel fiber optik ADSS 48 core", "material", 0.12, "PT Kabel Optik Indonesia"],
    ["ODP 16 port dan aksesoris", "material", 0.1, "CV Fiber Aksesori Bandung"],
    ["Tiang besi 7 m", "material", 0.08, "PT Tiang Baja Mandiri"],
    ["Upah teknisi instalasi mingguan", "labour", 0.07, "Tim instalasi"],
    ["Upah teknisi instalasi mingguan", "labour", 0.07, "Tim instalasi"],
    ["Sewa mobil pickup dan bahan bakar", "equipment", 0.02, "CV Rental Pasundan"],
    ["Kalibrasi OTDR dan splicer", "equipment", 0.008, "PT Optik Servis Indonesia"],
    ["Subkontrak boring HDD", "subcontract", 0.09, "CV Bor Tanah Mandiri"],
    ["Retribusi izin tiang dan galian", "other", 0.01, "Pemerintah Kota Bandung"],
    ["Pulsa dan paket data tim lapangan", "overhead", 0.002, "Operator seluler"],
    ["APD panjat tiang (harness, helm)", "overhead", 0.004, "Toko Safety Jaya"],
  ],
};

const MILESTONES: Record<string, Array<[title: string, at: number]>> = {
  construction: [
    ["Mobilisasi dan pagar proyek selesai", 0.05],
    ["Pekerjaan pondasi selesai", 0.25],
    ["Struktur atas selesai (topping off)", 0.6],
    ["Serah terima pertama (PHO)", 1],
  ],
  telecom: [
    ["Desain KMZ dan BOQ disetujui", 0.15],
    ["Semua tiang tertanam", 0.45],
    ["Semua ODP terpasang dan ter-splicing", 0.8],
    ["BAST dan uji terima", 1],
  ],
};

export function buildProjectLog(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng } = ctx;
  const log = company.def.industry === "telecom" ? TELECOM_LOG : CONSTRUCTION_LOG;
  for (const p of company.projects) {
    const d = p.def;
    const pid = p.row.id;
    const base = { company_id: company.id, project_id: pid };
    const span = d.end - d.start;
    const dayAt = (f: number) => d.start + Math.round(span * f);
    const leader = p.workers[0]?.user ?? company.supervisor;
    const people = [company.pm, company.supervisor, leader];
    const started = d.status !== "planning";
    const lastDay = Math.min(0, d.end);

    // Checklists along the project; done when their date has passed (with one straggler).
    log.checklists.forEach((title, i) => {
      const due = dayAt((i + 0.5) / log.checklists.length);
      const done = d.status === "completed" || (due < 0 && i !== 3);
      store.insert("project-checklists", {
        ...base,
        title,
        description: `Kode ${d.code}-CL${String(i + 1).padStart(2, "0")}`,
        assignee_id: rng.pick(people).id,
        due_date: clock.date(due),
        is_done: started && done,
        created_at: clock.iso(d.start - 7, 10, i),
      });
    });

    // The issue log (project-issues): things that happened on the project.
    if (started) {
      const issues = rng.sample(log.issues, d.status === "completed" ? 3 : rng.int(4, 6));
      issues.forEach(([title, description, severity]) => {
        const day = rng.int(d.start + 5, lastDay);
        const age = -day;
        const status =
          d.status === "completed" || age > 40
            ? "closed"
            : age > 20
              ? rng.pick(["resolved", "closed"])
              : age > 7
                ? rng.pick(["in_progress", "resolved"])
                : rng.pick(["open", "in_progress"]);
        store.insert("project-issues", {
          ...base,
          title,
          description,
          severity,
          status,
          report_date: clock.date(day),
          owner_id: rng.pick(people).id,
          created_at: clock.iso(day, 10, rng.int(0, 59)),
        });
      });
    }
    for (const [title, probability, impact, mitigation] of rng.sample(log.risks, rng.int(3, 5))) {
      store.insert("project-risks", {
        ...base,
        title,
        description: `Risiko teridentifikasi pada rapat kick-off ${d.code}.`,
        probability,
        impact,
        mitigation,
        owner_id: rng.pick([company.pm, company.supervisor]).id,
        status: d.status === "completed" ? "closed" : started ? rng.pick(["identified", "mitigating", "mitigating"]) : "identified",
        created_at: clock.iso(d.start - 5, 14),
      });
    }
    for (const [title, description] of rng.sample(log.approvals, rng.int(2, 4))) {
      const required = started ? rng.int(d.start + 10, Math.min(d.end, 14)) : rng.int(1, 20);
      const decided = required < -3 || d.status === "completed";
      const status = decided ? (rng.chance(0.8) ? "approved" : "rejected") : "pending";
      store.insert("project-approval", {
        ...base,
        title: `${title} - ${d.code}`,
        description,
        approver_id: (rng.chance(0.5) ? company.admin : company.pm).id,
        required_date: clock.date(required),
        status,
        decided_at: decided ? clock.iso(Math.min(required, lastDay), 16, rng.int(0, 59)) : null,
        note: status === "rejected" ? "Ditolak, ajukan ulang dengan perbandingan 3 vendor." : status === "approved" ? "Disetujui sesuai rapat koordinasi." : null,
        created_at: clock.iso(required - 10, 9),
      });
    }
    const ms = MILESTONES[company.def.industry];
    ms.forEach(([title, f], i) => {
      const due = dayAt(f);
      const missed = due < 0 && d.lag > 5 && i === ms.length - 2;
      store.insert("project-milestone", {
        ...base,
        title,
        description: `Milestone ${i + 1} ${d.code}`,
        due_date: clock.date(due),
        status: d.status === "completed" || (due < 0 && !missed) ? "achieved" : missed ? "missed" : "planned",
        color: ["#1677ff", "#13c2c2", "#faad14", "#52c41a"][i % 4],
        created_at: p.row.created_at,
      });
    });

    if (!started) continue;
    // Money: expenditure up to today, health reports each month, invoices per progress stage.
    // The actual cost to date is what the earned value cost at the project's CPI (EV / CPI), as
    // the health reports below say: the log's shares only split it among the expenses.
    const spentShare = actualPct(d, 0) / 100;
    const actualCost = (d.budget * Math.max(0.005, spentShare)) / d.cpi;
    const weights = log.expenses.map(([, , share]) => share * rng.float(0.8, 1.2));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    for (const [i, [title, category, , paidTo]] of log.expenses.entries()) {
      const day = rng.int(d.start + 3, lastDay);
      store.insert("project-expenditure", {
        ...base,
        title,
        category,
        amount: rupiah((actualCost * weights[i]) / weightSum),
        expense_date: clock.date(day),
        paid_to: paidTo,
        receipt: null,
        description: `Bukti kas keluar ${d.code}/${String(rng.int(1, 999)).padStart(3, "0")}`,
        created_at: clock.iso(day, 17, rng.int(0, 59)),
      });
    }
    const reports: number[] = [];
    for (let day = d.start + 30; day <= Math.min(0, d.end); day += 30) reports.push(day);
    for (const day of reports.slice(-6)) {
      const planned = plannedPct(d, day);
      const actual = actualPct(d, day);
      if (actual < 0.5) continue; // nothing earned yet: no index to report
      const pv = rupiah((d.budget * planned) / 100);
      const ev = rupiah((d.budget * actual) / 100);
      const cpiNow = d.cpi + rng.float(-0.02, 0.02);
      const ac = rupiah(ev / cpiNow);
      const cpi = ac > 0 ? round(ev / ac, 2) : 1;
      store.insert("project-financial-health", {
        ...base,
        report_date: clock.date(day),
        planned_value: pv,
        earned_value: ev,
        actual_cost: ac,
        cpi,
        status: healthOf(cpi),
        note: cpi < 0.95 ? "Biaya aktual melebihi nilai hasil; evaluasi harga material dan produktivitas." : "Biaya terkendali.",
        created_at: clock.iso(day, 16),
      });
      const plannedProgress = round(planned, 1);
      const actualProgress = round(actual, 1);
      const spi = plannedProgress > 0 ? round(actualProgress / plannedProgress, 2) : 1;
      store.insert("project-schedule-health", {
        ...base,
        report_date: clock.date(day),
        planned_progress: plannedProgress,
        actual_progress: actualProgress,
        spi,
        status: healthOf(spi),
        note: spi < 0.95 ? "Progres tertinggal dari rencana; tambah tenaga dan jam kerja." : "Sesuai jadwal.",
        created_at: clock.iso(day, 16, 10),
      });
    }
    buildInvoices(ctx, company, p, base);
  }
}

function buildInvoices(ctx: Ctx, company: CompanyBuild, p: ProjectBuild, base: Record<string, unknown>): void {
  const { store, clock } = ctx;
  const d = p.def;
  const stages: Array<[title: string, share: number, atProgress: number]> = [
    ["Termin 1 - Uang muka 20%", 0.2, 0],
    ["Termin 2 - Progres fisik 30%", 0.25, 30],
    ["Termin 3 - Progres fisik 60%", 0.25, 60],
    ["Termin 4 - Progres fisik 100% (PHO)", 0.25, 100],
    ["Termin 5 - Retensi 5% (FHO)", 0.05, 101],
  ];
  const prefix = `${company.def.code}/INV/${d.code.slice(-4)}`;
  // The day a stage is billed: a few days after the project reached it; retention after maintenance.
  const billDay = (atProgress: number): number | null => {
    if (atProgress > 100) return d.status === "completed" && d.end + 180 <= 0 ? d.end + 185 : null;
    for (let day = d.start; day <= 0; day++) if (actualPct(d, day) >= atProgress) return day + (atProgress === 0 ? 7 : 5);
    return null;
  };
  stages.forEach(([title, share, atProgress], i) => {
    const day = billDay(atProgress);
    const sent = day !== null && day <= 0 ? day : null;
    // Bills stop at the first stage not yet reached, which waits as a draft.
    if (sent === null && i > 0 && billDay(stages[i - 1][2]) === null) return;
    if (sent === null && i > 0 && (billDay(stages[i - 1][2]) ?? 1) > 0) return;
    const age = sent === null ? 0 : -sent;
    const status = sent === null ? "draft" : age > 45 ? "paid" : age > 30 ? (d.lag > 5 ? "overdue" : "paid") : "sent";
    store.insert("project-invoice", {
      ...base,
      invoice_number: `${prefix}/${String(i + 1).padStart(3, "0")}`,
      title,
      amount: rupiah(d.budget * share),
      discount: 0,
      tax_percent: 11,
      send_date: sent === null ? null : clock.date(sent),
      due_date: sent === null ? null : clock.date(sent + 30),
      received_date: status === "paid" && sent !== null ? clock.date(Math.min(0, sent + 21 + (i % 3) * 4)) : null,
      status,
      description: `Tagihan ${title.toLowerCase()} untuk ${d.client}`,
      created_at: clock.iso(sent ?? -1, 11),
    });
  });
}
