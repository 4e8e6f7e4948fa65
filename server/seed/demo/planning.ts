// Planning: Gantt versions (a baseline and a current one per project) with activity trees,
// templates, who sees which version, who works which task, issues with replies, kanban boards.
import type { CompanyBuild, Ctx, ProjectBuild } from "./context";
import { round } from "./context";
import { WBS, type PhaseDef } from "./gantt-templates";
import { actualPct, HOLD_DAY } from "./progress";
import type { Row } from "./store";
import { wibIso } from "./time";

interface Slot {
  phase: number;
  kind: "task" | "milestone";
  name: string;
  parallel: boolean;
  start: number;
  end: number;
}

/** Lays the phases out on [0, 1] of the project span: tasks in sequence (or alongside), milestones at phase ends. */
function layout(phases: PhaseDef[], stretch: (phase: number, task: number) => number): Slot[] {
  const slots: Slot[] = [];
  let cursor = 0;
  phases.forEach((ph, pi) => {
    let prevStart = cursor;
    let phaseEnd = cursor;
    ph.tasks.forEach((task, ti) => {
      const w = task.w * stretch(pi, ti);
      const start = task.parallel && ti > 0 ? prevStart : phaseEnd;
      const end = start + w;
      slots.push({ phase: pi, kind: "task", name: task.name, parallel: !!task.parallel && ti > 0, start, end });
      prevStart = start;
      phaseEnd = Math.max(phaseEnd, end);
    });
    slots.push({ phase: pi, kind: "milestone", name: ph.milestone, parallel: false, start: phaseEnd, end: phaseEnd });
    cursor = phaseEnd;
  });
  return slots.map((s) => ({ ...s, start: s.start / cursor, end: s.end / cursor }));
}

function buildVersion(ctx: Ctx, company: CompanyBuild, p: ProjectBuild, version: Row, baseline: boolean): Row[] {
  const { store, clock, rng } = ctx;
  const d = p.def;
  const phases = WBS[d.type] ?? WBS["Gedung Bertingkat"];
  const slip = rng.fork(`${d.code}-slip`);
  const slots = layout(phases, () => (baseline ? 1 : slip.float(0.85, 1.35)));
  const span = d.end - d.start;
  const dayOf = (f: number) => d.start + Math.round(f * span);
  const dated = slots.map((s) => {
    const start = s.kind === "milestone" ? Math.max(d.start, dayOf(s.start) - 1) : dayOf(s.start);
    const end = s.kind === "milestone" ? start : Math.max(start, dayOf(s.end) - 1);
    return { ...s, startDay: start, endDay: end };
  });
  // Progress of each task as of today (or the day work stopped), running `lag` days behind its
  // dates; the lag is found so the duration-weighted progress equals the project's actual one.
  const asOf = d.status === "on_hold" ? HOLD_DAY : 0;
  const dur = dated.map((s) => (s.kind === "task" ? s.endDay - s.startDay + 1 : 0));
  const totalDur = dur.reduce((a, b) => a + b, 0);
  const progressWith = (lag: number) => dated.map((s, i) => (s.kind === "task" ? Math.round(100 * Math.min(1, Math.max(0, (asOf - lag - s.startDay + 1) / dur[i]))) : 0));
  const average = (progress: number[]) => progress.reduce((sum, p, i) => sum + dur[i] * p, 0) / totalDur;
  const target = d.status === "completed" ? 100 : d.status === "planning" ? 0 : actualPct(d, 0);
  let lo = -span;
  let hi = span;
  for (let k = 0; k < 50; k++) {
    const mid = (lo + hi) / 2;
    if (average(progressWith(mid)) > target) lo = mid;
    else hi = mid;
  }
  const timed = progressWith(baseline ? 0 : (lo + hi) / 2);
  const progress = dated.map((_s, i) => (d.status === "completed" ? (dated[i].kind === "task" ? 100 : 0) : d.status === "planning" ? 0 : timed[i]));

  const rows: Row[] = [];
  const base = { company_id: company.id, project_id: p.row.id, version_gantt_id: version.id };
  let order = 1;
  phases.forEach((ph, pi) => {
    const mine = dated.map((s, i) => ({ s, i })).filter(({ s }) => s.phase === pi);
    const tasks = mine.filter(({ s }) => s.kind === "task");
    const phaseDur = tasks.reduce((a, { i }) => a + dur[i], 0);
    const phaseProgress = Math.round(tasks.reduce((a, { i }) => a + dur[i] * progress[i], 0) / phaseDur);
    const summary = store.insert("activity", {
      ...base,
      parent_id: null,
      code: String(pi + 1),
      name: ph.name,
      type: "summary",
      start_date: clock.date(Math.min(...mine.map(({ s }) => s.startDay))),
      end_date: clock.date(Math.max(...mine.map(({ s }) => s.endDay))),
      work_duration: Math.max(...mine.map(({ s }) => s.endDay)) - Math.min(...mine.map(({ s }) => s.startDay)) + 1,
      progress: phaseProgress,
      weight: Math.round((100 * phaseDur) / totalDur),
      order: order++,
      predecessors: [],
      created_at: version.created_at,
    });
    rows.push(summary);
    let prev: Row | null = null;
    const prevMilestone = rows.filter((r) => r.type === "milestone").at(-1) ?? null;
    mine.forEach(({ s, i }, k) => {
      const preds: Array<{ id: number; type: string }> = [];
      if (s.kind === "milestone") {
        const last = rows.filter((r) => r.parent_id === summary.id && r.type === "task").sort((a, b) => String(b.end_date).localeCompare(String(a.end_date)))[0];
        if (last) preds.push({ id: last.id, type: "e2s" });
      } else if (prev && s.parallel) preds.push({ id: prev.id, type: "s2s" });
      else if (prev) preds.push({ id: prev.id, type: "e2s" });
      else if (prevMilestone) preds.push({ id: prevMilestone.id, type: "e2s" });
      const phaseDone = tasks.every(({ i: j }) => progress[j] === 100);
      const row = store.insert("activity", {
        ...base,
        parent_id: summary.id,
        code: `${pi + 1}.${k + 1}`,
        name: s.name,
        type: s.kind,
        start_date: clock.date(s.startDay),
        end_date: clock.date(s.endDay),
        work_duration: s.kind === "task" ? dur[i] : 0,
        progress: s.kind === "milestone" ? (phaseDone && d.status !== "planning" ? 100 : 0) : progress[i],
        weight: s.kind === "task" ? Math.round((100 * dur[i]) / phaseDur) : 0,
        order: order++,
        predecessors: preds,
        created_at: version.created_at,
      });
      rows.push(row);
      if (s.kind === "task") prev = row;
    });
  });
  if (!baseline) p.row.progress = round(dated.reduce((a, _s, i) => a + dur[i] * progress[i], 0) / totalDur, 1);
  return rows;
}

