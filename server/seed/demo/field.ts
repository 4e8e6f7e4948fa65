// The field: presence with selfies for the week of tracks, permits (the leave and sick days
// among them), panic-button presses, alert rules and the legacy alert feed.
import { workArea } from "../../field/rules";
import type { CompanyBuild, Ctx } from "./context";
import { selfie } from "./pictures";
import { Rng, seedOf } from "./rand";
import type { Row } from "./store";
import { HOUR, MINUTE, wibIso } from "./time";
import { LATE_AFTER_MIN, positionAt, type DayPlan } from "./waypoints";

function addSelfie(ctx: Ctx, plan: DayPlan, evening: boolean, at: number): string {
  const rng = new Rng(seedOf(plan.company.def.key, plan.worker.ordinal, plan.day, evening ? "out" : "in"));
  const png = selfie(rng, plan.worker.look, evening);
  const name = ctx.store.addFile("selfie", "png", png, "image/png");
  ctx.store.insert("image", {
    company_id: plan.company.id,
    folder: "selfie",
    owner_id: plan.worker.user.id,
    file_name: name,
    original_name: `selfie_${evening ? "out" : "in"}_${plan.date.replace(/-/g, "")}.png`,
    mime: "image/png",
    size: png.length,
    created_at: wibIso(at),
  });
  return name;
}

export function buildPresence(ctx: Ctx, company: CompanyBuild, plans: DayPlan[]): void {
  const { store } = ctx;
  const geo = (plan: DayPlan, at: { x: number; y: number }) => plan.frame.geo(at);
  for (const plan of plans) {
    const base = {
      company_id: company.id,
      user_id: plan.worker.user.id,
      project_id: plan.project.row.id,
      shift_id: company.shifts.pagi.id,
      presence_date: plan.date,
    };
    if (plan.clockIn === null) {
      const notes: Record<string, string> = { leave: "Cuti (izin disetujui)", sick: "Sakit, surat dokter menyusul", absent: "Tanpa keterangan" };
      store.insert("presence", {
        ...base,
        clock_in: null,
        clock_in_loc: null,
        work_area_in: null,
        clock_in_geo: null,
        clock_out: null,
        clock_out_loc: null,
        work_area_out: null,
        clock_out_geo: null,
        image_selfie: null,
        image_selfie_out: null,
        presence_status: plan.status,
        work_duration: null,
        note: notes[plan.status],
        created_at: wibIso(ctx.clock.at(plan.day, 7, 30)),
      });
      continue;
    }
    const inName = addSelfie(ctx, plan, false, plan.clockIn);
    const out = plan.clockOut;
    const outName = out === null ? null : addSelfie(ctx, plan, true, out);
    const lateMinutes = Math.round((plan.clockIn - ctx.clock.at(plan.day, 0) - LATE_AFTER_MIN * MINUTE) / MINUTE);
    // A phone's GPS at the gate: 4-15 m (its own generator: the other draws stay as they were).
    const gps = new Rng(seedOf(plan.company.def.key, plan.worker.ordinal, plan.day, "accuracy"));
    const inAt = geo(plan, plan.entry);
    const outAt = out === null ? null : geo(plan, plan.exit);
    store.insert("presence", {
      ...base,
      clock_in: wibIso(plan.clockIn),
      clock_in_loc: plan.gateIn.address,
      work_area_in: workArea(inAt, plan.project.row),
      clock_in_geo: inAt,
      clock_out: out === null ? null : wibIso(out),
      clock_out_loc: out === null ? null : plan.gateOut.address,
      work_area_out: outAt === null ? null : workArea(outAt, plan.project.row),
      clock_out_geo: outAt,
      accuracy_in: gps.int(4, 15),
      accuracy_out: out === null ? null : gps.int(4, 15),
      sent_late: false,
      image_selfie: inName,
      image_selfie_out: outName,
      presence_status: plan.status,
      work_duration: out === null ? null : Math.round((out - plan.clockIn) / MINUTE) - 60,
      note: plan.status === "late" ? `Terlambat ${lateMinutes} menit` : null,
      created_at: wibIso(plan.clockIn),
      updated_at: wibIso(out ?? plan.clockIn),
    });
  }
}

