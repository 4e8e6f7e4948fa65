// Project documents in nested folders, each a small real file (PDF, CSV or text) stored under a
// server-made name in the "documents" folder.
import type { CompanyBuild, Ctx, ProjectBuild } from "./context";
import { pdfDocument, utf8 } from "./pdf";
import type { Row } from "./store";
import { wibIso } from "./time";

const FOLDERS = {
  construction: [
    ["01 Kontrak & Administrasi", ["Addendum"]],
    ["02 Gambar Kerja", ["Struktur", "Arsitektur", "MEP"]],
    ["03 Laporan", ["Harian", "Mingguan"]],
    ["04 K3", []],
    ["05 Dokumentasi", []],
  ],
  telecom: [
    ["01 Kontrak & PO", []],
    ["02 Desain Jaringan", ["KMZ", "BOQ"]],
    ["03 Perizinan", []],
    ["04 Laporan", ["Uji OTDR", "Harian"]],
    ["05 As-Built", []],
  ],
} as const;

const rp = (n: number): string => `Rp ${Math.round(n).toLocaleString("id-ID")}`;
const idDate = (iso: string): string => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

interface Doc {
  folder: string;
  name: string;
  ext: "pdf" | "csv" | "txt";
  description: string;
  content: Uint8Array;
  /** Days from today it was uploaded. */
  day: number;
}