export function buildGantt(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng } = ctx;
  for (const p of company.projects) {
    const d = p.def;
    const created = p.row.created_at as string;
    p.baseline = store.insert("version-gantt", {
      company_id: company.id,
      project_id: p.row.id,
      name: "Baseline (kontrak)",
      version_no: 1,
      is_baseline: true,
      start_date: clock.date(d.start),
      end_date: clock.date(d.end),
      description: "Jadwal sesuai kontrak, dikunci saat kick-off.",
      created_at: created,
    });
    const revised = Math.max(d.start - 10, Math.min(-3, d.start + Math.round((0 - d.start) * 0.7)));
    p.current = store.insert("version-gantt", {
      company_id: company.id,
      project_id: p.row.id,
      name: d.status === "planning" ? "Draft revisi 1" : `Revisi ${rng.int(2, 4)} (update progres)`,
      version_no: 2,
      is_baseline: false,
      start_date: clock.date(d.start),
      end_date: clock.date(d.end),
      description: d.status === "planning" ? "Penyesuaian jadwal sebelum mobilisasi." : "Jadwal terkini dengan progres aktual lapangan.",
      created_at: clock.iso(revised, 15),
    });
    buildVersion(ctx, company, p, p.baseline, true);
    const current = buildVersion(ctx, company, p, p.current, false);
    p.tasks = current.filter((r) => r.type === "task");

    for (const v of [p.baseline, p.current]) {
      const see = (user: Row, permission: "view" | "edit") =>
        store.insert("user-to-version-gantt", { company_id: company.id, version_gantt_id: v.id, user_id: user.id, permission, created_at: v.created_at });
      see(company.pm, "edit");
      see(company.supervisor, v === p.current ? "edit" : "view");
      see(company.admin, "view");
      if (p.workers[0]) see(p.workers[0].user, "view");
    }
    // Crews on the tasks of the current version: the leader on most, two or three hands each.
    const crew = p.workers.length ? p.workers.map((w) => w.user) : [company.supervisor];
    for (const task of p.tasks) {
      const users = new Set<Row>([rng.pick(crew), rng.pick(crew)]);
      if (p.workers[0] && rng.chance(0.6)) users.add(p.workers[0].user);
      if (rng.chance(0.3)) users.add(company.supervisor);
      for (const u of users) store.insert("user-to-activity", { company_id: company.id, user_id: u.id, activity_id: task.id, created_at: task.created_at });
    }
  }
  // Templates: one per project type, the structure the Gantt screen copies into a new version.
  for (const [typeName, , description] of company.def.projectTypes) {
    const phases = WBS[typeName];
    if (!phases) continue;
    store.insert("template-gantt", {
      company_id: company.id,
      name: `Template ${typeName}`,
      project_type_id: company.projectTypes.get(typeName)!.id,
      description: `Struktur WBS standar: ${description.toLowerCase()}`,
      structure: {
        phases: phases.map((ph, pi) => ({
          code: String(pi + 1),
          name: ph.name,
          type: "summary",
          children: [
            ...ph.tasks.map((task, ti) => ({ code: `${pi + 1}.${ti + 1}`, name: task.name, type: "task", duration_days: task.w * 7, link: task.parallel ? "s2s" : "e2s" })),
            { code: `${pi + 1}.${ph.tasks.length + 1}`, name: ph.milestone, type: "milestone", duration_days: 0, link: "e2s" },
          ],
        })),
      },
      created_at: clock.iso(company.def.joined + 5, 10),
    });
  }
}

