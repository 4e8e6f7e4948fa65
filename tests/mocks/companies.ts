// The owner's companies screen's reads (server/custom/company-users.ts, server/custom/storage-info.ts)
// over the mock's rows: people per company, and storage per company (the mock stores no file
// sizes: the `size` of its image and document-project rows where a test gives them).
import type { CompanyPerson, CompanyUserCount, PaymentResult, RestoredAdmin, StorageInfo } from "../../declaration/answers";
import { badRequest } from "../../server/http/errors";
import type { MockDb } from "./db";

const MB = 1024 * 1024;
const companies = (db: MockDb) => [...db.rows("company-management")].sort((a, b) => String(a.name).localeCompare(String(b.name)) || Number(a.id) - Number(b.id));

/** GET company-management/user-counts: every company, by id. */
export function mockUserCounts(db: MockDb): CompanyUserCount[] {
  return [...db.rows("company-management")]
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((c) => {
      const people = db.rows("human-resource").filter((p) => p.company_id === c.id);
      return { company_id: Number(c.id), user_count: people.length, active_user_count: people.filter((p) => p.is_active !== false).length };
    });
}

/** GET information-storage-all-company: every company, by name. */
export function mockStorageAll(db: MockDb): StorageInfo[] {
  return companies(db).map((c) => {
    const files = [...db.rows("image"), ...db.rows("document-project")].filter((f) => f.company_id === c.id);
    const used = files.reduce((sum, f) => sum + Number(f.size ?? 0), 0);
    const quota = c.storage_quota_mb === null || c.storage_quota_mb === undefined ? null : Number(c.storage_quota_mb) * MB;
    return {
      company_id: Number(c.id),
      company_id_label: String(c.name),
      company_name: String(c.name),
      used_bytes: used,
      file_count: files.length,
      quota_bytes: quota,
      used_percent: quota ? Math.round((1000 * used) / quota) / 10 : null,
    };
  });
}

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const addMonths = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * POST product-transaction-user/notification as the platform owner confirms by hand (status "paid";
 * server/custom/transactions.ts): the transaction paid with its period (from the day after the
 * current subscription while that runs on, else today), the company's subscription extended.
 * Null: no transaction with that invoice number.
 */
export function mockPaymentNotification(db: MockDb, body: Record<string, unknown>, today = new Date().toISOString().slice(0, 10)): PaymentResult | null {
  const tx = db.rows("product-transaction").find((x) => x.invoice_number === body.invoice_number);
  if (!tx) return null;
  if (body.status === "paid" && tx.status !== "paid") {
    const company = db.rows("company-management").find((c) => c.id === (tx.company_id ?? db.companyId));
    const pkg = db.rows("package-management").find((p) => p.id === tx.package_id);
    const end = typeof company?.subscription_end === "string" ? company.subscription_end : null;
    const start = end && end >= today ? addDays(end, 1) : today;
    const periodEnd = addDays(addMonths(start, Number(pkg?.duration_months ?? 1)), -1);
    Object.assign(tx, { status: "paid", paid_at: new Date().toISOString(), period_start: start, period_end: periodEnd });
    if (company) Object.assign(company, { subscription_end: periodEnd, package_id: tx.package_id, status: "active" });
  }
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return { invoice_number: String(tx.invoice_number), status: String(tx.status), paid_at: text(tx.paid_at), period_start: text(tx.period_start), period_end: text(tx.period_end) };
}

/** GET company-management/people/{id}: the company's people; an administrator is one whose role is the company's admin type. */
export function mockCompanyPeople(db: MockDb, companyId: string): CompanyPerson[] {
  const roles = new Map(db.rows("role").map((r) => [Number(r.id), r]));
  return db
    .rows("human-resource")
    .filter((p) => String(p.company_id ?? db.companyId) === companyId)
    .map((p) => {
      const role = roles.get(Number(p.role_id));
      const active = p.is_active !== false;
      return {
        id: Number(p.id),
        name: String(p.name),
        email: String(p.email),
        is_active: active,
        role_id: role ? Number(role.id) : null,
        role_name: role ? String(role.name) : null,
        is_administrator: active && role?.role_type === "admin",
      };
    });
}

/** PUT company-management/restore-admin/{id} { user_id }: the person enabled, with the company's admin role. */
export function mockRestoreAdmin(db: MockDb, companyId: string, body: unknown): RestoredAdmin {
  const userId = (body as { user_id?: unknown } | null)?.user_id;
  const person = db.rows("human-resource").find((p) => p.id === userId && String(p.company_id ?? db.companyId) === companyId);
  if (!person) throw badRequest({ user_id: { key: "bad_ref" } });
  const role = db.rows("role").find((r) => r.role_type === "admin");
  if (!role) throw badRequest({ user_id: { key: "bad_ref" } });
  Object.assign(person, { role_id: role.id, is_active: true });
  return { user_id: Number(person.id), role_id: Number(role.id), role_name: String(role.name) };
}