function documentsOf(ctx: Ctx, company: CompanyBuild, p: ProjectBuild): Doc[] {
  const { clock, rng } = ctx;
  const d = p.def;
  const started = d.status !== "planning";
  const upTo = Math.min(0, d.end);
  const sign = `${company.def.name} - ${d.code}`;
  const docs: Doc[] = [];
  const contractFolder = company.def.industry === "telecom" ? "01 Kontrak & PO" : "01 Kontrak & Administrasi";
  docs.push({
    folder: contractFolder,
    name: `Surat Perjanjian Kerja ${d.code}.pdf`,
    ext: "pdf",
    day: Math.min(0, d.start - 14),
    description: "Kontrak induk yang ditandatangani kedua pihak",
    content: pdfDocument(`SURAT PERJANJIAN KERJA ${d.code}`, sign, [
      `Pekerjaan   : ${d.name}`,
      `Pemberi kerja: ${d.client}`,
      `Pelaksana   : ${company.def.name}`,
      `Lokasi      : ${d.address}`,
      `Nilai kontrak: ${rp(d.budget)} (belum termasuk PPN 11%)`,
      `Waktu pelaksanaan: ${idDate(clock.date(d.start))} s.d. ${idDate(clock.date(d.end))}`,
      "",
      "Pasal 1. Lingkup pekerjaan sesuai RAB dan gambar kerja terlampir.",
      "Pasal 2. Pembayaran dilakukan per termin berdasarkan progres fisik.",
      "Pasal 3. Retensi 5% ditahan sampai serah terima kedua.",
      "Pasal 4. Denda keterlambatan 1 per mil per hari, maksimal 5%.",
      "Pasal 5. Pelaksana wajib menerapkan SMK3 sesuai PP 50/2012.",
    ]),
  });
  // Volumes of a reference project, scaled to this one's budget.
  const telecom = company.def.industry === "telecom";
  const boq: Array<[item: string, unit: string, volume: number, price: number]> = telecom
    ? [
        ["Tiang besi 7 m", "btg", 320, 1_650_000],
        ["Kabel ADSS 48 core", "m", 9_800, 9_500],
        ["Kabel ADSS 24 core", "m", 16_500, 6_800],
        ["ODC 144 core", "unit", 4, 8_750_000],
        ["ODP 16 port", "unit", 125, 1_350_000],
        ["Jasa splicing", "core", 3_200, 35_000],
        ["Jasa tarik kabel", "m", 26_300, 4_500],
      ]
    : [
        ["Galian tanah", "m³", 18_500, 95_000],
        ["Beton K-350", "m³", 9_400, 1_350_000],
        ["Pembesian", "kg", 1_250_000, 16_500],
        ["Bekisting", "m²", 42_000, 185_000],
        ["Pasangan bata ringan", "m²", 21_000, 165_000],
        ["Keramik 60x60", "m²", 24_000, 245_000],
      ];
  const factor = telecom ? (2.5 * d.budget) / 4.25e9 : (0.75 * d.budget) / 48.75e9;
  const boqLines = ["No;Uraian;Satuan;Volume;Harga Satuan;Jumlah"];
  if (!telecom) boqLines.push(`1;Pekerjaan persiapan;ls;1;${Math.round(d.budget * 0.03)};${Math.round(d.budget * 0.03)}`);
  boq.forEach(([item, unit, volume, price]) => {
    const vol = Math.max(1, Math.round(volume * factor));
    boqLines.push(`${boqLines.length};${item};${unit};${vol};${price};${vol * price}`);
  });
  docs.push({
    folder: company.def.industry === "telecom" ? "BOQ" : contractFolder,
    name: `${company.def.industry === "telecom" ? "BOQ" : "RAB"} ${d.code}.csv`,
    ext: "csv",
    day: Math.min(0, d.start - 10),
    description: "Rincian volume dan harga satuan",
    content: utf8(boqLines.join("\n") + "\n"),
  });
  if (company.def.industry === "telecom") {
    const lines = ["code;level;lon;lat;status"];
    for (const n of ctx.store.rows("hierarchy-ftths").filter((r) => r.project_id === p.row.id && r.level !== "ont")) {
      const [lon, lat] = n.location as [number, number];
      lines.push(`${n.code as string};${n.level as string};${lon};${lat};${n.status as string}`);
    }
    docs.push({
      folder: "KMZ",
      name: `Koordinat ODC-ODP ${d.code}.csv`,
      ext: "csv",
      day: Math.min(0, d.start + 5),
      description: "Ekspor titik dari desain KMZ",
      content: utf8(lines.join("\n") + "\n"),
    });
    docs.push({
      folder: "03 Perizinan",
      name: `Izin Tanam Tiang Kelurahan - ${d.code}.pdf`,
      ext: "pdf",
      day: Math.min(0, d.start + 8),
      description: "Surat izin dari kelurahan setempat",
      content: pdfDocument("SURAT IZIN PENANAMAN TIANG", `Kelurahan setempat, ${company.def.city}`, [
        `Diberikan kepada: ${company.def.name}`,
        `Untuk pekerjaan: ${d.name}`,
        `Lokasi: ${d.site.streets.slice(0, 4).join(", ")}`,
        "Ketentuan: tiang dipasang di batas trotoar, tidak menghalangi akses rumah warga,",
        "dan pekerja wajib berkoordinasi dengan RT/RW setempat.",
      ]),
    });
  } else {
    docs.push({
      folder: "Struktur",
      name: "Gambar Struktur - Denah Kolom Lantai Tipikal.pdf",
      ext: "pdf",
      day: Math.min(0, d.start - 3),
      description: "Shop drawing rev. 2 disetujui MK",
      content: pdfDocument("DENAH KOLOM LANTAI TIPIKAL", `${d.name} - Rev. 2`, [
        "Kolom K1 800x800, tulangan 24D25, sengkang D13-100/150",
        "Kolom K2 600x600, tulangan 16D22, sengkang D10-100/150",
        "Mutu beton fc' 35 MPa, selimut 40 mm",
        "Catatan: semua ukuran dalam mm, cek ulang di lapangan.",
      ]),
    });
    docs.push({
      folder: "Arsitektur",
      name: "Spesifikasi Teknis Arsitektur.pdf",
      ext: "pdf",
      day: Math.min(0, d.start - 3),
      description: "RKS pekerjaan arsitektur",
      content: pdfDocument("SPESIFIKASI TEKNIS ARSITEKTUR", d.name, [
        "Dinding: bata ringan 10 cm, plester 1:4, aci",
        "Lantai: granit tile 60x60 polished",
        "Plafon: gypsum 9 mm rangka hollow",
        "Cat: interior emulsion, eksterior weathershield",
      ]),
    });
  }
  docs.push({
    folder: "04 K3",
    name: `RK3K ${d.code}.pdf`,
    ext: "pdf",
    day: Math.min(0, d.start - 7),
    description: "Rencana keselamatan konstruksi",
    content: pdfDocument("RENCANA KESELAMATAN KONSTRUKSI (RKK)", sign, [
      "1. Kebijakan K3 perusahaan",
      "2. Identifikasi bahaya dan penilaian risiko (IBPRP)",
      "3. Rencana tindakan: APD, work permit, inspeksi harian",
      "4. Tanggap darurat: APAR, P3K, titik kumpul, nomor darurat 112",
      "5. Pemantauan: inspeksi mingguan dan laporan bulanan",
    ]),
  });
  if (started) {
    const reportFolder = "Harian";
    for (let k = 3; k >= 1; k--) {
      const day = upTo - k + 1;
      const date = clock.date(day);
      const crew = p.workers.length || rng.int(4, 8);
      docs.push({
        folder: reportFolder,
        name: `Laporan Harian ${date}.txt`,
        ext: "txt",
        day,
        description: `Laporan harian ${idDate(date)}`,
        content: utf8(
          [
            `LAPORAN HARIAN - ${d.name}`,
            `Tanggal : ${idDate(date)}`,
            `Cuaca   : ${rng.pick(["Cerah", "Berawan", "Hujan ringan sore hari", "Cerah, panas"])}`,
            `Tenaga kerja: ${crew} orang (mandor/korlap 1, pekerja ${crew - 1})`,
            "",
            "Pekerjaan hari ini:",
            ...rng.sample(
              p.tasks.filter((t) => (t.progress as number) > 0 && (t.progress as number) < 100).map((t) => `- ${t.name as string} (${t.progress as number}%)`),
              3,
            ),
            "",
            "Kendala: " + rng.pick(["tidak ada", "material terlambat 2 jam", "hujan 30 menit, pekerjaan dihentikan sementara"]),
            "",
            `Dibuat oleh: ${company.supervisor.name as string}`,
            "",
          ].join("\n"),
        ),
      });
    }
    if (company.def.industry === "telecom") {
      const lines = ["core;panjang_km;redaman_db;status"];
      for (let c = 1; c <= 24; c++) {
        const len = 2.4 + rng.float(-0.05, 0.05);
        const loss = len * 0.35 + rng.float(0.2, 1.2);
        lines.push(`${c};${len.toFixed(3)};${loss.toFixed(2)};${loss < 2.5 ? "OK" : "CEK"}`);
      }
      docs.push({
        folder: "Uji OTDR",
        name: `Hasil Uji OTDR Feeder ${d.code}.csv`,
        ext: "csv",
        day: Math.min(0, Math.round((d.start + upTo) / 2)),
        description: "Uji OTDR 1310 nm per core",
        content: utf8(lines.join("\n") + "\n"),
      });
    } else {
      docs.push({
        folder: "Mingguan",
        name: `Laporan Mingguan ${d.code} Minggu ke-${Math.max(1, Math.floor((upTo - d.start) / 7))}.pdf`,
        ext: "pdf",
        day: upTo - 2,
        description: "Laporan progres mingguan ke owner",
        content: pdfDocument("LAPORAN MINGGUAN", sign, [
          `Progres aktual: ${p.row.progress as number}%`,
          `Jumlah tenaga kerja rata-rata: ${p.workers.length || 6} orang`,
          "Kegiatan utama: lihat lampiran kurva S",
          "Rencana minggu depan: melanjutkan pekerjaan sesuai jadwal revisi",
        ]),
      });
    }
  }
  if (d.status === "completed") {
    docs.push({
      folder: company.def.industry === "telecom" ? "05 As-Built" : "05 Dokumentasi",
      name: `Berita Acara Serah Terima ${d.code}.pdf`,
      ext: "pdf",
      day: d.end,
      description: "BAST ditandatangani",
      content: pdfDocument("BERITA ACARA SERAH TERIMA", sign, [
        `Pada tanggal ${idDate(clock.date(d.end))} telah diserahterimakan pekerjaan:`,
        d.name,
        `dari ${company.def.name} kepada ${d.client}`,
        "dalam keadaan baik dan lengkap.",
      ]),
    });
  }
  return docs;
}

