// Work breakdown of each kind of project: phases of tasks with relative durations. The Gantt
// versions, the activity trees and the template-gantt structures all come from these.

export interface TaskDef {
  name: string;
  /** Relative duration. */
  w: number;
  /** Runs alongside the previous task (start-to-start link) instead of after it. */
  parallel?: boolean;
}

export interface PhaseDef {
  name: string;
  tasks: TaskDef[];
  /** Closes the phase. */
  milestone: string;
}

const t = (name: string, w: number, parallel = false): TaskDef => ({ name, w, parallel });

export const WBS: Record<string, PhaseDef[]> = {
  "Gedung Bertingkat": [
    {
      name: "Pekerjaan Persiapan",
      tasks: [t("Mobilisasi alat dan direksi keet", 3), t("Pagar proyek dan papan nama", 2, true), t("Pengukuran dan bouwplank", 2)],
      milestone: "Persiapan selesai",
    },
    {
      name: "Pekerjaan Tanah dan Pondasi",
      tasks: [t("Galian basement", 6), t("Dewatering", 5, true), t("Bored pile diameter 800 mm", 8), t("Pile cap dan tie beam", 5)],
      milestone: "Pondasi selesai",
    },
    {
      name: "Pekerjaan Struktur",
      tasks: [
        t("Struktur basement B3-B1", 8),
        t("Struktur podium Lt. 1-3", 8),
        t("Struktur tower Lt. 4-10", 12),
        t("Struktur tower Lt. 11-18", 12),
        t("Atap dan ruang mesin lift", 4),
      ],
      milestone: "Topping off",
    },
    {
      name: "Pekerjaan Arsitektur",
      tasks: [
        t("Dinding bata ringan", 8),
        t("Plester dan acian", 6, true),
        t("Fasad curtain wall", 8),
        t("Lantai keramik dan granit", 6),
        t("Plafon gypsum", 4, true),
        t("Pengecatan", 4),
      ],
      milestone: "Arsitektur selesai",
    },
    {
      name: "Pekerjaan MEP",
      tasks: [
        t("Instalasi listrik dan panel", 8),
        t("Plumbing air bersih dan kotor", 6, true),
        t("HVAC", 6),
        t("Fire fighting dan sprinkler", 5, true),
        t("Lift dan eskalator", 5),
      ],
      milestone: "Testing & commissioning MEP",
    },
    { name: "Serah Terima", tasks: [t("Pembersihan akhir", 2), t("Punch list dan perbaikan", 2)], milestone: "Serah terima pertama (PHO)" },
  ],
  Renovasi: [
    { name: "Pekerjaan Persiapan", tasks: [t("Pembongkaran plafon dan atap lama", 3), t("Perancah dan pengaman", 2, true)], milestone: "Pembongkaran selesai" },
    {
      name: "Pekerjaan Struktur",
      tasks: [t("Perbaikan kolom dan balok retak (injeksi epoxy)", 4), t("Rangka atap baja ringan", 4), t("Penutup atap genteng metal", 3)],
      milestone: "Atap tertutup",
    },
    {
      name: "Pekerjaan Arsitektur",
      tasks: [t("Plafon gypsum ruang kelas", 4), t("Keramik lantai 40x40", 4, true), t("Kusen, pintu dan jendela", 3), t("Pengecatan dinding", 3)],
      milestone: "Arsitektur selesai",
    },
    { name: "Pekerjaan MEP", tasks: [t("Instalasi listrik dan lampu", 3), t("Sanitasi toilet siswa", 3, true)], milestone: "Uji fungsi MEP" },
    { name: "Serah Terima", tasks: [t("Pembersihan dan perbaikan minor", 1)], milestone: "Serah terima pertama (PHO)" },
  ],
  "Jalan & Jembatan": [
    {
      name: "Pekerjaan Persiapan",
      tasks: [t("Mobilisasi dan base camp", 2), t("Survey, staking out dan MC-0", 2, true), t("Pengaturan lalu lintas", 1)],
      milestone: "Persiapan selesai",
    },
    { name: "Pekerjaan Tanah", tasks: [t("Galian tanah biasa", 4), t("Timbunan sirtu dan pemadatan", 5)], milestone: "Subgrade diterima" },
    {
      name: "Perkerasan Kaku",
      tasks: [t("Lapis pondasi agregat kelas A", 4), t("Lean concrete t=10 cm", 3), t("Rigid pavement K-350 STA 0+000 - 0+700", 6), t("Rigid pavement K-350 STA 0+700 - 1+400", 6)],
      milestone: "Perkerasan selesai",
    },
    { name: "Drainase", tasks: [t("U-ditch 60x80 sisi kiri", 4), t("U-ditch 60x80 sisi kanan", 4, true), t("Gorong-gorong box culvert", 3)], milestone: "Drainase selesai" },
    { name: "Pekerjaan Pelengkap", tasks: [t("Marka jalan thermoplastic", 2), t("Rambu dan PJU", 3, true)], milestone: "Serah terima pertama (PHO)" },
  ],
  Perumahan: [
    { name: "Persiapan Lahan", tasks: [t("Cut and fill lahan", 4), t("Jalan kerja dan pagar", 2, true)], milestone: "Lahan siap bangun" },
    { name: "Infrastruktur Kawasan", tasks: [t("Saluran lingkungan", 4), t("Jalan paving blok", 4, true), t("Jaringan air bersih", 3)], milestone: "Infrastruktur selesai" },
    { name: "Rumah Blok A (40 unit)", tasks: [t("Pondasi batu kali", 3), t("Struktur dan dinding", 5), t("Atap", 2), t("Finishing", 3)], milestone: "Blok A siap serah terima" },
    { name: "Rumah Blok B (46 unit)", tasks: [t("Pondasi batu kali", 3), t("Struktur dan dinding", 5), t("Atap", 2), t("Finishing", 3)], milestone: "Blok B siap serah terima" },
    { name: "Serah Terima", tasks: [t("Pembersihan kawasan", 1)], milestone: "Serah terima ke pengembang" },
  ],
  "Gudang & Industri": [
    { name: "Pekerjaan Persiapan", tasks: [t("Mobilisasi", 2), t("Pengukuran dan bouwplank", 1, true)], milestone: "Persiapan selesai" },
    { name: "Pondasi", tasks: [t("Tiang pancang spun pile", 5), t("Pile cap dan sloof", 4)], milestone: "Pondasi selesai" },
    { name: "Struktur Baja", tasks: [t("Fabrikasi baja WF", 5), t("Erection rangka baja bentang 40 m", 5)], milestone: "Rangka berdiri" },
    { name: "Atap dan Dinding", tasks: [t("Atap metal sheet dan insulasi", 4), t("Dinding panel dan bata", 4, true)], milestone: "Bangunan tertutup" },
    { name: "Lantai dan Loading Dock", tasks: [t("Lantai beton floor hardener", 5), t("Loading dock dan dock leveler", 3)], milestone: "Serah terima pertama (PHO)" },
  ],
  "FTTH Homepass": [
    {
      name: "Survey dan Desain",
      tasks: [t("Survey homepass dan foto rumah", 3), t("Desain KMZ dan BOQ", 3), t("Perizinan tiang dan galian", 4, true)],
      milestone: "Desain disetujui klien",
    },
    {
      name: "Penanaman Tiang",
      tasks: [t("Tanam tiang cluster ODC-01", 3), t("Tanam tiang cluster ODC-02", 3, true), t("Tanam tiang cluster ODC-03", 3)],
      milestone: "Tiang tertanam",
    },
    {
      name: "Penarikan Kabel",
      tasks: [t("Tarik kabel feeder 48 core", 4), t("Tarik kabel distribusi 24 core", 5), t("Pasang aksesoris (klem, dead end)", 3, true)],
      milestone: "Kabel tertarik",
    },
    {
      name: "Instalasi Perangkat",
      tasks: [t("Pasang kabinet ODC 144 core", 2), t("Pasang ODP 16 port", 5), t("Pasang closure sambungan", 2, true)],
      milestone: "Perangkat terpasang",
    },
    {
      name: "Splicing dan Pengujian",
      tasks: [t("Splicing feeder di ODC", 3), t("Splicing distribusi di ODP", 4), t("Uji OTDR per core", 3), t("Uji power meter ODP", 2, true)],
      milestone: "Lolos uji terima",
    },
    { name: "Serah Terima", tasks: [t("As-built drawing dan KMZ final", 2), t("ATP bersama klien", 1)], milestone: "BAST" },
  ],
  "Backbone / Feeder": [
    { name: "Survey dan Perizinan", tasks: [t("Survey jalur 12 km", 3), t("Izin galian Dinas PUPR", 6, true)], milestone: "Izin terbit" },
    { name: "Boring HDD", tasks: [t("HDD segmen 1 Kiaracondong", 5), t("HDD segmen 2 Buahbatu", 5), t("HDD segmen 3 Gedebage", 5)], milestone: "Pipa HDPE terpasang" },
    { name: "Penarikan Kabel", tasks: [t("Tarik kabel backbone 96 core", 5), t("Pasang handhole", 3, true)], milestone: "Kabel tertarik" },
    { name: "Splicing dan Pengujian", tasks: [t("Splicing di handhole", 4), t("Uji OTDR end-to-end", 2)], milestone: "BAST" },
  ],
  "Fiber to the Building": [
    { name: "Survey Gedung", tasks: [t("Survey riser dan ruang MDF", 2), t("Desain in-building", 2)], milestone: "Desain disetujui" },
    { name: "Instalasi", tasks: [t("Tarik kabel riser", 4), t("Pasang ODP per lantai", 4)], milestone: "Instalasi selesai" },
    { name: "Uji dan Serah Terima", tasks: [t("Splicing dan uji", 3)], milestone: "BAST" },
  ],
  "Maintenance Jaringan": [{ name: "Pemeliharaan", tasks: [t("Patroli jalur", 3), t("Perbaikan gangguan", 4, true), t("Relokasi tiang", 3)], milestone: "Laporan bulanan" }],
};
