// The two demo companies as data: who they are, their master data and their projects with
// real places in Jakarta and Bandung. The builders turn this into rows.
import type { Region } from "./names";

/** A point near a site, in metres east (dx) and north (dy) of the site centre. */
export interface Place {
  name: string;
  address: string;
  dx: number;
  dy: number;
}

export interface SiteDef {
  lon: number;
  lat: number;
  /** Street grid orientation in degrees (0: streets run east-west and north-south). */
  gridAngle: number;
  /** Block size of the street grid around the site, metres. */
  block: number;
  /** Streets around the site, for addresses of FTTH nodes and alerts. */
  streets: string[];
  /** Where workers clock in and out (gates, base camps). */
  gates: Place[];
  /** Work-area labels of presence. */
  zones: string[];
  lunch: Place[];
  /** A store or warehouse the logistics crew drives to. */
  depot: Place;
  /** Radius of the work spots, metres. */
  spread: number;
  /** Linear works (a road): spots lie along the grid's east-west axis. */
  linear?: boolean;
}

export type ProjectStatus = "planning" | "in_progress" | "on_hold" | "completed" | "cancelled";

export interface ProjectDef {
  code: string;
  name: string;
  type: string;
  status: ProjectStatus;
  /** Days from today. */
  start: number;
  end: number;
  budget: number;
  client: string;
  address: string;
  description: string;
  colour: string;
  site: SiteDef;
  /** Field workers on it now. */
  workers: number;
  /** Cost performance the project runs at (EV / AC). */
  cpi: number;
  /** How many points of progress it lags the plan. */
  lag: number;
  /** Homes passed (FTTH) or building floors: drives the size of the FTTH tree. */
  ftthScale: number;
  /** The site's IANA zone when it is not the company's (a site in another part of Indonesia). */
  timeZone?: string;
  /** Radius of the work area around the site, metres (clock-ins inside or outside it). */
  workRadiusM: number;
}

export interface AccountDef {
  email: string;
  name: string;
  female: boolean;
}

export interface CompanyDef {
  key: "dk" | "ct";
  name: string;
  code: string;
  industry: "construction" | "telecom";
  email: string;
  phone: string;
  address: string;
  npwp: string;
  colour: string;
  initials: string;
  region: Region;
  /** NIK region code (Kota Jakarta Selatan 3174, Kota Bandung 3273). */
  nikRegion: string;
  city: string;
  packageCode: string;
  status: "active" | "trial";
  /** Days from today. */
  joined: number;
  subscriptionEnd: number;
  admin: AccountDef;
  pm: AccountDef;
  supervisor: AccountDef;
  workerEmail: (n: number) => string;
  /** Worker numbers in the emails (worker1..: company 1; worker21..: company 2). */
  firstWorker: number;
  divisions: Array<[name: string, code: string, description: string]>;
  fieldDivision: string;
  projectTypes: Array<[name: string, code: string, description: string, colour: string]>;
  phases: Array<[name: string, code: string, description: string, colour: string]>;
  projectRoles: Array<[name: string, code: string, description: string]>;
  /** Project roles of field workers, the first one a crew leader. */
  workerRoles: string[];
  projects: ProjectDef[];
}

const DK_SITE_COLOURS = ["#1677ff", "#13c2c2", "#fa8c16", "#722ed1", "#8c8c8c"];
const CT_SITE_COLOURS = ["#eb2f96", "#52c41a", "#2f54eb", "#faad14", "#8c8c8c"];