const ISSUES = {
  construction: [
    ["Retak rambut pada kolom K2 as C-4", "Ditemukan retak rambut setelah bongkar bekisting, perlu dicek konsultan struktur."],
    ["Bekisting pelat bocor saat pengecoran", "Adukan beton merembes di sambungan multiplek, permukaan bawah pelat keropos."],
    ["Selimut beton kurang dari 25 mm", "Beton decking tidak terpasang di beberapa titik balok."],
    ["Material bata ringan banyak yang pecah", "Sekitar 8% bata ringan pecah saat bongkar muat."],
    ["Elevasi lantai tidak sesuai gambar", "Selisih +3 cm terhadap peil rencana di area lobby."],
    ["Genset kerja sering mati", "Genset 100 kVA mati 2 kali sehari, pekerjaan las terhenti."],
    ["Pipa air bersih bocor di shaft", "Sambungan pipa PPR di lantai 5 rembes setelah uji tekan."],
  ],
  telecom: [
    ["Redaman tinggi di ODP", "Hasil ukur power meter -27 dB, melebihi batas -25 dB."],
    ["Kabel drop core menjuntai rendah", "Ketinggian kabel kurang dari 5 m di atas jalan, berbahaya bagi truk."],
    ["Label ODP tidak terbaca", "Label tertutup cat tiang, perlu label ulang."],
    ["Closure kemasukan air", "Seal closure kurang rapat, ditemukan embun di tray splicing."],
    ["Tiang miring setelah hujan", "Pondasi tiang kurang dalam, tiang miring 10 derajat."],
    ["Core feeder putus di segmen 3", "OTDR menunjukkan break di 1,2 km dari ODC."],
    ["Warga minta tiang dipindah", "Tiang menghalangi akses garasi rumah warga."],
  ],
};

const CLOSING_REPLY = "Sudah dicek, hasil OK. Issue bisa ditutup.";
const REPLIES = [
  "Sudah dicek di lapangan, benar terjadi. Foto terlampir.",
  "Tim akan perbaiki besok pagi, mohon disiapkan materialnya.",
  "Sudah dikoordinasikan dengan vendor, material datang lusa.",
  "Perbaikan selesai, mohon dicek ulang oleh pengawas.",
  "Mohon dibuatkan berita acara untuk dilampirkan di laporan mingguan.",
  "Siap, akan dikerjakan setelah pekerjaan utama hari ini selesai.",
  "Konsultan minta metode perbaikan tertulis sebelum dikerjakan.",
];