export function buildDocuments(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng } = ctx;
  for (const p of company.projects) {
    const folders = new Map<string, Row>();
    const created = p.row.created_at;
    for (const [name, children] of FOLDERS[company.def.industry]) {
      const parent = store.insert("folder-document-proyek", { company_id: company.id, project_id: p.row.id, parent_id: null, name, color: "#faad14", created_at: created });
      folders.set(name, parent);
      for (const child of children)
        folders.set(
          child,
          store.insert("folder-document-proyek", { company_id: company.id, project_id: p.row.id, parent_id: parent.id, name: child, color: "#91caff", created_at: created }),
        );
    }
    for (const doc of documentsOf(ctx, company, p)) {
      const mime = doc.ext === "pdf" ? "application/pdf" : doc.ext === "csv" ? "text/csv" : "text/plain";
      const file = store.addFile("documents", doc.ext, doc.content, mime);
      store.insert("document-project", {
        company_id: company.id,
        project_id: p.row.id,
        folder_id: folders.get(doc.folder)?.id ?? null,
        name: doc.name,
        file,
        mime,
        size: doc.content.length,
        description: doc.description,
        uploaded_by: (doc.ext === "txt" ? company.supervisor : company.pm).id,
        created_at: wibIso(Math.min(clock.now, clock.at(doc.day, rng.int(9, 17), rng.int(0, 59)))),
      });
    }
  }
}
