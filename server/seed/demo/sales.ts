// The platform's sales side: subscription packages, referral codes, demo requests, sales
// contacts, and each company's subscription payments with their history.
import type { CompanyBuild, Ctx } from "./context";
import { rupiah } from "./context";
import type { Row } from "./store";
import { wibDate } from "./time";

export interface Catalogue {
  packages: Map<string, Row>;
  referrals: Map<string, Row>;
}

const PACKAGES: Array<[name: string, code: string, price: number, months: number, users: number, projects: number, storageMb: number, description: string, active: boolean]> = [
  ["Uji Coba 30 Hari", "TRL-01", 0, 1, 10, 2, 1024, "Semua fitur selama 30 hari untuk 10 pengguna", true],
  ["Starter Bulanan", "STR-01", 750_000, 1, 15, 3, 2048, "Untuk kontraktor kecil: proyek, Gantt, absensi selfie", true],
  ["Starter Tahunan", "STR-12", 7_500_000, 12, 15, 3, 2048, "Starter dibayar tahunan (hemat 2 bulan)", true],
  ["Standard Tahunan", "STD-12", 15_000_000, 12, 60, 10, 10_240, "Proyek, material & alat, K3, peta tracking lapangan", true],
  ["Business Tahunan", "BUS-12", 28_500_000, 12, 150, 30, 51_200, "Semua fitur, multi proyek, laporan kesehatan proyek", true],
  ["Enterprise Tahunan", "ENT-12", 60_000_000, 12, 500, 200, 204_800, "Pengguna tak terbatas praktis, dukungan prioritas, on-premise opsional", true],
  ["Business Bulanan (lama)", "BUS-01L", 3_000_000, 1, 150, 30, 51_200, "Paket lama, tidak dijual lagi", false],
];

export function buildCatalogue(ctx: Ctx): Catalogue {
  const { store, clock } = ctx;
  const packages = new Map<string, Row>();
  for (const [name, code, price, months, users, projects, storageMb, description, active] of PACKAGES) {
    packages.set(
      code,
      store.insert("package-management", {
        name,
        code,
        price,
        duration_months: months,
        max_users: users,
        max_projects: projects,
        storage_quota_mb: storageMb,
        description,
        is_active: active,
        created_at: clock.iso(-540, 10),
      }),
    );
  }
  const referrals = new Map<string, Row>();
  const codes: Array<[code: string, title: string, discount: number, from: number, until: number, quota: number, used: number, active: boolean]> = [
    ["MITRA10", "Diskon mitra asosiasi kontraktor", 10, -300, 65, 200, 37, true],
    ["FTTHJABAR15", "Promo kontraktor FTTH Jawa Barat", 15, -360, -30, 50, 22, true],
    ["WEBINARK3", "Peserta webinar K3 konstruksi", 20, -120, 20, 100, 9, true],
    ["AWALTAHUN25", "Promo awal tahun", 25, -420, -330, 30, 30, true],
    ["RESELLER5", "Kode reseller (dinonaktifkan)", 5, -500, 200, 1000, 4, false],
  ];
  for (const [code, title, discount, from, until, quota, used, active] of codes) {
    referrals.set(
      code,
      store.insert("refferal-code", {
        code,
        title,
        discount,
        valid_from: clock.date(from),
        valid_until: clock.date(until),
        quota,
        used_count: used,
        is_active: active,
        created_at: clock.iso(from - 3, 11),
      }),
    );
  }
  buildDemoRequests(ctx);
  buildSalesContacts(ctx);
  return { packages, referrals };
}