const LEAVE_REASONS = {
  leave: ["Cuti tahunan, acara keluarga di kampung", "Cuti menikahkan adik", "Cuti mengurus KTP dan KK"],
  sick: ["Demam dan flu, istirahat sesuai anjuran dokter", "Sakit gigi, periksa ke puskesmas", "Diare, surat dokter terlampir"],
  permission: ["Izin mengantar anak daftar sekolah", "Izin mengurus SIM", "Izin pulang cepat, keluarga sakit"],
  overtime: ["Lembur pengecoran pelat sampai selesai", "Lembur splicing feeder agar target mingguan tercapai", "Lembur bongkar muat material malam"],
  work_permit: [
    "Izin kerja panas (pengelasan) di area tower",
    "Izin kerja di ketinggian: pemasangan ODP di tiang 9 m",
    "Izin kerja di ruang terbatas: saluran U-ditch",
    "Izin kerja galian dekat utilitas PLN",
  ],
};

export function buildPermits(ctx: Ctx, company: CompanyBuild, plans: DayPlan[]): void {
  const { store, clock, rng } = ctx;
  // Leave and sick days of the week come with a permit (consecutive days become one permit).
  const byWorker = new Map<number, DayPlan[]>();
  for (const plan of plans) if (plan.status === "leave" || plan.status === "sick") byWorker.set(plan.worker.user.id, [...(byWorker.get(plan.worker.user.id) ?? []), plan]);
  for (const days of byWorker.values()) {
    let run: DayPlan[] = [];
    const flush = () => {
      if (!run.length) return;
      const first = run[0];
      store.insert("permit", {
        company_id: company.id,
        user_id: first.worker.user.id,
        permit_type: first.status,
        absent_date: first.date,
        end_date: run[run.length - 1].date,
        reason: rng.pick(LEAVE_REASONS[first.status as "leave" | "sick"]),
        attachment: null,
        status: first.status === "sick" && first.day === 0 ? "pending" : "approved",
        created_at: clock.iso(first.day - (first.status === "leave" ? 5 : 0), 7, rng.int(0, 59)),
      });
      run = [];
    };
    for (const plan of days) {
      const prev = run[run.length - 1];
      if (prev && (prev.day !== plan.day - 1 || prev.status !== plan.status)) flush();
      run.push(plan);
    }
    flush();
  }
  // Requests around the week: leave ahead, overtime, permissions, K3 work permits.
  const types = ["leave", "leave", "permission", "permission", "overtime", "overtime", "overtime", "work_permit", "work_permit", "work_permit", "sick"] as const;
  for (const type of types) {
    const worker = rng.pick(company.workers);
    const day = type === "leave" ? rng.int(3, 30) : type === "work_permit" ? rng.int(-10, 5) : rng.int(-30, 3);
    const status = day > 0 ? (rng.chance(0.6) ? "pending" : "approved") : rng.chance(0.85) ? "approved" : "rejected";
    store.insert("permit", {
      company_id: company.id,
      user_id: worker.user.id,
      permit_type: type,
      absent_date: clock.date(day),
      end_date: clock.date(day + (type === "leave" ? rng.int(1, 3) : 0)),
      reason: `${rng.pick(LEAVE_REASONS[type])}${type === "work_permit" ? ` (${worker.project?.def.code ?? company.def.code})` : ""}`,
      attachment: null,
      status,
      created_at: clock.iso(Math.min(0, day - rng.int(1, 7)), 8, rng.int(0, 59)),
    });
  }
}

