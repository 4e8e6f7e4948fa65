// K3 (occupational safety): the company's checklist, which items each project requires, and
// the inspection and incident reports from the sites (some with a photo).
import type { CompanyBuild, Ctx } from "./context";
import { sitePhoto } from "./pictures";
import { wibIso } from "./time";

const CHECKLIST: Array<[name: string, category: string, mandatory: boolean, description: string, telecomOnly?: boolean, constructionOnly?: boolean]> = [
  ["Helm keselamatan (safety helmet) SNI", "ppe", true, "Dipakai selama berada di area kerja"],
  ["Sepatu keselamatan (safety shoes)", "ppe", true, "Ujung baja, sol anti tusuk"],
  ["Rompi reflektif", "ppe", true, "Wajib saat bekerja di jalan umum"],
  ["Full body harness dengan double lanyard", "ppe", true, "Kerja di ketinggian di atas 1,8 m"],
  ["Sarung tangan kerja", "ppe", false, "Sesuai jenis pekerjaan"],
  ["Kacamata pelindung splicing", "ppe", true, "Melindungi mata dari serpihan serat kaca", true],
  ["Inspeksi perancah (scaffolding tag hijau)", "equipment", true, "Diperiksa setiap pagi oleh petugas K3", false, true],
  ["Inspeksi tangga fiber dan tiang sebelum dipanjat", "equipment", true, "Cek kondisi tiang dan tangga", true],
  ["Alat berat memiliki SIA dan operator ber-SIO", "equipment", true, "Surat izin alat dan operator dari Kemnaker", false, true],
  ["APAR tersedia dan tidak kedaluwarsa", "emergency", true, "Minimal 1 unit per 200 m²"],
  ["Kotak P3K lengkap", "emergency", true, "Isi sesuai Permenakertrans 15/2008"],
  ["Jalur evakuasi dan titik kumpul bertanda", "emergency", true, "Rambu terpasang dan tidak terhalang", false, true],
  ["Rambu dan barikade pekerjaan di jalan", "environment", true, "Cone, barikade, rambu hati-hati ada pekerjaan"],
  ["Kebersihan area kerja (housekeeping)", "environment", false, "Sisa material dan sampah dibersihkan setiap sore"],
  ["Safety briefing / toolbox meeting pagi", "procedure", true, "15 menit sebelum mulai kerja"],
  ["Izin kerja (work permit) untuk pekerjaan berisiko", "procedure", true, "Kerja panas, ketinggian, ruang terbatas"],
  ["LOTO saat pekerjaan kelistrikan", "procedure", true, "Lock out tag out panel sebelum dikerjakan"],
];

const REPORTS = {
  construction: [
    ["Inspeksi mingguan K3 area tower", "inspection", "low", "Seluruh pekerja memakai APD lengkap, 2 tag perancah perlu diperbarui."],
    ["Pekerja tanpa harness di tepi pelat", "unsafe_act", "high", "Tukang bekisting bekerja di tepi pelat lantai 9 tanpa harness, sudah ditegur dan diberi pembinaan."],
    ["Besi stek tanpa pelindung", "unsafe_condition", "medium", "Besi stek kolom lantai 9 tanpa cap pelindung, risiko tertusuk."],
    ["Hampir tertimpa bekisting jatuh", "near_miss", "high", "Panel bekisting jatuh dari lantai 8 saat angin kencang, tidak ada korban."],
    ["Tangan tergores besi saat pembesian", "incident", "medium", "Luka gores 3 cm, ditangani P3K, pekerja kembali bekerja."],
    ["Kabel listrik sementara terkelupas", "unsafe_condition", "high", "Kabel roll di area basement terkelupas dan tergenang air."],
    ["Inspeksi APAR dan P3K", "inspection", "low", "2 APAR perlu isi ulang bulan depan."],
  ],
  telecom: [
    ["Inspeksi K3 tim instalasi", "inspection", "low", "Semua teknisi memakai harness dan helm, 1 tangga perlu diganti kakinya."],
    ["Teknisi memanjat tiang tanpa double lanyard", "unsafe_act", "high", "Teknisi hanya memakai satu lanyard saat pindah posisi, sudah ditegur."],
    ["Tiang miring di dekat jalan", "unsafe_condition", "medium", "Tiang 7 m miring setelah hujan deras, dipasang barikade sementara."],
    ["Hampir tersenggol mobil saat tarik kabel", "near_miss", "high", "Tidak ada petugas pengatur lalu lintas, mobil melintas dekat haspel."],
    ["Jari tertusuk serat fiber", "incident", "low", "Serpihan serat kaca menusuk jari, dicabut dan diberi antiseptik."],
    ["Kabel PLN menjuntai dekat tiang kerja", "unsafe_condition", "critical", "Jarak kabel tegangan rendah kurang dari 1 m dari posisi kerja, dilaporkan ke PLN."],
    ["Inspeksi kendaraan operasional", "inspection", "low", "Ban pickup cadangan kempis, sabuk pengaman lengkap."],
  ],
};