// Two requesters are also sales contacts (the same email): the pipeline board shows their demo on
// the contact's card.
function buildDemoRequests(ctx: Ctx): void {
  const { store, clock } = ctx;
  const rows: Array<
    [name: string, company: string, email: string, industry: string, employees: number, demoDay: number | null, status: string, message: string, askedDay: number]
  > = [
    [
      "Yudi Prasetyo",
      "CV Karya Mandiri Sejahtera",
      "yudi@karyamandiri.co.id",
      "construction",
      45,
      3,
      "scheduled",
      "Kami kontraktor perumahan di Bekasi, ingin lihat fitur absensi selfie dan Gantt.",
      -2,
    ],
    ["Nia Ramadhani", "PT Fiberindo Jaya Abadi", "nia.r@fiberindo.id", "telecom", 120, 1, "scheduled", "Butuh tracking teknisi FTTH dan hierarki ODC/ODP per proyek.", -4],
    [
      "Harun Al Rasyid",
      "PT Listrik Andalan Nusantara",
      "harun@lan-electric.co.id",
      "electrical",
      80,
      null,
      "new",
      "Apakah bisa dipakai untuk proyek instalasi gardu dan SUTM?",
      -1,
    ],
    ["Sinta Maharani", "PT Beton Prima Lestari", "sinta.m@betonprima.com", "civil", 200, -6, "done", "Demo untuk tim proyek jalan tol, minta penawaran paket Business.", -12],
    ["Teddy Kusnadi", "PT Jalan Tol Parahyangan", "teddy.k@jtp.example.id", "civil", 25, -15, "done", "Sudah demo, menunggu persetujuan direktur.", -21],
    ["Andika Permana", "PT Sinar Telematika", "andika@sinartelematika.id", "telecom", 60, -9, "cancelled", "Jadwal bentrok, minta dijadwalkan ulang bulan depan.", -14],
    ["Wulan Sari", "PT Graha Interior Indonesia", "wulan@grahainterior.co.id", "other", 30, null, "new", "Apakah ada modul permintaan material dan stok gudang?", 0],
    [
      "Fadli Zulkarnain",
      "PT Bangun Persada Konstruksi",
      "fadli.z@bangunpersada.co.id",
      "construction",
      350,
      8,
      "scheduled",
      "Perlu integrasi dengan ERP internal, minta demo untuk tim IT.",
      -3,
    ],
    ["Fitria Handayani", "PT Optik Link Indonesia", "fitria@optiklink.example.id", "telecom", 95, -30, "done", "Sudah berlangganan setelah demo.", -35],
  ];
  for (const [name, company, email, industry, employees, demoDay, status, message, askedDay] of rows) {
    store.insert("demo-management", {
      name,
      company_name: company,
      email,
      phone: `08${ctx.rng.int(11, 99)}-${ctx.rng.int(1000, 9999)}-${ctx.rng.int(1000, 9999)}`,
      industry,
      employee_count: employees,
      demo_date: demoDay === null ? null : clock.iso(demoDay, ctx.rng.pick([10, 13, 14, 15])),
      status,
      message,
      created_at: clock.iso(askedDay, ctx.rng.int(8, 17), ctx.rng.int(0, 59)),
    });
  }
}

function buildSalesContacts(ctx: Ctx): void {
  const { store, clock } = ctx;
  const rows: Array<[name: string, company: string, position: string, email: string | null, address: string, status: string, note: string]> = [
    [
      "Ir. Bambang Hartono",
      "PT Wijaya Karya Bangunan Gedung",
      "Manajer Proyek",
      "bambang.h@wkbg.example.id",
      "Jl. D.I. Panjaitan Kav. 9, Jakarta Timur",
      "demo_done",
      "Minta uji coba 3 proyek gedung sekaligus.",
    ],
    [
      "Ratih Puspitasari",
      "PT Fiberstar Nusantara",
      "Procurement",
      "ratih@fiberstar.example.id",
      "Jl. Gatot Subroto No. 38, Bandung",
      "contacted",
      "Kirim proposal paket Enterprise.",
    ],
    ["Hendro Wicaksono", "CV Tirta Jaya Konstruksi", "Direktur", null, "Jl. Raya Bogor Km. 28, Jakarta Timur", "new", "Dari pameran Konstruksi Indonesia."],
    ["Dini Marlina", "PT Elektrindo Daya", "HRD & GA", "dini@elektrindo.example.id", "Jl. Pasir Kaliki No. 150, Bandung", "won", "Berlangganan Standard Tahunan."],
    [
      "Teddy Kusnadi",
      "PT Jalan Tol Parahyangan",
      "Kepala Divisi Teknik",
      "teddy.k@jtp.example.id",
      "Jl. Pasteur No. 11, Bandung",
      "demo_done",
      "Butuh laporan K3 harian dan panic button.",
    ],
    [
      "Agustina Simatupang",
      "PT Nusa Karya Beton",
      "Site Manager",
      "agustina@nkbeton.example.id",
      "Jl. Daan Mogot Km. 12, Jakarta Barat",
      "contacted",
      "Tertarik modul material request.",
    ],
    ["Rahmat Hidayat", "CV Cahaya Teknik Mandiri", "Owner", null, "Jl. Cibaduyut Raya No. 71, Bandung", "lost", "Memilih aplikasi lain karena harga."],
    ["Lukas Pardede", "PT Medan Konstruksi Utama", "Direktur Operasional", "lukas@mku.example.id", "Jl. Gatot Subroto No. 200, Medan", "new", "Calon pelanggan luar Jawa."],
    [
      "Fitria Handayani",
      "PT Optik Link Indonesia",
      "Project Coordinator",
      "fitria@optiklink.example.id",
      "Jl. TB Simatupang Kav. 17, Jakarta Selatan",
      "won",
      "Berlangganan Business Tahunan via kode MITRA10.",
    ],
    ["Yosef Manurung", "PT Bangun Cipta Lestari", "Estimator", "yosef@bcl.example.id", "Jl. Ahmad Yani No. 5, Bekasi", "contacted", "Minta demo online minggu depan."],
  ];
  rows.forEach(([name, company, position, email, address, status, note], i) => {
    store.insert("sales-contact", {
      name,
      company_name: company,
      position,
      email,
      phone: `08${ctx.rng.int(11, 99)}-${ctx.rng.int(1000, 9999)}-${ctx.rng.int(1000, 9999)}`,
      address,
      status,
      note,
      created_at: clock.iso(-200 + i * 17, 10),
    });
  });
}