/**
 * The week's panic alarms, every one handled: raised by a worker, delivered to the supervisor, the
 * project manager and the admin, acknowledged within the company's escalation time (so none
 * escalated) and resolved with what was done, or closed as a false alarm. The demo starts calm: an
 * open alarm is one a user raises on the field page. [message, outcome, acknowledgement note, resolution note]
 */
const PANIC: Record<"construction" | "telecom", Array<[string, "resolved" | "false_alarm", string | null, string]>> = {
  construction: [
    ["Pekerja terpeleset di perancah lantai 5, kaki terkilir", "resolved", "Menuju lokasi.", "Kaki dibebat P3K, pekerja diantar ke klinik terdekat lalu dipulangkan."],
    ["Korsleting di panel listrik sementara, ada asap", "resolved", "Listrik panel dimatikan dari pusat.", "Panel diperiksa teknisi listrik, kabel yang terbakar diganti."],
    [
      "Material jatuh dari lantai atas, area sudah diamankan",
      "resolved",
      "Supervisor menuju lokasi.",
      "Area dipagari, tidak ada korban; ikatan material di lantai atas diperiksa ulang.",
    ],
    ["Tombol tertekan tidak sengaja di saku", "false_alarm", null, "Dikonfirmasi lewat telepon, tidak ada kejadian."],
    ["Tolong, rekan pingsan di area galian", "resolved", "Menelepon pekerja, menuju lokasi.", "Rekan sadar setelah istirahat di tempat teduh, dibawa ke klinik untuk diperiksa."],
    ["Ada orang tak dikenal masuk area proyek", "resolved", "Satpam diminta ke lokasi.", "Ternyata kurir material yang salah gerbang; diantar ke pos satpam."],
  ],
  telecom: [
    ["Tangga tergelincir saat pasang ODP, teknisi jatuh", "resolved", "Menuju lokasi.", "Teknisi memar di lengan, diperiksa di puskesmas; tangga diganti."],
    ["Tersengat lebah di atas tiang", "resolved", "Menelepon teknisi.", "Teknisi turun dan diberi obat alergi; sarang lebah dilaporkan ke pemilik tiang."],
    ["Motor mogok di jalan sepi, butuh bantuan", "resolved", null, "Rekan satu tim menjemput, motor diderek ke bengkel."],
    ["Tombol tertekan tidak sengaja", "false_alarm", null, "Dikonfirmasi lewat telepon, tidak ada kejadian."],
    ["Kabel listrik PLN putus dekat tiang kerja, berbahaya", "resolved", "Pekerjaan di tiang dihentikan.", "PLN memperbaiki kabel; pekerjaan dilanjutkan keesokan harinya."],
    ["Dihadang warga saat tanam tiang, minta pendampingan", "resolved", "Koordinator lapangan menuju lokasi.", "Izin dijelaskan bersama ketua RT; penanaman tiang dilanjutkan."],
  ],
};

/** A step of an alarm's trail (the server's panic_event table: server/events/panic-trail.ts). */
export interface TrailRow {
  company_id: number;
  panic_id: number;
  kind: "raised" | "delivered" | "sent" | "acknowledged" | "resolved";
  actor_id: number;
  at: string;
  note: string | null;
  channel: "app" | "email" | null;
  attempt: number | null;
}

