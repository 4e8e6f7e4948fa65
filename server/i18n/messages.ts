// Server messages in English and Indonesian, chosen by Accept-Language (docs/api.md "Errors").
// `{x}` placeholders are filled from params.

export type Lang = "en" | "id";

const en = {
  ok: "OK",
  bad_request: "The request is not valid.",
  validation_failed: "Some fields are not valid.",
  unauthorized: "Your session has ended. Please sign in again.",
  forbidden: "You are not allowed to do this.",
  owner_only: "Only the platform owner can change this.",
  not_found: "Not found.",
  route_not_found: "No such address.",
  conflict: "This conflicts with existing data.",
  in_use: "This record is still used by: {list}.",
  plan_stale: "This plan was changed by someone else. Reload it to see their changes, then edit again.",
  too_large: "The request is too large.",
  unsupported_media: "This content type is not supported.",
  too_many_attempts: "Too many attempts. Please try again later.",
  rate_limited: "Too many requests. Please try again in {seconds} s.",
  server_error: "Something went wrong on the server. Please try again.",
  unavailable: "The service is not available right now. Please try again shortly.",
  read_only: "This is a read-only view: nothing can be changed here.",
  read_only_subscription_ended: "Your company's subscription has ended: you can still read everything, but nothing can be changed until it is renewed.",
  not_implemented: "This operation is not available yet.",
  not_approver: "Only the approver named on it can decide this approval.",
  already_clocked_in: "You already clocked in on {date}.",
  not_clocked_in: "You have not clocked in, so there is nothing to clock out from.",
  overlaps_presence: "Overlaps another presence ({from} - {to}).",
  presence_too_long: "A presence can be at most {max} hours long.",
  already_on_break: "You are already on a break.",
  not_on_break: "You are not on a break.",
  too_many_breaks: "At most {max} breaks in one presence.",
  before_break_start: "Must be after the break's start ({time}).",
  unresolved_exceptions: "Resolve the missing clock-outs and overlapping presences first ({dates}).",
  already_acknowledged: "This alert was already acknowledged by {name}.",
  unknown_device_key: "Unknown or revoked device key.",
  already_decided: "This approval has already been decided.",
  not_self: "You cannot disable your own account.",
  duplicate_in_file: "Also on row {row} of this file.",
  login_failed: "Wrong email or password.",
  logged_out: "Signed out.",
  forgot_sent: "If this email belongs to an account, a reset link is on its way.",
  reset_invalid: "This reset link is not valid or has expired.",
  reset_done: "Your password has been changed. Please sign in.",
  password_too_short: "At least {min} characters.",
  page_capped: "Showing the first {cap} of {total} records (the most one page may hold).",
  unknown_column: "Unknown column: {name}.",
  unknown_operator: 'Unknown operator "{op}" for {name}.',
  unknown_order: "Unknown order column: {name}.",
  bad_search_value: "Not a valid value for {name}.",
  bad_paging: "paging.start and paging.length must be numbers.",
  items_required: "items must be a non-empty list (at most {max}).",
  too_many_columns: "At most {max} columns.",
  too_deep: "Nested too deeply (at most {max} levels).",
  bad_paging_start: "Must be a whole number, 0 or more.",
  bad_paging_length: "Must be a whole number, 0 or more, or -1 for all.",
  // per field
  required: "Required.",
  not_string: "Must be text.",
  not_integer: "Must be a whole number.",
  not_number: "Must be a number.",
  not_boolean: "Must be yes or no.",
  bad_date: "Must be a date (YYYY-MM-DD).",
  bad_datetime: "Must be a date and time with an offset (ISO 8601).",
  bad_time: "Must be a time (HH:mm).",
  bad_email: "Must be an email address.",
  bad_url: "Must be a web address (http or https).",
  bad_phone: "Must be a phone number.",
  bad_color: "Must be a color like #1677ff.",
  bad_icon: "Must be an icon name.",
  bad_file_name: "Must be a stored file name.",
  bad_enum: "Must be one of: {options}.",
  bad_geo: "Must be [longitude, latitude].",
  bad_timezone: "Must be a time zone such as Asia/Jakarta.",
  bad_json: "Must be JSON.",
  json_too_large: "At most {max} characters of JSON.",
  bad_ref: "No such record.",
  bad_plan_ref: "Names no activity of this plan.",
  too_small: "Must be at least {min}.",
  too_big: "Must be at most {max}.",
  not_positive: "Must be more than 0.",
  date_before: "Must not be before {date}.",
  discount_over_gross: "The discount must not be more than quantity × unit price.",
  step_out_of_order: "This step cannot be taken now: the request is {status} ({action} is not its next step).",
  period_locked: "This day is in an approved timesheet period. Reopen the period before correcting it.",
  already_approved: "This person's timesheet is already approved for part of this period.",
  range_too_long: "At most {max} days.",
  too_long: "At most {max} characters.",
  not_unique: "This value is already used.",
  bad_text: "Contains characters that are not allowed.",
  only_self: "You can only choose yourself.",
  only_your_projects: "You can only choose your projects or the people on them.",
  review_only: "Only a reviewer (who may edit these records) can set this.",
  capture_too_old: "Must be within the last {max} hours.",
  capture_in_future: "Must not be more than {max} minutes ahead of the server's clock.",
  too_inaccurate: "The position is too inaccurate (more than {max} m). Wait for a better GPS fix.",
  not_member: "You are not a member of this project.",
  before_clock_in: "Must be after the clock-in ({time}).",
  list_required: "Must be a non-empty list (at most {max}).",
  bad_idempotency_key: "Must be 8 to 64 characters of letters, digits, _ and -.",
} as const;

