// What an alert delivery says (pure): the facts stored with it when the alert is made
// (`DeliveryFacts`, alert_delivery.payload) and, at sending time, the e-mail's subject and text
// and the webhook's JSON body, in the company's language (en / id). The text names the worker,
// the place (the project's name and address, the position as longitude, latitude with a map
// link) and the time on the site's clock, and links to the alarm (or the alerts) in the app.
import { dayjs } from "../field/zones";

export type Language = "en" | "id";

export interface DeliveryFacts {
  type: string;
  severity: string;
  language: Language;
  /** The site's zone (the project's, else the company's). */
  zone: string;
  /** ISO: when it happened (the alarm's capture time). */
  at: string;
  worker: { id: number; name: string; phone: string | null } | null;
  project: { id: number; name: string; address: string | null } | null;
  /** [longitude, latitude]. */
  location: [number, number] | null;
  message: string | null;
}

export interface DeliveryTarget {
  deliveryId: number;
  alertId: number;
  panicId: number | null;
  attempt: number;
  recipient: { id: number; name: string; email: string | null; phone: string | null };
  appUrl: string;
}

const TYPE_TEXT: Record<Language, Record<string, string>> = {
  en: {
    panic_button: "raised a panic alarm",
    panic_escalated: "raised a panic alarm that nobody has acknowledged",
    geofence_exit: "left the work area",
    geofence_enter: "entered the work area",
    no_movement: "has not moved",
    low_battery: "has a low phone battery",
    late_clock_in: "clocked in late",
    clock_in_outside_area: "clocked in outside the work area",
    no_clock_in: "has not clocked in",
    phone_silent: "has sent no position",
  },
  id: {
    panic_button: "menekan tombol darurat",
    panic_escalated: "menekan tombol darurat dan belum ada yang menanggapi",
    geofence_exit: "keluar dari area kerja",
    geofence_enter: "masuk ke area kerja",
    no_movement: "tidak bergerak",
    low_battery: "baterai HP-nya lemah",
    late_clock_in: "absen masuk terlambat",
    clock_in_outside_area: "absen masuk di luar area kerja",
    no_clock_in: "belum absen masuk",
    phone_silent: "tidak mengirim posisi",
  },
};

const WORDS = {
  en: {
    panic: "PANIC",
    escalated: "PANIC NOT ACKNOWLEDGED",
    alert: "Alert",
    someone: "Someone",
    when: "When",
    where: "Where",
    position: "Position (longitude, latitude)",
    noPosition: "no position was sent",
    map: "Map",
    message: "Message",
    open: "Open the alarm",
    openAlerts: "Open the alerts",
    at: "at",
  },
  id: {
    panic: "DARURAT",
    escalated: "DARURAT BELUM DITANGGAPI",
    alert: "Peringatan",
    someone: "Seseorang",
    when: "Waktu",
    where: "Lokasi",
    position: "Posisi (bujur, lintang)",
    noPosition: "posisi tidak terkirim",
    map: "Peta",
    message: "Pesan",
    open: "Buka alarm",
    openAlerts: "Buka peringatan",
    at: "di",
  },
} as const;

/** DD-MM-YYYY HH:mm:ss on the site's clock, with the zone's name (e.g. Asia/Jakarta). */
export function siteTime(iso: string, zone: string): string {
  const d = dayjs(iso).tz(zone);
  return `${d.format("DD-MM-YYYY HH:mm:ss")} (${zone})`;
}

const coord = (n: number) => n.toFixed(6);

/** An OpenStreetMap link to the position. */
export const mapLink = ([lon, lat]: [number, number]): string => `https://www.openstreetmap.org/?mlat=${coord(lat)}&mlon=${coord(lon)}#map=18/${coord(lat)}/${coord(lon)}`;

/** The place in words: the project's name and address, else "-". */
const placeOf = (f: DeliveryFacts): string => (f.project ? [f.project.name, f.project.address].filter(Boolean).join(", ") : "-");

/** The app's link to what the delivery is about. */
export const linkOf = (t: Pick<DeliveryTarget, "appUrl" | "panicId">): string => (t.panicId !== null ? `${t.appUrl}/#/panic-button/show/${t.panicId}` : `${t.appUrl}/#/alert`);

export function mailOf(f: DeliveryFacts, t: DeliveryTarget): { subject: string; text: string } {
  const w = WORDS[f.language];
  const who = f.worker?.name ?? w.someone;
  const what = TYPE_TEXT[f.language][f.type] ?? f.type;
  const head = f.type === "panic_button" ? w.panic : f.type === "panic_escalated" ? w.escalated : w.alert;
  const place = placeOf(f);
  const subject = `${head}: ${who} ${what}${f.project ? ` ${w.at} ${f.project.name}` : ""}`;
  const lines = [
    `${who} ${what}.`,
    "",
    `${w.when}: ${siteTime(f.at, f.zone)}`,
    `${w.where}: ${place}`,
    `${w.position}: ${f.location ? `${coord(f.location[0])}, ${coord(f.location[1])}` : w.noPosition}`,
    ...(f.location ? [`${w.map}: ${mapLink(f.location)}`] : []),
    ...(f.message ? [`${w.message}: ${f.message}`] : []),
    ...(f.worker?.phone ? [`${who}: ${f.worker.phone}`] : []),
    "",
    `${t.panicId !== null ? w.open : w.openAlerts}: ${linkOf(t)}`,
  ];
  return { subject, text: lines.join("\n") };
}

/** The webhook's JSON body (docs/api.md "Alert deliveries"). */
export function webhookBodyOf(f: DeliveryFacts, t: DeliveryTarget): Record<string, unknown> {
  const mail = mailOf(f, t);
  return {
    delivery_id: t.deliveryId,
    attempt: t.attempt,
    alert_id: t.alertId,
    panic_id: t.panicId,
    type: f.type,
    severity: f.severity,
    at: f.at,
    time_zone: f.zone,
    worker: f.worker,
    project: f.project,
    location: f.location ? { lon: f.location[0], lat: f.location[1] } : null,
    map_url: f.location ? mapLink(f.location) : null,
    message: f.message,
    link: linkOf(t),
    recipient: t.recipient,
    language: f.language,
    subject: mail.subject,
    text: mail.text,
  };
}