/** The week's alarms (all handled, from before the latest working day) and their trails. */
export function buildPanics(ctx: Ctx, company: CompanyBuild, plans: DayPlan[]): { rows: Row[]; trail: TrailRow[] } {
  const { store, rng, clock } = ctx;
  const worked = plans.filter((p) => p.clockIn !== null);
  const latestDay = Math.max(...worked.map((p) => p.day));
  const earlier = worked.filter((p) => p.day < latestDay);
  const rows: Row[] = [];
  const trail: TrailRow[] = [];
  for (const [message, status, ackNote, resolution] of PANIC[company.def.industry]) {
    const plan = rng.pick(earlier.length ? earlier : worked);
    const to = Math.max(plan.clockIn! + MINUTE, plan.trackUntil - 10 * MINUTE);
    const from = Math.min(plan.clockIn! + 30 * MINUTE, to);
    const at = Math.round((from + rng.next() * (to - from)) / 1000) * 1000;
    const where = positionAt(plan, at);
    // Acknowledged within the company's escalation time (120 s), resolved later that day.
    const acknowledged = Math.min(clock.now, at + rng.int(30, 110) * 1000);
    const resolved = Math.min(clock.now, acknowledged + rng.int(15, 90) * MINUTE);
    const row = store.insert("panic-button", {
      company_id: company.id,
      user_id: plan.worker.user.id,
      project_id: plan.project.row.id,
      alert_time: wibIso(at),
      location: where ? [where.lon, where.lat] : plan.frame.geo(plan.entry),
      address: `${rng.pick(plan.project.def.site.streets)}, ${company.def.city} (dekat ${plan.project.def.code})`,
      message,
      status,
      handled_by: company.supervisor.id,
      handled_at: wibIso(acknowledged),
      note: resolution,
      created_at: wibIso(at),
      updated_at: wibIso(resolved),
    });
    rows.push(row);
    const step = (kind: TrailRow["kind"], actor: Row, time: number, note: string | null = null) =>
      trail.push({
        company_id: company.id,
        panic_id: row.id,
        kind,
        actor_id: actor.id,
        at: wibIso(time),
        note,
        channel: kind === "delivered" ? "app" : kind === "sent" ? "email" : null,
        attempt: kind === "sent" ? 1 : null,
      });
    step("raised", plan.worker.user, at);
    // As the panic rule names them (buildAlertConfig): the supervisor in the app, the PM and the admin by e-mail.
    step("delivered", company.supervisor, at + 1000);
    step("sent", company.pm, at + 2000);
    step("sent", company.admin, at + 3000);
    step("acknowledged", company.supervisor, acknowledged, ackNote);
    step("resolved", company.supervisor, resolved, resolution);
  }
  return { rows, trail };
}

export function buildAlertConfig(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock } = ctx;
  const created = clock.iso(company.def.joined + 10, 10);
  const configs: Array<[name: string, type: string, projectId: number | null, threshold: number | null, message: string, active: boolean]> = [
    // Company-wide rules, one per event, as the alert rules screen (#/config-alert) shows and
    // switches them; each fires (server/events/alerts.ts, sweep.ts, position-watch.ts).
    ["Panic button - semua proyek", "panic_button", null, null, "Pekerja menekan tombol darurat. Segera hubungi dan datangi lokasi.", true],
    [
      "Keluar area kerja",
      "geofence_exit",
      null,
      company.def.industry === "telecom" ? 1500 : 300,
      "Pekerja berada di luar area kerja proyek lebih jauh dari batas yang diizinkan.",
      true,
    ],
    ["Terlambat absen masuk", "late_clock_in", null, 15, "Absen masuk lewat dari 15 menit setelah jam shift.", true],
    ["Tidak ada pergerakan", "no_movement", null, 60, "Tidak ada pergerakan GPS selama 60 menit pada jam kerja.", true],
    ["Baterai HP lemah", "low_battery", null, 15, "Baterai HP pekerja di bawah 15%, tracking bisa terputus.", company.def.key === "ct"],
  ];
  for (const [name, type, projectId, threshold, message, active] of configs) {
    const cfg = store.insert("config-alert", { company_id: company.id, name, alert_type: type, project_id: projectId, threshold, message, is_active: active, created_at: created });
    const to = (user: Row, channel: "app" | "email") =>
      store.insert("config-alert-to-user", { company_id: company.id, config_alert_id: cfg.id, user_id: user.id, channel, created_at: created });
    to(company.supervisor, "app");
    if (type === "panic_button" || type === "geofence_exit") to(company.pm, "email");
    if (type === "panic_button") to(company.admin, "email");
  }
}