export type MessageKey = keyof typeof en;

const id: Record<MessageKey, string> = {
  ok: "OK",
  bad_request: "Permintaan tidak valid.",
  validation_failed: "Beberapa isian tidak valid.",
  unauthorized: "Sesi Anda telah berakhir. Silakan masuk kembali.",
  forbidden: "Anda tidak diizinkan melakukan ini.",
  owner_only: "Hanya pemilik platform yang dapat mengubah ini.",
  not_found: "Tidak ditemukan.",
  route_not_found: "Alamat tidak ada.",
  conflict: "Bertentangan dengan data yang sudah ada.",
  in_use: "Data ini masih dipakai oleh: {list}.",
  plan_stale: "Rencana ini sudah diubah orang lain. Muat ulang untuk melihat perubahannya, lalu ubah lagi.",
  too_large: "Permintaan terlalu besar.",
  unsupported_media: "Jenis konten ini tidak didukung.",
  too_many_attempts: "Terlalu banyak percobaan. Silakan coba lagi nanti.",
  rate_limited: "Terlalu banyak permintaan. Silakan coba lagi dalam {seconds} detik.",
  server_error: "Terjadi kesalahan di server. Silakan coba lagi.",
  unavailable: "Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.",
  read_only: "Ini tampilan hanya-baca: tidak ada yang dapat diubah di sini.",
  read_only_subscription_ended: "Langganan perusahaan Anda telah berakhir: semua data tetap dapat dibaca, tetapi tidak ada yang dapat diubah sampai langganan diperpanjang.",
  not_implemented: "Operasi ini belum tersedia.",
  not_approver: "Hanya pemberi persetujuan yang ditunjuk yang dapat memutuskan persetujuan ini.",
  already_clocked_in: "Anda sudah absen masuk pada {date}.",
  not_clocked_in: "Anda belum absen masuk, jadi tidak ada yang bisa diabsen keluar.",
  overlaps_presence: "Bertumpang tindih dengan kehadiran lain ({from} - {to}).",
  presence_too_long: "Satu kehadiran paling lama {max} jam.",
  already_on_break: "Anda sedang istirahat.",
  not_on_break: "Anda tidak sedang istirahat.",
  too_many_breaks: "Paling banyak {max} istirahat dalam satu kehadiran.",
  before_break_start: "Harus setelah mulai istirahat ({time}).",
  unresolved_exceptions: "Selesaikan dulu absen keluar yang hilang dan kehadiran yang bertumpang tindih ({dates}).",
  already_acknowledged: "Peringatan ini sudah ditanggapi oleh {name}.",
  unknown_device_key: "Kunci perangkat tidak dikenal atau sudah dicabut.",
  already_decided: "Persetujuan ini sudah diputuskan.",
  not_self: "Anda tidak dapat menonaktifkan akun Anda sendiri.",
  duplicate_in_file: "Juga ada di baris {row} berkas ini.",
  login_failed: "Email atau kata sandi salah.",
  logged_out: "Berhasil keluar.",
  forgot_sent: "Jika email ini terdaftar, tautan atur ulang sedang dikirim.",
  reset_invalid: "Tautan atur ulang tidak valid atau sudah kedaluwarsa.",
  reset_done: "Kata sandi Anda telah diubah. Silakan masuk.",
  password_too_short: "Minimal {min} karakter.",
  page_capped: "Menampilkan {cap} dari {total} data pertama (batas satu halaman).",
  unknown_column: "Kolom tidak dikenal: {name}.",
  unknown_operator: 'Operator "{op}" tidak dikenal untuk {name}.',
  unknown_order: "Kolom urutan tidak dikenal: {name}.",
  bad_search_value: "Nilai tidak valid untuk {name}.",
  bad_paging: "paging.start dan paging.length harus berupa angka.",
  items_required: "items harus berupa daftar yang tidak kosong (paling banyak {max}).",
  too_many_columns: "Paling banyak {max} kolom.",
  too_deep: "Terlalu bertingkat (paling banyak {max} tingkat).",
  bad_paging_start: "Harus berupa bilangan bulat, 0 atau lebih.",
  bad_paging_length: "Harus berupa bilangan bulat, 0 atau lebih, atau -1 untuk semua.",
  required: "Wajib diisi.",
  not_string: "Harus berupa teks.",
  not_integer: "Harus berupa bilangan bulat.",
  not_number: "Harus berupa angka.",
  not_boolean: "Harus ya atau tidak.",
  bad_date: "Harus berupa tanggal (YYYY-MM-DD).",
  bad_datetime: "Harus berupa tanggal dan waktu dengan zona (ISO 8601).",
  bad_time: "Harus berupa jam (HH:mm).",
  bad_email: "Harus berupa alamat email.",
  bad_url: "Harus berupa alamat web (http atau https).",
  bad_phone: "Harus berupa nomor telepon.",
  bad_color: "Harus berupa warna seperti #1677ff.",
  bad_icon: "Harus berupa nama ikon.",
  bad_file_name: "Harus berupa nama berkas tersimpan.",
  bad_enum: "Harus salah satu dari: {options}.",
  bad_geo: "Harus berupa [bujur, lintang].",
  bad_timezone: "Harus berupa zona waktu seperti Asia/Jakarta.",
  bad_json: "Harus berupa JSON.",
  json_too_large: "Paling banyak {max} karakter JSON.",
  bad_ref: "Data tidak ditemukan.",
  bad_plan_ref: "Tidak menunjuk aktivitas mana pun dalam rencana ini.",
  too_small: "Minimal {min}.",
  too_big: "Maksimal {max}.",
  not_positive: "Harus lebih dari 0.",
  date_before: "Tidak boleh sebelum {date}.",
  discount_over_gross: "Diskon tidak boleh lebih dari jumlah × harga satuan.",
  step_out_of_order: "Langkah ini tidak dapat dilakukan sekarang: status permintaan {status} ({action} bukan langkah berikutnya).",
  period_locked: "Hari ini berada dalam periode absensi yang sudah disetujui. Buka kembali periode tersebut sebelum mengoreksinya.",
  already_approved: "Absensi orang ini sudah disetujui untuk sebagian periode ini.",
  range_too_long: "Maksimal {max} hari.",
  too_long: "Maksimal {max} karakter.",
  not_unique: "Nilai ini sudah dipakai.",
  bad_text: "Berisi karakter yang tidak diizinkan.",
  only_self: "Anda hanya dapat memilih diri sendiri.",
  only_your_projects: "Anda hanya dapat memilih proyek Anda atau orang di dalamnya.",
  review_only: "Hanya peninjau (yang boleh mengubah data ini) yang dapat mengisi ini.",
  capture_too_old: "Harus dalam {max} jam terakhir.",
  capture_in_future: "Tidak boleh lebih dari {max} menit di depan jam server.",
  too_inaccurate: "Posisi terlalu tidak akurat (lebih dari {max} m). Tunggu sinyal GPS yang lebih baik.",
  not_member: "Anda bukan anggota proyek ini.",
  before_clock_in: "Harus setelah absen masuk ({time}).",
  list_required: "Harus berupa daftar yang tidak kosong (paling banyak {max}).",
  bad_idempotency_key: "Harus 8 sampai 64 karakter huruf, angka, _ dan -.",
};

const CATALOGUE: Record<Lang, Record<MessageKey, string>> = { en, id };

export type Params = Record<string, string | number>;

export function t(lang: Lang, key: MessageKey, params: Params = {}): string {
  const text = CATALOGUE[lang][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** The first supported language of an Accept-Language header ("id-ID,id;q=0.9,en" → id). */
export function langOf(header: string | string[] | undefined): Lang {
  const h = Array.isArray(header) ? header[0] : header;
  if (!h) return "en";
  const tags = h
    .split(",")
    .map((part) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(";");
      const q = rest.find((p) => p.trim().startsWith("q="));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag === "id" || tag.startsWith("id-") || tag === "in") return "id";
    if (tag === "en" || tag.startsWith("en-")) return "en";
  }
  return "en";
}

/** A message to be translated later, when the request's language is known. */
export interface Msg {
  key: MessageKey;
  params?: Params;
}
