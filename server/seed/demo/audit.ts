// A company's audit trail as its admin left it (resources.config.ts `audit-log`): the roles made
// and their rights saved when the company joined, staff accounts created over its first weeks, a
// worker promoted to supervisor, a settings change and the subscription's payments. Entries are
// only ever added (server/audit/log.ts); the demo writes the history a live server would have.
import type { CompanyBuild, Ctx, RoleKind } from "./context";
import type { Row } from "./store";

/** An office address (the company's NAT) and a phone on a mobile network. */
const OFFICE_IP = (c: CompanyBuild) => `180.252.${(c.id * 37) % 250}.${(c.id * 11) % 250}`;
const MOBILE_IP = (ctx: Ctx) => `114.${ctx.rng.int(120, 125)}.${ctx.rng.int(0, 255)}.${ctx.rng.int(1, 254)}`;

const ROLE_FIELDS = ["name", "role_type", "is_field_role", "description", "color"] as const;

export function buildAuditTrail(ctx: Ctx, company: CompanyBuild): void {
  const { store, clock, rng } = ctx;
  const joined = company.def.joined;
  const admin = company.admin;
  const office = OFFICE_IP(company);
  const entry = (at: string, kind: string, resource: string, record: Row | null, label: string | null, before: object | null, after: object | null, ip = office) =>
    store.insert("audit-log", {
      created_at: at,
      actor_id: admin.id,
      actor_name: admin.name,
      ip,
      kind,
      resource,
      record_id: record?.id ?? null,
      record_label: label,
      before,
      after,
      company_id: company.id,
    });

  const kinds = Object.keys(company.roles) as RoleKind[];
  kinds.forEach((kind, i) => {
    const role = company.roles[kind];
    entry(clock.iso(joined, 10, 30, i * 20), "create", "role", role, role.name as string, null, Object.fromEntries(ROLE_FIELDS.map((f) => [f, role[f] ?? null])));
  });
  const grants = store.rows("role-menu").filter((g) => g.company_id === company.id);
  kinds.forEach((kind, i) => {
    const role = company.roles[kind];
    const menus = grants.filter((g) => g.role_id === role.id).length;
    entry(clock.iso(joined, 11, 5 + i * 3), "rights", "role", role, role.name as string, { menus: 0 }, { menus });
  });

  // Accounts created in the company's first weeks, a few a day.
  const people = company.staff.filter((p) => p.id !== admin.id).slice(0, 24);
  people.forEach((p, i) => {
    const day = joined + 1 + Math.floor(i / 4);
    entry(clock.iso(day, 9 + (i % 4), rng.int(0, 59)), "create", "human-resource", p, p.name as string, null, {
      name: p.name,
      email: p.email,
      employee_type: p.employee_type,
      role_id: p.role_id,
      role_id_label: Object.values(company.roles).find((r) => r.id === p.role_id)?.name ?? null,
    });
  });

  // The supervisor started as a field worker and was promoted after a month, from the admin's phone.
  const sup = company.supervisor;
  entry(
    clock.iso(joined + 32, 16, 12),
    "update",
    "human-resource",
    sup,
    sup.name as string,
    { role_id: company.roles.worker.id, role_id_label: company.roles.worker.name },
    { role_id: company.roles.supervisor.id, role_id_label: company.roles.supervisor.name },
    MOBILE_IP(ctx),
  );

  // Settings: the company's phone number, changed once.
  const row = company.row;
  entry(clock.iso(joined + 45, 14, 2), "update", "company-management", row, row.name as string, { phone: "021-0000000" }, { phone: row.phone ?? null });

  // Payments of the subscription (product-transaction rows already built), as the gateway's notification recorded them.
  for (const t of store.rows("product-transaction").filter((x) => x.company_id === company.id && x.status === "paid")) {
    store.insert("audit-log", {
      created_at: (t.paid_at as string | undefined) ?? (t.created_at as string | undefined) ?? clock.iso(joined, 12),
      actor_id: null,
      actor_name: null,
      ip: null,
      kind: "payment",
      resource: "product-transaction",
      record_id: t.id,
      record_label: (t.invoice_number as string | undefined) ?? null,
      before: { status: "pending" },
      after: { status: "paid" },
      company_id: company.id,
    });
  }
}
