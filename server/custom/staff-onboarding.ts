// Staff onboarding (beyond the spec), on human-resource:
// - POST invite: a person from the form without a password; they get a mail with a set-password
//   link (server/staff/invite.ts). One `invite` audit entry with their values. Answers the record.
// - POST invite/{id}: a new link for a person already stored (earlier links stop); an `invite` entry.
// - POST import-preview { items: [row, ...] }: each row checked as `add` would check it (fields,
//   refs, uniqueness in the company and within the file), nothing stored. A ref may be given by
//   the target's name ("Field Worker" for role_id), matched in the company without regard to case.
//   Answers `{ rows: [{ row, values, errors }], valid, invalid }`, `errors` by field, in words.
// - POST import { items }: the same check; any bad row refuses the whole file (400, errors named
//   `items.<i>.<field>`), else every person is stored in one transaction, each gets an invitation,
//   and one `import` entry names them. Answers `{ created, people: [{ id, name, email }] }`.
import { resourceByName, type ResolvedResource } from "../../declaration";
import { COMPANIES } from "../access/identity";
import { audit, loggedValues } from "../audit/log";
import type { Db } from "../db/connection";
import { badRequest, HttpError, type FieldErrors } from "../http/errors";
import { t } from "../i18n/messages";
import { MAX_ITEMS, type RecordStore } from "../records/store";
import { requireCoversPeople } from "../access/ceiling";
import { registerCustom } from "../routes/custom-registry";
import type { OpContext } from "../routes/context";
import { prepareInvite, sendInvites, type Invite } from "../staff/invite";

const HR = resourceByName("human-resource");
/** Most people one audit entry names (the count is always whole). */
const NAMED_IN_ENTRY = 200;

type Row = Record<string, unknown>;

const bodyOf = (ctx: OpContext): Row => (ctx.body && typeof ctx.body === "object" && !Array.isArray(ctx.body) ? (ctx.body as Row) : {});

/** The person's fields as sent, without a password: an invited person chooses their own. */
const withoutPassword = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([k]) => k !== "password"));

async function companyName(db: Db, companyId: number | null): Promise<string> {
  if (companyId === null) return "Fieldworks";
  const c = await db.selectFrom(COMPANIES.table).select("name").where("id", "=", companyId).executeTakeFirst();
  return String(c?.name ?? "Fieldworks");
}

/** Stores one person (checked as `add` checks) without a password, and prepares their invitation. */
async function storeInvited(store: RecordStore, db: Db, body: Row): Promise<{ record: Row; invite: Invite }> {
  const row = await store.prepareCreate(HR, withoutPassword(body));
  const id = await store.insertRow(HR, row);
  const record = await store.getById(HR, id);
  const invite = await prepareInvite(db, { id, name: String(record.name), email: String(record.email) });
  return { record, invite };
}

registerCustom("human-resource", "invite", async (ctx) => {
  const { record, invite } = await ctx.db.transaction().execute(async (trx) => {
    const made = await storeInvited(ctx.store.withDb(trx), trx, bodyOf(ctx));
    await audit(trx, ctx.actor, { kind: "invite", resource: HR.name, recordId: Number(made.record.id), label: String(made.record.name), after: loggedValues(HR, made.record) });
    return made;
  });
  await sendInvites(ctx.services, ctx.lang, await companyName(ctx.db, ctx.actor.companyId), [invite]);
  return record;
});

registerCustom("human-resource", "reinvite", async (ctx) => {
  const person = await ctx.store.getById(HR, Number(ctx.params.id));
  // A set-password link is a password change: nobody sends one for a person above them.
  await requireCoversPeople(ctx.db, ctx.actor, [Number(person.id)]);
  const invite = await ctx.db.transaction().execute(async (trx) => {
    const made = await prepareInvite(trx, { id: Number(person.id), name: String(person.name), email: String(person.email) });
    await audit(trx, ctx.actor, { kind: "invite", resource: HR.name, recordId: Number(person.id), label: String(person.name), after: { email: person.email } });
    return made;
  });
  await sendInvites(ctx.services, ctx.lang, await companyName(ctx.db, ctx.actor.companyId), [invite]);
  return { sent: true, email: String(person.email) };
});

