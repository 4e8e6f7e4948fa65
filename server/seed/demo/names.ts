// Indonesian people: first names and family names by region, birth places, and a unique-name draw.
import type { Rng } from "./rand";

const JAVA_MALE = [
  "Budi",
  "Agus",
  "Slamet",
  "Joko",
  "Eko",
  "Wahyu",
  "Bambang",
  "Teguh",
  "Sugeng",
  "Heri",
  "Yanto",
  "Supri",
  "Dwi",
  "Rudi",
  "Anton",
  "Darmawan",
  "Tri",
  "Hadi",
  "Sutrisno",
  "Arif",
  "Imam",
  "Fajar",
  "Dimas",
  "Rizky",
  "Bayu",
  "Ilham",
  "Andi",
  "Yusuf",
  "Fauzi",
  "Nur Hidayat",
  "Wawan",
  "Taufik",
  "Rahmat",
  "Sigit",
  "Prasetyo",
  "Gilang",
];
const SUNDA_MALE = [
  "Asep",
  "Ujang",
  "Dadang",
  "Cecep",
  "Dede",
  "Deden",
  "Yayan",
  "Engkus",
  "Iwan",
  "Aep",
  "Jajang",
  "Ade",
  "Usep",
  "Encep",
  "Nandang",
  "Oding",
  "Endang",
  "Ridwan",
  "Rizal",
  "Galih",
  "Fikri",
  "Aldi",
  "Dani",
  "Yogi",
  "Rendi",
  "Ilham",
  "Irfan",
  "Hendi",
  "Wildan",
  "Agung",
];
const FEMALE = [
  "Siti",
  "Dewi",
  "Rina",
  "Ratna",
  "Fitri",
  "Sri",
  "Wulan",
  "Ayu",
  "Indah",
  "Yuliana",
  "Mega",
  "Putri",
  "Intan",
  "Lestari",
  "Kartika",
  "Nurul",
  "Rini",
  "Novi",
  "Euis",
  "Neneng",
  "Lilis",
  "Tuti",
];
const JAVA_FAMILY = [
  "Santoso",
  "Wijaya",
  "Saputra",
  "Pratama",
  "Hidayat",
  "Nugroho",
  "Setiawan",
  "Kurniawan",
  "Susanto",
  "Gunawan",
  "Hermawan",
  "Firmansyah",
  "Ramadhan",
  "Purnomo",
  "Wibowo",
  "Suryadi",
  "Maulana",
  "Kusuma",
  "Siregar",
  "Nasution",
  "Simanjuntak",
  "Hutapea",
  "Lubis",
  "Harahap",
  "Prabowo",
  "Utomo",
  "Hartono",
  "Suharto",
  "Wicaksono",
  "Syahputra",
];
const SUNDA_FAMILY = [
  "Sunandar",
  "Suherman",
  "Kurnia",
  "Supriatna",
  "Rohendi",
  "Kuswara",
  "Permana",
  "Sopian",
  "Hidayatullah",
  "Suryana",
  "Mulyana",
  "Gumilar",
  "Nugraha",
  "Rustandi",
  "Sudrajat",
  "Komarudin",
  "Setiadi",
  "Ruhiyat",
  "Saepudin",
  "Hermawan",
  "Kusnadi",
  "Firdaus",
];

export const JAKARTA_BIRTHPLACES = [
  "Jakarta",
  "Bekasi",
  "Bogor",
  "Tangerang",
  "Depok",
  "Semarang",
  "Surakarta",
  "Yogyakarta",
  "Tegal",
  "Cirebon",
  "Medan",
  "Palembang",
  "Lampung",
  "Purwokerto",
  "Kebumen",
  "Klaten",
  "Brebes",
];
export const BANDUNG_BIRTHPLACES = [
  "Bandung",
  "Cimahi",
  "Garut",
  "Tasikmalaya",
  "Sumedang",
  "Cianjur",
  "Sukabumi",
  "Subang",
  "Majalengka",
  "Ciamis",
  "Kuningan",
  "Purwakarta",
  "Bogor",
  "Cirebon",
];

export type Region = "jakarta" | "bandung";

/** Draws full names that never repeat within one draw. */
export class NameDraw {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng) {}

  take(region: Region, female: boolean): string {
    const firsts = female ? FEMALE : region === "bandung" ? SUNDA_MALE : JAVA_MALE;
    const families = region === "bandung" ? SUNDA_FAMILY : JAVA_FAMILY;
    for (;;) {
      const name = `${this.rng.pick(firsts)} ${this.rng.pick(families)}`;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }

  /** Marks a fixed name (a demo account's) as used. */
  reserve(name: string): string {
    this.used.add(name);
    return name;
  }
}

/** A mobile number as Indonesians write it: 08xx-xxxx-xxxx. */
export function mobile(rng: Rng): string {
  const prefix = rng.pick(["0812", "0813", "0821", "0852", "0857", "0877", "0878", "0896", "0819", "0838"]);
  return `${prefix}-${rng.int(1000, 9999)}-${rng.int(1000, 9999)}`;
}

/** A 16-digit NIK: region code, birth date (day + 40 for women), serial. */
export function nik(rng: Rng, regionCode: string, birthDate: string, female: boolean): string {
  const [y, m, d] = birthDate.split("-");
  const day = String(Number(d) + (female ? 40 : 0)).padStart(2, "0");
  return `${regionCode}${day}${m}${y.slice(2)}${String(rng.int(1, 9999)).padStart(4, "0")}`;
}