/** The company's subscription payments: what made its current package and end date. */
export function buildSubscriptions(ctx: Ctx, company: CompanyBuild, cat: Catalogue): void {
  const { store, clock } = ctx;
  const def = company.def;
  let serial = 1;
  const tx = (opts: {
    pkg: string;
    referral?: string;
    method: string;
    status: string;
    createdDay: number;
    paidDay?: number;
    periodStart?: number;
    periodEnd?: number;
    note?: string;
  }): void => {
    const pkg = cat.packages.get(opts.pkg)!;
    const ref = opts.referral ? cat.referrals.get(opts.referral)! : null;
    const amount = pkg.price as number;
    const discount = ref ? rupiah((amount * (ref.discount as number)) / 100) : 0;
    const created = clock.at(opts.createdDay, 9 + (serial % 6), 12 + serial);
    const invoice = `INV/FW/${wibDate(created).replace(/-/g, "")}/${def.code}-${String(serial++).padStart(3, "0")}`;
    const paid = opts.paidDay !== undefined ? clock.iso(opts.paidDay, 14, 5 + serial) : null;
    const row = store.insert("product-transaction", {
      company_id: company.id,
      invoice_number: invoice,
      package_id: pkg.id,
      refferal_code_id: ref?.id ?? null,
      amount,
      discount,
      total: amount - discount,
      payment_method: opts.method,
      status: opts.status,
      paid_at: paid,
      period_start: opts.periodStart !== undefined ? clock.date(opts.periodStart) : null,
      period_end: opts.periodEnd !== undefined ? clock.date(opts.periodEnd) : null,
      user_id: company.admin.id,
      created_at: clock.iso(opts.createdDay, 9, 0),
    });
    store.insert("transaction-history", {
      company_id: company.id,
      transaction_id: row.id,
      event: "created",
      amount: amount - discount,
      note: `Tagihan ${invoice} dibuat (${pkg.name})`,
      created_at: row.created_at,
    });
    if (opts.status !== "pending") {
      const eventDay = opts.paidDay ?? opts.createdDay + 1;
      const notes: Record<string, string> = {
        paid: `Pembayaran diterima via ${opts.method.replace("_", " ")}`,
        failed: "Pembayaran ditolak oleh bank penerbit",
        expired: "Batas waktu pembayaran 24 jam terlewati",
        cancelled: "Dibatalkan oleh admin perusahaan",
      };
      store.insert("transaction-history", {
        company_id: company.id,
        transaction_id: row.id,
        event: opts.status,
        amount: amount - discount,
        note: opts.note ?? notes[opts.status],
        created_at: clock.iso(eventDay, 14, 6),
      });
    }
  };
  const end = def.subscriptionEnd;
  const join = def.joined;
  tx({ pkg: "TRL-01", method: "virtual_account", status: "paid", createdDay: join, paidDay: join, periodStart: join, periodEnd: join + 30 });
  if (def.key === "dk") {
    tx({
      pkg: "BUS-12",
      referral: "AWALTAHUN25",
      method: "bank_transfer",
      status: "paid",
      createdDay: join + 28,
      paidDay: join + 29,
      periodStart: join + 30,
      periodEnd: end - 365,
    });
    tx({ pkg: "BUS-12", method: "credit_card", status: "failed", createdDay: end - 368 });
    tx({ pkg: "BUS-12", referral: "MITRA10", method: "virtual_account", status: "paid", createdDay: end - 367, paidDay: end - 366, periodStart: end - 365, periodEnd: end });
  } else {
    tx({ pkg: "STR-01", method: "e_wallet", status: "expired", createdDay: join + 27 });
    tx({ pkg: "STD-12", referral: "FTTHJABAR15", method: "bank_transfer", status: "paid", createdDay: join + 28, paidDay: join + 29, periodStart: join + 30, periodEnd: end });
    tx({ pkg: "BUS-12", method: "virtual_account", status: "pending", createdDay: -1 });
  }
}