export const COMPANIES: CompanyDef[] = [
  {
    key: "dk",
    name: "PT Demo Konstruksi",
    code: "DMK",
    industry: "construction",
    email: "info@demokonstruksi.co.id",
    phone: "021-5790-1234",
    address: "Menara Karya Lt. 11, Jl. H.R. Rasuna Said Blok X-5 Kav. 1-2, Kuningan, Jakarta Selatan 12950",
    npwp: "01.234.567.8-061.000",
    colour: "#1d4ed8",
    initials: "DK",
    region: "jakarta",
    nikRegion: "317404",
    city: "Jakarta",
    packageCode: "BUS-12",
    status: "active",
    joined: -410,
    subscriptionEnd: 350,
    admin: { email: "admin@demo.test", name: "Rina Kartika", female: true },
    pm: { email: "pm@demo.test", name: "Budi Santoso", female: false },
    supervisor: { email: "supervisor@demo.test", name: "Agus Setiawan", female: false },
    workerEmail: (n) => `worker${n}@demo.test`,
    firstWorker: 1,
    divisions: [
      ["Direksi", "DIR", "Direktur utama dan direktur operasional"],
      ["Engineering", "ENG", "Perencanaan teknis, gambar kerja, quantity surveyor"],
      ["Operasional Lapangan", "OPS", "Site manager, pengawas, mandor dan tukang"],
      ["Logistik & Pengadaan", "LOG", "Pembelian material, gudang, alat berat"],
      ["K3 / HSE", "HSE", "Keselamatan dan kesehatan kerja, lingkungan"],
      ["Keuangan & Administrasi", "FIN", "Keuangan, pajak, administrasi kontrak"],
    ],
    fieldDivision: "Operasional Lapangan",
    projectTypes: [
      ["Gedung Bertingkat", "GDG", "Gedung perkantoran dan hunian vertikal", "#1677ff"],
      ["Renovasi", "RNV", "Renovasi dan rehabilitasi bangunan", "#13c2c2"],
      ["Jalan & Jembatan", "JLN", "Pekerjaan jalan, drainase dan jembatan", "#fa8c16"],
      ["Perumahan", "PRM", "Perumahan tapak (landed house)", "#722ed1"],
      ["Gudang & Industri", "GDI", "Gudang, pabrik dan bangunan industri", "#8c8c8c"],
    ],
    phases: [
      ["Inisiasi", "INI", "Tender, negosiasi dan kontrak", "#bfbfbf"],
      ["Perencanaan", "PLN", "Desain, RAB, jadwal dan perizinan (PBG)", "#69b1ff"],
      ["Pelaksanaan", "EXE", "Pekerjaan fisik di lapangan", "#1677ff"],
      ["Serah Terima I (PHO)", "PHO", "Provisional hand over", "#52c41a"],
      ["Masa Pemeliharaan", "MNT", "Masa pemeliharaan 180 hari", "#95de64"],
      ["Serah Terima II (FHO)", "FHO", "Final hand over", "#237804"],
    ],
    projectRoles: [
      ["Project Manager", "PM", "Penanggung jawab proyek"],
      ["Site Manager", "SM", "Pimpinan pelaksanaan di lapangan"],
      ["Pengawas Lapangan", "SPV", "Pengawas pekerjaan harian"],
      ["Site Engineer", "SE", "Gambar kerja, metode kerja, opname"],
      ["Quantity Surveyor", "QS", "Volume pekerjaan dan progres tagihan"],
      ["Petugas K3", "HSE", "Inspeksi K3 dan safety briefing"],
      ["Mandor", "MDR", "Kepala regu tukang"],
      ["Tukang", "TKG", "Tukang batu, besi, kayu"],
      ["Operator Alat Berat", "OPR", "Operator excavator, crane, vibro roller"],
      ["Logistik", "LOG", "Penerimaan dan pengiriman material"],
    ],
    workerRoles: ["Mandor", "Tukang", "Tukang", "Operator Alat Berat", "Logistik", "Tukang", "Petugas K3", "Tukang"],
    projects: [
      {
        code: "PRJ-DK-2401",
        name: "Pembangunan Gedung Kantor Graha Sudirman 18 Lantai",
        type: "Gedung Bertingkat",
        status: "in_progress",
        start: -230,
        end: 320,
        budget: 48_750_000_000,
        client: "PT Graha Sudirman Properti",
        address: "Jl. Jend. Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190",
        description: "Gedung kantor 18 lantai + 3 basement, struktur beton bertulang, luas bangunan ±32.000 m².",
        colour: DK_SITE_COLOURS[0],
        workers: 8,
        cpi: 0.96,
        lag: 4,
        ftthScale: 18,
        workRadiusM: 150,
        site: {
          lon: 106.80952,
          lat: -6.22548,
          gridAngle: 28,
          block: 110,
          streets: ["Jl. Jend. Sudirman", "Jl. Senopati", "Jl. Tulodong Atas", "Jl. Tulodong Bawah", "Jl. Suryo", "Jl. Jend. Gatot Subroto"],
          gates: [
            { name: "Gerbang Utama Proyek", address: "Jl. Jend. Sudirman Kav. 52, Jakarta Selatan", dx: -45, dy: 20 },
            { name: "Pos Satpam Belakang", address: "Jl. Tulodong Atas No. 8, Kebayoran Baru, Jakarta Selatan", dx: 60, dy: -35 },
            { name: "Direksi Keet", address: "Jl. Jend. Sudirman Kav. 53, Jakarta Selatan", dx: -20, dy: -40 },
          ],
          zones: ["Zona A - Basement 2", "Zona B - Podium Lt. 3", "Zona C - Tower Lt. 9", "Area Tower Crane TC-1", "Los Besi & Bekisting"],
          lunch: [
            { name: "Warung Padang Sederhana", address: "Jl. Senopati No. 21, Kebayoran Baru", dx: 210, dy: -160 },
            { name: "Kantin Proyek", address: "Jl. Jend. Sudirman Kav. 52-53", dx: -30, dy: -55 },
          ],
          depot: { name: "Toko Bangunan Sinar Jaya", address: "Jl. Kyai Maja No. 40, Kebayoran Baru", dx: -1650, dy: -900 },
          spread: 55,
        },
      },
      {
        code: "PRJ-DK-2402",
        name: "Renovasi Gedung SDN Menteng 01",
        type: "Renovasi",
        status: "in_progress",
        start: -95,
        end: 35,
        budget: 3_850_000_000,
        client: "Dinas Pendidikan Provinsi DKI Jakarta",
        address: "Jl. Besuki No. 4, Menteng, Jakarta Pusat 10310",
        description: "Rehabilitasi total 12 ruang kelas, atap baja ringan, plafon, instalasi listrik dan sanitasi.",
        colour: DK_SITE_COLOURS[1],
        workers: 5,
        cpi: 1.03,
        lag: 1,
        ftthScale: 4,
        workRadiusM: 120,
        site: {
          lon: 106.83346,
          lat: -6.19873,
          gridAngle: 8,
          block: 90,
          streets: ["Jl. Besuki", "Jl. H.O.S. Cokroaminoto", "Jl. Teuku Umar", "Jl. Diponegoro", "Jl. Sutan Syahrir", "Jl. Imam Bonjol"],
          gates: [
            { name: "Gerbang Sekolah", address: "Jl. Besuki No. 4, Menteng, Jakarta Pusat", dx: -15, dy: 25 },
            { name: "Gudang Sementara", address: "Jl. Besuki No. 2, Menteng, Jakarta Pusat", dx: 30, dy: -20 },
          ],
          zones: ["Gedung A - Ruang Kelas 1-6", "Gedung B - Ruang Kelas 7-12", "Atap Gedung A", "Toilet & Sanitasi", "Halaman Upacara"],
          lunch: [
            { name: "Warteg Bahari", address: "Jl. Sutan Syahrir No. 9, Menteng", dx: 180, dy: 120 },
            { name: "Bakso Pak Kumis", address: "Jl. H.O.S. Cokroaminoto No. 31, Menteng", dx: -140, dy: 160 },
          ],
          depot: { name: "Toko Besi & Bangunan Cikini", address: "Jl. Cikini Raya No. 88, Menteng", dx: 1100, dy: 350 },
          spread: 35,
        },
      },
      {
        code: "PRJ-DK-2403",
        name: "Pembangunan Jalan Akses Kawasan Industri Pulogadung",
        type: "Jalan & Jembatan",
        status: "in_progress",
        start: -70,
        end: 110,
        budget: 12_600_000_000,
        client: "PT Jakarta Industrial Estate Pulogadung",
        address: "Jl. Rawa Gelam III, Kawasan Industri Pulogadung, Cakung, Jakarta Timur 13930",
        description: "Jalan beton K-350 lebar 8 m sepanjang 1,4 km, saluran U-ditch dan PJU.",
        colour: DK_SITE_COLOURS[2],
        workers: 7,
        cpi: 0.87,
        lag: 9,
        ftthScale: 6,
        workRadiusM: 900,
        site: {
          lon: 106.91043,
          lat: -6.19218,
          gridAngle: 12,
          block: 140,
          streets: ["Jl. Rawa Gelam III", "Jl. Rawa Sumur", "Jl. Pulo Lentut", "Jl. Pulo Ayang", "Jl. Raya Bekasi", "Jl. Pulogadung"],
          gates: [
            { name: "Base Camp STA 0+000", address: "Jl. Rawa Gelam III No. 1, Pulogadung, Jakarta Timur", dx: -620, dy: 10 },
            { name: "Batching Plant Sementara", address: "Jl. Rawa Sumur Kav. 4, Pulogadung, Jakarta Timur", dx: -80, dy: -70 },
          ],
          zones: ["STA 0+000 - 0+350", "STA 0+350 - 0+700", "STA 0+700 - 1+050", "STA 1+050 - 1+400", "Saluran U-Ditch Sisi Kiri"],
          lunch: [
            { name: "Warung Nasi Bu Yati", address: "Jl. Pulo Lentut No. 5, Pulogadung", dx: -300, dy: 130 },
            { name: "Warteg Kharisma Bahari", address: "Jl. Rawa Gelam IV No. 2, Pulogadung", dx: 260, dy: -140 },
          ],
          depot: { name: "Depo Material Pulogadung", address: "Jl. Raya Bekasi Km. 21, Cakung", dx: 1900, dy: -650 },
          spread: 80,
          linear: true,
        },
      },
      {
        // A site in Makassar (WITA, UTC+8): its days and lateness are in its own zone.
        code: "PRJ-DK-2404",
        name: "Perumahan Bukit Baruga Residence Tahap 2, Makassar",
        type: "Perumahan",
        status: "planning",
        start: 21,
        end: 420,
        budget: 27_900_000_000,
        client: "PT Baruga Griya Sulawesi",
        address: "Jl. Bukit Baruga Raya, Antang, Manggala, Kota Makassar, Sulawesi Selatan 90234",
        description: "86 unit rumah tipe 45/90 dan 60/120, jalan lingkungan, saluran dan taman.",
        colour: DK_SITE_COLOURS[3],
        workers: 0,
        cpi: 1,
        lag: 0,
        ftthScale: 5,
        timeZone: "Asia/Makassar",
        workRadiusM: 300,
        site: {
          lon: 119.48553,
          lat: -5.17121,
          gridAngle: 0,
          block: 100,
          streets: ["Jl. Bukit Baruga Raya", "Jl. Antang Raya", "Jl. Tamangapa Raya", "Jl. Dg. Hayo"],
          gates: [{ name: "Kantor Pemasaran", address: "Jl. Bukit Baruga Raya No. 1, Antang, Makassar", dx: 0, dy: 40 }],
          zones: ["Blok A", "Blok B", "Blok C"],
          lunch: [{ name: "Warung Coto Daeng Sija", address: "Jl. Antang Raya No. 17, Makassar", dx: 150, dy: 90 }],
          depot: { name: "Toko Bangunan Antang Jaya", address: "Jl. Antang Raya No. 140, Makassar", dx: -900, dy: 300 },
          spread: 90,
        },
      },
      {
        code: "PRJ-DK-2301",
        name: "Pembangunan Gudang Logistik Cilincing",
        type: "Gudang & Industri",
        status: "completed",
        start: -430,
        end: -40,
        budget: 9_750_000_000,
        client: "PT Samudera Logistik Nusantara",
        address: "Jl. Cilincing Raya No. 12, Cilincing, Jakarta Utara 14120",
        description: "Gudang baja bentang 40 m, luas 6.400 m², lantai beton floor hardener, loading dock 8 pintu.",
        colour: DK_SITE_COLOURS[4],
        workers: 0,
        cpi: 0.98,
        lag: 0,
        ftthScale: 3,
        workRadiusM: 200,
        site: {
          lon: 106.94318,
          lat: -6.11236,
          gridAngle: 20,
          block: 120,
          streets: ["Jl. Cilincing Raya", "Jl. Sungai Landak", "Jl. Kalibaru Timur", "Jl. Akses Marunda"],
          gates: [{ name: "Gerbang Gudang", address: "Jl. Cilincing Raya No. 12, Jakarta Utara", dx: 0, dy: 50 }],
          zones: ["Area Gudang", "Loading Dock"],
          lunch: [{ name: "Warung Ikan Bakar Cilincing", address: "Jl. Cilincing Raya No. 30", dx: 200, dy: 60 }],
          depot: { name: "Toko Besi Kalibaru", address: "Jl. Kalibaru Timur No. 3", dx: -800, dy: 200 },
          spread: 60,
        },
      },
    ],
  },
  {
    key: "ct",
    name: "PT Contoh Telekomunikasi",
    code: "CTK",
    industry: "telecom",
    email: "halo@contohtelko.co.id",
    phone: "022-8730-5566",
    address: "Jl. Soekarno-Hatta No. 590, Sekejati, Buahbatu, Kota Bandung, Jawa Barat 40286",
    npwp: "02.876.543.2-424.000",
    colour: "#c2410c",
    initials: "CT",
    region: "bandung",
    nikRegion: "327312",
    city: "Bandung",
    packageCode: "STD-12",
    status: "active",
    joined: -330,
    subscriptionEnd: 65,
    admin: { email: "admin2@demo.test", name: "Dewi Lestari", female: true },
    pm: { email: "pm2@demo.test", name: "Hendra Gunawan", female: false },
    supervisor: { email: "supervisor2@demo.test", name: "Asep Sunandar", female: false },
    workerEmail: (n) => `worker${n}@demo.test`,
    firstWorker: 21,
    divisions: [
      ["Manajemen", "MGT", "Direksi dan manajemen proyek"],
      ["Network Planning", "NPL", "Survey, desain jaringan, BOQ, KMZ"],
      ["Instalasi FTTH", "INS", "Penarikan kabel, splicing, instalasi ODC/ODP"],
      ["Operation & Maintenance", "OMT", "Gangguan dan pemeliharaan jaringan"],
      ["Logistik", "LOG", "Gudang material dan alat kerja"],
      ["K3 / HSE", "HSE", "Keselamatan kerja di ketinggian dan jalan raya"],
    ],
    fieldDivision: "Instalasi FTTH",
    projectTypes: [
      ["FTTH Homepass", "FTH", "Jaringan akses FTTH ke perumahan", "#eb2f96"],
      ["Backbone / Feeder", "BBN", "Kabel feeder dan backbone antar STO", "#2f54eb"],
      ["Fiber to the Building", "FTB", "Jaringan fiber di gedung (in-building)", "#13c2c2"],
      ["Maintenance Jaringan", "MNT", "Pemeliharaan dan relokasi jaringan", "#faad14"],
    ],
    phases: [
      ["Survey", "SRV", "Survey lapangan dan homepass", "#bfbfbf"],
      ["Desain & Perizinan", "DSN", "Desain jaringan, BOQ, izin galian dan tiang", "#69b1ff"],
      ["Instalasi", "INS", "Tanam tiang, tarik kabel, pasang ODC/ODP", "#eb2f96"],
      ["Commissioning & Uji", "COM", "Splicing, uji OTDR dan power meter", "#52c41a"],
      ["Serah Terima (BAST)", "BST", "Berita acara serah terima dan as-built drawing", "#237804"],
    ],
    projectRoles: [
      ["Project Manager", "PM", "Penanggung jawab proyek"],
      ["Koordinator Lapangan", "KORLAP", "Koordinator tim instalasi"],
      ["Network Engineer", "NE", "Desain jaringan dan commissioning"],
      ["Drafter", "DRF", "KMZ, as-built drawing"],
      ["Teknisi Splicer", "SPL", "Splicing dan uji OTDR"],
      ["Teknisi Instalasi", "INS", "Tarik kabel, pasang ODP dan tiang"],
      ["Helper", "HLP", "Pembantu teknisi"],
      ["Petugas K3", "HSE", "Pengawasan K3 pekerjaan di ketinggian"],
    ],
    workerRoles: ["Koordinator Lapangan", "Teknisi Splicer", "Teknisi Instalasi", "Teknisi Instalasi", "Helper", "Teknisi Splicer", "Helper", "Teknisi Instalasi", "Petugas K3"],
    projects: [
      {
        code: "PRJ-CT-2407",
        name: "FTTH Dago - Coblong 2.000 Homepass",
        type: "FTTH Homepass",
        status: "in_progress",
        start: -80,
        end: 40,
        budget: 4_250_000_000,
        client: "PT Nusantara Fiber Net",
        address: "Jl. Ir. H. Juanda (Dago), Coblong, Kota Bandung 40135",
        description: "Jaringan FTTH 2.000 homepass: 1 OLT, 4 ODC 144 core, 125 ODP 16 port, kabel udara.",
        colour: CT_SITE_COLOURS[0],
        workers: 9,
        cpi: 1.01,
        lag: 3,
        ftthScale: 4,
        workRadiusM: 1500,
        site: {
          lon: 107.61352,
          lat: -6.88702,
          gridAngle: 15,
          block: 120,
          streets: ["Jl. Ir. H. Juanda", "Jl. Dago Asri", "Jl. Bukit Dago Utara", "Jl. Tubagus Ismail", "Jl. Sangkuriang", "Jl. Dayang Sumbi", "Jl. Cisitu Lama", "Jl. Dago Pojok"],
          gates: [
            { name: "Basecamp FTTH Dago", address: "Jl. Ir. H. Juanda No. 312, Dago, Coblong, Bandung", dx: -20, dy: 10 },
            { name: "Gudang Material Cisitu", address: "Jl. Cisitu Lama No. 44, Coblong, Bandung", dx: -420, dy: -260 },
          ],
          zones: ["Cluster ODC-DGO-01", "Cluster ODC-DGO-02", "Cluster ODC-DGO-03", "Cluster ODC-DGO-04", "Jalur Feeder Jl. Ir. H. Juanda"],
          lunch: [
            { name: "Warung Nasi Ampera Dago", address: "Jl. Ir. H. Juanda No. 290, Bandung", dx: 60, dy: -140 },
            { name: "Mie Kocok Mang Dadeng", address: "Jl. Tubagus Ismail No. 7, Bandung", dx: 380, dy: 90 },
          ],
          depot: { name: "Gudang CTK Soekarno-Hatta", address: "Jl. Soekarno-Hatta No. 590, Bandung", dx: 2400, dy: -5800 },
          spread: 650,
        },
      },
      {
        code: "PRJ-CT-2408",
        name: "FTTH Antapani 1.500 Homepass",
        type: "FTTH Homepass",
        status: "in_progress",
        start: -45,
        end: 75,
        budget: 3_180_000_000,
        client: "PT Nusantara Fiber Net",
        address: "Jl. Terusan Jakarta, Antapani, Kota Bandung 40291",
        description: "Jaringan FTTH 1.500 homepass kawasan Antapani: 3 ODC, 94 ODP, kabel udara dan tanam.",
        colour: CT_SITE_COLOURS[1],
        workers: 8,
        cpi: 0.94,
        lag: 6,
        ftthScale: 3,
        workRadiusM: 1500,
        site: {
          lon: 107.66058,
          lat: -6.91352,
          gridAngle: 5,
          block: 100,
          streets: ["Jl. Terusan Jakarta", "Jl. Purwakarta", "Jl. Subang", "Jl. Cibatu", "Jl. Kuningan Raya", "Jl. Indramayu", "Jl. Sukabumi"],
          gates: [
            { name: "Basecamp FTTH Antapani", address: "Jl. Terusan Jakarta No. 128, Antapani, Bandung", dx: 0, dy: 0 },
            { name: "Posko Jl. Purwakarta", address: "Jl. Purwakarta No. 51, Antapani, Bandung", dx: 300, dy: 200 },
          ],
          zones: ["Cluster ODC-ATP-01", "Cluster ODC-ATP-02", "Cluster ODC-ATP-03", "Jalur Feeder Jl. Terusan Jakarta"],
          lunch: [
            { name: "Warung Sunda Ibu Imas", address: "Jl. Subang No. 12, Antapani", dx: -150, dy: 210 },
            { name: "Bakso Cuanki Serayu", address: "Jl. Kuningan Raya No. 3, Antapani", dx: 240, dy: -120 },
          ],
          depot: { name: "Gudang CTK Soekarno-Hatta", address: "Jl. Soekarno-Hatta No. 590, Bandung", dx: -2300, dy: -2900 },
          spread: 550,
        },
      },
      {
        code: "PRJ-CT-2409",
        name: "FTTH Buahbatu - Margacinta 1.200 Homepass",
        type: "FTTH Homepass",
        status: "in_progress",
        start: -20,
        end: 100,
        budget: 2_640_000_000,
        client: "PT Parahyangan Media Link",
        address: "Jl. Terusan Buahbatu, Margacinta, Kota Bandung 40287",
        description: "Jaringan FTTH 1.200 homepass perumahan Margacinta dan Cijawura.",
        colour: CT_SITE_COLOURS[2],
        workers: 7,
        cpi: 0.99,
        lag: 2,
        ftthScale: 3,
        workRadiusM: 1500,
        site: {
          lon: 107.63902,
          lat: -6.95598,
          gridAngle: 22,
          block: 110,
          streets: ["Jl. Terusan Buahbatu", "Jl. Margacinta", "Jl. Cijawura Hilir", "Jl. Kliningan", "Jl. Rancabolang", "Jl. Batununggal Indah"],
          gates: [
            { name: "Basecamp FTTH Margacinta", address: "Jl. Margacinta No. 77, Buahbatu, Bandung", dx: 10, dy: -10 },
            { name: "Gudang CTK Soekarno-Hatta", address: "Jl. Soekarno-Hatta No. 590, Bandung", dx: -320, dy: 560 },
          ],
          zones: ["Cluster ODC-MGC-01", "Cluster ODC-MGC-02", "Cluster ODC-MGC-03", "Jalur Feeder Jl. Terusan Buahbatu"],
          lunch: [
            { name: "Warung Nasi Ma Uneh", address: "Jl. Kliningan No. 9, Buahbatu", dx: -260, dy: 140 },
            { name: "Seblak Teh Rika", address: "Jl. Cijawura Hilir No. 20", dx: 200, dy: -230 },
          ],
          depot: { name: "Gudang CTK Soekarno-Hatta", address: "Jl. Soekarno-Hatta No. 590, Bandung", dx: -320, dy: 560 },
          spread: 520,
        },
      },
      {
        code: "PRJ-CT-2405",
        name: "Backbone Fiber Optik Jl. Soekarno-Hatta 12 km",
        type: "Backbone / Feeder",
        status: "on_hold",
        start: -150,
        end: 60,
        budget: 6_900_000_000,
        client: "PT Jabar Infrastruktur Digital",
        address: "Jl. Soekarno-Hatta, Batununggal, Kota Bandung 40266",
        description: "Kabel backbone 96 core tanam (HDD) 12 km. Ditunda: menunggu izin galian dari Dinas PUPR Kota Bandung.",
        colour: CT_SITE_COLOURS[3],
        workers: 0,
        cpi: 0.91,
        lag: 12,
        ftthScale: 2,
        workRadiusM: 1500,
        site: {
          lon: 107.63102,
          lat: -6.94298,
          gridAngle: 3,
          block: 200,
          streets: ["Jl. Soekarno-Hatta", "Jl. Gatot Subroto", "Jl. Kiaracondong", "Jl. Batununggal Indah"],
          gates: [{ name: "Posko Backbone", address: "Jl. Soekarno-Hatta No. 455, Bandung", dx: 0, dy: 0 }],
          zones: ["Segmen 1 (Kiaracondong)", "Segmen 2 (Buahbatu)", "Segmen 3 (Gedebage)"],
          lunch: [{ name: "RM Sunda Ampera", address: "Jl. Soekarno-Hatta No. 420", dx: 200, dy: 50 }],
          depot: { name: "Gudang CTK Soekarno-Hatta", address: "Jl. Soekarno-Hatta No. 590, Bandung", dx: 800, dy: -100 },
          spread: 1500,
          linear: true,
        },
      },
      {
        code: "PRJ-CT-2402",
        name: "FTTH Cigadung Residence 800 Homepass",
        type: "FTTH Homepass",
        status: "completed",
        start: -300,
        end: -95,
        budget: 1_760_000_000,
        client: "PT Nusantara Fiber Net",
        address: "Jl. Cigadung Raya Barat, Cibeunying Kaler, Kota Bandung 40191",
        description: "Jaringan FTTH 800 homepass, sudah BAST dan aktif melayani pelanggan.",
        colour: CT_SITE_COLOURS[4],
        workers: 0,
        cpi: 1.04,
        lag: 0,
        ftthScale: 2,
        workRadiusM: 1500,
        site: {
          lon: 107.62598,
          lat: -6.87912,
          gridAngle: 10,
          block: 100,
          streets: ["Jl. Cigadung Raya Barat", "Jl. Cigadung Raya Timur", "Jl. Cikutra", "Jl. Sekeloa"],
          gates: [{ name: "Posko Cigadung", address: "Jl. Cigadung Raya Barat No. 10, Bandung", dx: 0, dy: 0 }],
          zones: ["Cluster ODC-CGD-01", "Cluster ODC-CGD-02"],
          lunch: [{ name: "Warung Kopi Cigadung", address: "Jl. Cigadung Raya Timur No. 2", dx: 150, dy: 80 }],
          depot: { name: "Gudang CTK Soekarno-Hatta", address: "Jl. Soekarno-Hatta No. 590, Bandung", dx: 1000, dy: -7000 },
          spread: 400,
        },
      },
    ],
  },
];