export function buildSafety(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng } = ctx;
  const telecom = company.def.industry === "telecom";
  const created = clock.iso(company.def.joined + 2, 13);
  const items = CHECKLIST.filter(([, , , , t, c]) => (telecom ? !c : !t)).map(([name, category, mandatory, description], i) =>
    store.insert("checklist-k3", { company_id: company.id, name, category, is_mandatory: mandatory, order: i + 1, description, created_at: created }),
  );
  for (const p of company.projects) {
    for (const item of items) {
      if (!item.is_mandatory && rng.chance(0.4)) continue;
      store.insert("project-to-checklist-k3", {
        company_id: company.id,
        project_id: p.row.id,
        checklist_k3_id: item.id,
        is_required: item.is_mandatory as boolean,
        created_at: p.row.created_at,
      });
    }
    if (p.def.status === "planning") continue;
    const officer = p.workers.find((w) => /K3/.test(w.projectRole))?.user ?? company.supervisor;
    const pool = REPORTS[company.def.industry];
    const reports = p.def.status === "in_progress" ? rng.sample(pool, rng.int(4, 6)) : rng.sample(pool, 2);
    const lastDay = p.def.status === "in_progress" ? 0 : Math.min(p.def.end, -36);
    for (const [title, type, severity, description] of reports) {
      const day = type === "inspection" ? lastDay - rng.int(0, 6) : rng.int(Math.max(p.def.start, lastDay - 40), lastDay);
      const age = -day;
      const status = p.def.status !== "in_progress" || age > 14 ? "closed" : age > 3 ? rng.pick(["in_review", "closed"]) : "open";
      const at = clock.at(day, rng.int(9, 15), rng.int(0, 59));
      // Half the findings come with a photo from the site (owned by the report, as an upload would be).
      const png = type !== "inspection" || rng.chance(0.3) ? sitePhoto(rng.fork(title), type) : null;
      const image = png ? store.addFile("k3", "png", png, "image/png") : null;
      const report = store.insert("report-k3", {
        company_id: company.id,
        project_id: p.row.id,
        title,
        report_type: type,
        severity,
        report_date: clock.date(day),
        location: `${rng.pick(p.def.site.zones)}, ${p.def.site.streets[0]}`,
        description,
        image,
        status,
        reporter_id: (type === "inspection" ? officer : rng.pick([officer, company.supervisor])).id,
        created_at: wibIso(at),
      });
      if (png && image)
        store.insert("image", {
          company_id: company.id,
          folder: "k3",
          owner_id: report.id,
          file_name: image,
          original_name: `IMG_${clock.date(day).replace(/-/g, "")}_${rng.int(1000, 9999)}.png`,
          mime: "image/png",
          size: png.length,
          created_at: wibIso(at),
        });
    }
  }
}