// ---- import ---------------------------------------------------------------------------------

const refFields = (r: ResolvedResource) => r.fields.filter((f) => f.type === "ref" && f.ref && !f.serverOwned);

/** Each ref field's targets by their name in lower case (roles, divisions: a company has few). */
async function refNames(store: RecordStore): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  for (const f of refFields(HR)) {
    const target = resourceByName(f.ref!);
    const rows = (await store.list(target, {})).data;
    out.set(
      f.name,
      new Map(
        rows.map((r) => [
          String(r[target.labelField] ?? "")
            .trim()
            .toLowerCase(),
          Number(r.id),
        ]),
      ),
    );
  }
  return out;
}

interface RowCheck {
  row: number;
  values: Row;
  errors: FieldErrors;
}

function itemsOf(ctx: OpContext): Row[] {
  const items = bodyOf(ctx).items;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) throw badRequest({ items: { key: "items_required", params: { max: MAX_ITEMS } } });
  return items.map((i) => (i && typeof i === "object" && !Array.isArray(i) ? (i as Row) : {}));
}

/** Every row checked as `add` would, plus refs by name and duplicates within the file; nothing stored. */
async function checkRows(store: RecordStore, items: Row[]): Promise<RowCheck[]> {
  const names = await refNames(store);
  const seen = new Map<string, number>();
  const checks: RowCheck[] = [];
  for (const [i, item] of items.entries()) {
    const values = withoutPassword(item);
    const errors: FieldErrors = {};
    for (const f of refFields(HR)) {
      const v = values[f.name];
      if (typeof v !== "string" || v.trim() === "") continue;
      // A CSV holds text: an id as digits, else the target's name.
      if (/^\d+$/.test(v.trim())) {
        values[f.name] = Number(v.trim());
        continue;
      }
      const id = names.get(f.name)?.get(v.trim().toLowerCase());
      if (id === undefined) errors[f.name] = { key: "bad_ref" };
      else values[f.name] = id;
    }
    for (const f of HR.fields.filter((x) => x.unique)) {
      const v = values[f.name];
      if (typeof v !== "string" || v.trim() === "") continue;
      const k = `${f.name}\u0000${v.trim().toLowerCase()}`;
      const first = seen.get(k);
      if (first !== undefined) errors[f.name] ??= { key: "duplicate_in_file", params: { row: first + 1 } };
      else seen.set(k, i);
    }
    try {
      await store.prepareCreate(HR, values);
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      for (const [k, m] of Object.entries(e.errors)) errors[k] ??= m;
    }
    checks.push({ row: i, values, errors });
  }
  return checks;
}

registerCustom("human-resource", "importPreview", async (ctx) => {
  const rows = (await checkRows(ctx.store, itemsOf(ctx))).map((c) => ({
    ...c,
    errors: Object.fromEntries(Object.entries(c.errors).map(([k, m]) => [k, t(ctx.lang, m.key, m.params)])),
  }));
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
});

registerCustom("human-resource", "import", async (ctx) => {
  const items = itemsOf(ctx);
  const { people, invites } = await ctx.db.transaction().execute(async (trx) => {
    const store = ctx.store.withDb(trx);
    const checks = await checkRows(store, items);
    const bad = checks.filter((c) => Object.keys(c.errors).length > 0);
    if (bad.length) {
      const errors: FieldErrors = {};
      for (const c of bad) for (const [k, m] of Object.entries(c.errors)) errors[`items.${c.row}.${k}`] = m;
      throw badRequest(errors);
    }
    const made = [];
    for (const c of checks) made.push(await storeInvited(store, trx, c.values));
    const people = made.map((m) => ({ id: Number(m.record.id), name: String(m.record.name), email: String(m.record.email) }));
    await audit(trx, ctx.actor, {
      kind: "import",
      resource: HR.name,
      recordId: null,
      label: people.map((p) => p.name).join(", "),
      after: { count: people.length, people: people.slice(0, NAMED_IN_ENTRY).map((p) => `${p.name} <${p.email}>`) },
    });
    return { people, invites: made.map((m) => m.invite) };
  });
  await sendInvites(ctx.services, ctx.lang, await companyName(ctx.db, ctx.actor.companyId), invites);
  return { created: people.length, people };
});