export function buildIssues(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng, input } = ctx;
  const open = input.issueStatuses.filter((s) => !s.is_closed);
  const closed = input.issueStatuses.filter((s) => s.is_closed);
  const pool = ISSUES[company.def.industry];
  for (const p of company.projects) {
    if (p.def.status === "planning" || !p.current) continue;
    const started = p.tasks.filter((t) => clock.daysTo(t.start_date as string) <= 0);
    if (!started.length) continue;
    for (const [title, description] of rng.sample(pool, p.def.status === "completed" ? 3 : rng.int(4, 6))) {
      const task = rng.pick(started);
      const from = Math.max(clock.daysTo(task.start_date as string), p.def.start);
      const to = Math.min(clock.daysTo(task.end_date as string), 0, p.def.end);
      const day = rng.int(Math.min(from, to), to);
      const age = -day;
      const isClosed = p.def.status === "completed" || (age > 10 && rng.chance(0.7));
      const statusList = isClosed ? closed : open;
      const status = statusList.length
        ? statusList[Math.min(statusList.length - 1, isClosed ? rng.int(0, statusList.length - 1) : age > 3 ? statusList.length - 1 : 0)]
        : input.issueStatuses[0];
      const crew = p.workers.map((w) => w.user);
      const reporter = rng.pick([company.supervisor, company.pm, ...crew.slice(0, 2)]);
      const assignee = crew.length ? rng.pick(crew) : company.supervisor;
      const issue = store.insert("issue", {
        company_id: company.id,
        project_id: p.row.id,
        version_gantt_id: p.current.id,
        activity_id: task.id,
        title,
        description,
        issue_status_id: status.id,
        priority: rng.pick(["low", "medium", "medium", "high", "critical"]),
        assignee_id: assignee.id,
        reporter_id: reporter.id,
        report_date: clock.date(day),
        due_date: clock.date(day + rng.int(3, 14)),
        image: null,
        created_at: clock.iso(day, rng.int(8, 15), rng.int(0, 59)),
      });
      const replies = isClosed ? rng.int(2, 4) : rng.int(1, 3);
      const speakers = [assignee, reporter, company.supervisor, company.pm];
      let at = clock.at(day, 16);
      for (let k = 0; k < replies; k++) {
        at += rng.int(1, 20) * 3_600_000;
        at = Math.min(at, clock.now - 60_000);
        const last = isClosed && k === replies - 1;
        store.insert("issue-reply", {
          company_id: company.id,
          issue_id: issue.id,
          message: last ? CLOSING_REPLY : rng.pick(REPLIES),
          attachment: null,
          user_id: speakers[k % speakers.length].id,
          created_at: wibIso(at),
        });
      }
    }
  }
}

const CARDS = {
  construction: [
    "Pasang bekisting kolom Lt. 9",
    "Pembesian pelat Lt. 9",
    "Pengecoran balok as A-D",
    "Bongkar bekisting Lt. 7",
    "Pasang bata ringan Lt. 3",
    "Uji slump beton datang",
    "Perbaikan retak kolom K2",
    "Pasang jaring pengaman",
    "Rapat koordinasi MK",
    "Laporan harian ke owner",
    "Opname volume bulan ini",
    "Pengajuan material keramik",
    "Cek elevasi lantai lobby",
    "Pasang rambu K3 area crane",
  ],
  telecom: [
    "Tanam 12 tiang Jl. Dago Asri",
    "Tarik kabel distribusi ODC-02",
    "Splicing ODP-07 s/d ODP-12",
    "Uji OTDR core 1-24",
    "Label ODP cluster 3",
    "Perbaiki tiang miring",
    "Ganti closure bocor",
    "Pasang dead end dan klem",
    "Survey jalur alternatif gang",
    "Izin RW 05",
    "Update KMZ as-built",
    "Ukur power meter ODP baru",
    "Koordinasi dengan PLN",
    "Laporan harian ke klien",
  ],
};
const STATUSES = ["todo", "in_progress", "review", "done"] as const;

export function buildKanban(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng } = ctx;
  const pool = CARDS[company.def.industry];
  for (const p of company.projects) {
    if (p.def.status === "completed") continue;
    const boards = p.def.status === "in_progress" ? ["Pekerjaan Lapangan", "Administrasi & Perizinan"] : ["Persiapan Proyek"];
    boards.forEach((name, bi) => {
      const board = store.insert("kanban-board", {
        company_id: company.id,
        project_id: p.row.id,
        name: `${name} - ${p.def.code}`,
        description: `Papan kerja ${name.toLowerCase()} ${p.def.name}`,
        order: bi + 1,
        color: bi === 0 ? p.def.colour : "#8c8c8c",
        created_at: p.row.created_at,
      });
      const titles = rng.sample(pool, rng.int(8, 12));
      const positions = new Map<string, number>();
      titles.forEach((title, i) => {
        // Every status gets cards: the first four go one to each, the rest at random.
        const status = i < STATUSES.length ? STATUSES[i] : rng.pick(STATUSES);
        const position = positions.get(status) ?? 0;
        positions.set(status, position + 1);
        const task = p.tasks.length ? rng.pick(p.tasks) : null;
        const due = status === "done" ? -rng.int(1, 20) : rng.int(-2, 14);
        store.insert("kanban-card", {
          company_id: company.id,
          kanban_board_id: board.id,
          title,
          description: `${title} (${p.def.code})`,
          status,
          position,
          assignee_id: (p.workers.length ? rng.pick(p.workers).user : company.supervisor).id,
          activity_id: bi === 0 && task ? task.id : null,
          due_date: clock.date(Math.max(due, p.def.start)),
          color: status === "done" ? "#52c41a" : status === "review" ? "#faad14" : status === "in_progress" ? "#1677ff" : "#d9d9d9",
          created_at: clock.iso(Math.min(0, Math.max(p.def.start, -rng.int(5, 30))), 9, rng.int(0, 59)),
        });
      });
    });
  }
}
