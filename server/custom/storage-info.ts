// Storage use per company: the files a company uploaded (images, project documents), counted
// from their records' `size` (what the upload stored in DATA_DIR), against the company's
// storage_quota_mb. The same count as the upload quota check (server/storage/uploads.ts checkQuota).
// - information-storage GET {company_id}: one company; a company user only their own (404 for
//   another), the platform owner any;
// - information-storage-all-company GET: every company, platform owner only (403 otherwise).
import { resourceByName } from "../../declaration";
import { COMPANIES } from "../access/identity";
import { inList } from "../db/conditions";
import type { StorageInfo } from "../../declaration/answers";
import type { Db } from "../db/connection";
import { forbidden, notFound } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";

/** Resources whose records are stored files with a `size`. */
const FILE_RESOURCES = (["image", "document-project"] as const).map((n) => resourceByName(n));

const MB = 1024 * 1024;

/** Storage use of the given companies (all when `ids` is null), in name order. */
export async function storageOf(db: Db, ids: number[] | null): Promise<StorageInfo[]> {
  let q = db.selectFrom(COMPANIES.table).select(["id", "name", "storage_quota_mb"]).orderBy("name").orderBy("id");
  if (ids) q = q.where(inList("id", ids));
  const companies = await q.execute();
  const used = new Map<number, { bytes: number; count: number }>();
  for (const r of FILE_RESOURCES) {
    // One grouped query per file table, not one per company.
    let s = db
      .selectFrom(r.table)
      .select((eb) => ["company_id", eb.fn.sum<number>("size").as("bytes"), eb.fn.countAll<number>().as("n")])
      .groupBy("company_id");
    if (ids) s = s.where(inList("company_id", ids));
    for (const row of await s.execute()) {
      if (row.company_id === null) continue;
      const id = Number(row.company_id);
      const prev = used.get(id) ?? { bytes: 0, count: 0 };
      used.set(id, { bytes: prev.bytes + Number(row.bytes ?? 0), count: prev.count + Number(row.n ?? 0) });
    }
  }
  return companies.map((c) => {
    const id = Number(c.id);
    const u = used.get(id) ?? { bytes: 0, count: 0 };
    const quota = c.storage_quota_mb === null || c.storage_quota_mb === undefined ? null : Number(c.storage_quota_mb) * MB;
    return {
      company_id: id,
      company_id_label: String(c.name),
      company_name: String(c.name),
      used_bytes: u.bytes,
      file_count: u.count,
      quota_bytes: quota,
      used_percent: quota ? Math.round((1000 * u.bytes) / quota) / 10 : null,
    };
  });
}

registerCustom("information-storage", "one", async (ctx) => {
  const raw = ctx.params.company_id;
  const id = /^\d{1,15}$/.test(raw ?? "") ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound();
  // Another company's storage is as absent as its records.
  if (!ctx.actor.isOwner && ctx.actor.companyId !== id) throw notFound();
  const [info] = await storageOf(ctx.db, [id]);
  if (!info) throw notFound();
  return info;
});

registerCustom("information-storage-all-company", "list", async (ctx) => {
  // Its menu is platform-only, but a company could be given it: the answer is the owner's alone.
  if (!ctx.actor.isOwner) throw forbidden("owner_only");
  return storageOf(ctx.db, null);
});
