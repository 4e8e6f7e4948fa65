// The owner's companies screen's reads (server/custom/company-users.ts, server/custom/storage-info.ts)
// over the mock's rows: people per company, and storage per company (the mock stores no file
// sizes: the `size` of its image and document-project rows where a test gives them).
import type { CompanyUserCount, StorageInfo } from "../../declaration/answers";
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