/** The legacy alert feed: what the alert rules raised during the week, and who was told. */
export function buildLegacyAlerts(ctx: Ctx, company: CompanyBuild, plans: DayPlan[], panics: Row[]): void {
  const { store, clock, rng } = ctx;
  const alerts: Array<{ title: string; message: string; type: string; severity: string; user: number; project: number; at: number; location: [number, number] | null }> = [];
  for (const plan of plans.filter((p) => p.status === "late").slice(0, 10)) {
    const time = wibIso(plan.clockIn!).slice(11, 16);
    alerts.push({
      title: `Terlambat absen: ${plan.worker.user.name as string}`,
      message: `Absen masuk pukul ${time} WIB di ${plan.gateIn.name} (${plan.project.def.code}).`,
      type: "late_clock_in",
      severity: "low",
      user: plan.worker.user.id,
      project: plan.project.row.id,
      at: plan.clockIn!,
      location: plan.frame.geo(plan.entry),
    });
  }
  for (const panic of panics) {
    alerts.push({
      title: "Tombol darurat ditekan",
      message: panic.message as string,
      type: "panic_button",
      severity: "critical",
      user: panic.user_id as number,
      project: panic.project_id as number,
      at: Date.parse(panic.alert_time as string),
      location: panic.location as [number, number],
    });
  }
  const worked = plans.filter((p) => p.clockIn !== null && p.trackUntil - p.clockIn > 4 * HOUR);
  for (const plan of rng.sample(worked, 8)) {
    const kind = rng.pick(["low_battery", "no_movement", "geofence_exit"] as const);
    const at = plan.clockIn! + rng.int(2 * 60, Math.floor((plan.trackUntil - plan.clockIn!) / MINUTE) - 5) * MINUTE;
    const where = positionAt(plan, at);
    const name = plan.worker.user.name as string;
    const text = {
      low_battery: [`Baterai lemah: ${name}`, `Baterai HP tersisa ${Math.min(14, where?.battery ?? 12)}%, tracking bisa terputus.`, "medium"],
      no_movement: [`Tidak ada pergerakan: ${name}`, "Tidak ada pergerakan GPS selama 60 menit di jam kerja.", "medium"],
      geofence_exit: [`Keluar area kerja: ${name}`, `Terdeteksi di luar area ${plan.project.def.code} (ambil material ke gudang?).`, "high"],
    }[kind];
    alerts.push({
      title: text[0],
      message: text[1],
      type: kind,
      severity: text[2],
      user: plan.worker.user.id,
      project: plan.project.row.id,
      at,
      location: where ? [where.lon, where.lat] : null,
    });
  }
  alerts.sort((a, b) => a.at - b.at);
  for (const a of alerts) {
    const ageHours = (clock.now - a.at) / HOUR;
    const viewed = ageHours > 20 || (ageHours > 2 && rng.chance(0.5));
    const viewedAt = viewed ? wibIso(Math.min(clock.now, a.at + rng.int(5, 120) * MINUTE)) : null;
    const alert = store.insert("alert", {
      company_id: company.id,
      title: a.title,
      message: a.message,
      alert_type: a.type,
      severity: a.severity,
      user_id: a.user,
      project_id: a.project,
      alert_time: wibIso(a.at),
      location: a.location,
      is_viewed: viewed,
      viewed_at: viewedAt,
      created_at: wibIso(a.at),
    });
    const recipients =
      a.type === "panic_button" ? [company.supervisor, company.pm, company.admin] : a.type === "late_clock_in" ? [company.supervisor] : [company.supervisor, company.pm];
    recipients.forEach((u, i) => {
      const seen = viewed && (i === 0 || rng.chance(0.6));
      store.insert("alert-to-user", {
        company_id: company.id,
        alert_id: alert.id,
        user_id: u.id,
        is_viewed: seen,
        viewed_at: seen ? viewedAt : null,
        created_at: wibIso(a.at),
      });
    });
  }
}
