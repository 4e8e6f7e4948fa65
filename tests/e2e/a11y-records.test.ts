// Accessibility (WCAG 2.2 A and AA through axe-core) of the generated create, edit and details
// pages, in English and in Indonesian: enough resources that every field type a generated form
// or details page can hold is on one of the pages visited (checked below against the
// declaration), and so every way a value is shown (src/crud/display/values.tsx: by type, and a
// reference to a record with a page of its own as a link). The demo seed's records, as the
// company admin and, for the menus (the one icon field), the platform owner.
import { describe, expect, it } from "vitest";
import { ALL_RESOURCES, RESOURCE_BY_NAME, resourceByName, type FieldType, type ResolvedResource } from "../../declaration";
import { capabilitiesOf, formFieldsOf, pageTitle, routesOf, showFieldsOf } from "../../src/crud/model";
import type { Db } from "../../server/db/connection";
import type { Page } from "playwright-core";
import { CATALOGUES, OWNER, WALK_TIMEOUT, expectNoSeriousViolations, inEachLanguage, loaded, signInWith, translator, type Language } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, DEMO_PASSWORD, trackApi, userByEmail } from "./support/ui";

useE2eWorld();

type Action = "create" | "edit" | "show";

interface Visit {
  resource: string;
  actions: Action[];
  /** Show a record where this field has a value (an image, a place), when the seed has one. */
  filled?: string;
  /** A select of the create form checked again with its options open. */
  openSelect?: string;
}

/** The company admin's pages. The project's details are its workspace (a11y-workspace.test.ts). */
const ADMIN_PAGES: Visit[] = [
  // A person's details are the bespoke "person" page.
  { resource: "human-resource", actions: ["create", "edit"], filled: "photo", openSelect: "division_id" },
  // Details holding an image and money (a catalogue item's details are the bespoke "catalogue" page).
  { resource: "project-expenditure", actions: ["show"], filled: "receipt" },
  { resource: "role", actions: ["show"] },
  { resource: "project", actions: ["create", "edit"] },
  { resource: "request-material", actions: ["create", "edit"] },
  { resource: "project-approval", actions: ["create", "edit", "show"], filled: "decided_at" },
  { resource: "template-gantt", actions: ["create", "edit", "show"] },
  { resource: "permit", actions: ["create", "show"] },
  { resource: "shift", actions: ["show"] },
  { resource: "project-invoice", actions: ["show"] },
  { resource: "hierarchy-ftths", actions: ["show"], filled: "location" },
];
/** The platform owner's: menus hold the one icon field, a company's details its time zone. */
const OWNER_PAGES: Visit[] = [
  { resource: "menu", actions: ["create", "edit", "show"], filled: "icon" },
  // Details holding an email, a phone number, a time zone and an image (what a person's details
  // held); its form the one web address (the alerts' webhook).
  { resource: "company-management", actions: ["edit", "show"] },
];

const resource = (name: string): ResolvedResource => RESOURCE_BY_NAME.get(name)!;
const generated = (r: ResolvedResource, action: Action): boolean => capabilitiesOf(r)[action] && !r.pages?.[action];
const typesOn = (r: ResolvedResource, action: Action): FieldType[] => (action === "show" ? showFieldsOf(r) : formFieldsOf(r, action)).map((f) => f.type);
/** A reference shown as a link: its target has a page of its own (the project workspace). */
const linksOut = (r: ResolvedResource) => showFieldsOf(r).some((f) => f.type === "ref" && !!f.ref && !!RESOURCE_BY_NAME.get(f.ref)?.pages?.show);

it("the pages visited hold every field type the generated forms and details pages can hold, and a reference shown as a link", () => {
  const visits = [...ADMIN_PAGES, ...OWNER_PAGES].flatMap((v) => v.actions.map((action) => ({ r: resource(v.resource), action })));
  for (const { r, action } of visits) expect(generated(r, action), `${r.name} ${action}`).toBe(true);
  const all = ALL_RESOURCES.flatMap((r) => (["create", "edit", "show"] as const).filter((a) => generated(r, a)).map((action) => ({ r, action })));
  const isForm = (a: Action) => a !== "show";
  const union = (list: typeof visits, form: boolean) => new Set(list.filter((v) => isForm(v.action) === form).flatMap((v) => typesOn(v.r, v.action)));
  for (const form of [true, false]) {
    const visited = union(visits, form);
    expect(
      [...union(all, form)].filter((t) => !visited.has(t)),
      form ? "form field types not visited" : "details field types not visited",
    ).toEqual([]);
  }
  expect(visits.some((v) => v.action === "show" && linksOut(v.r))).toBe(true);
});

/** A record of the resource the user's company holds (the platform's, for platform resources). */
async function recordOf(db: Db, r: ResolvedResource, companyId: number, filled?: string): Promise<Record<string, unknown>> {
  const base = db
    .selectFrom(r.table as never)
    .selectAll()
    .$if(r.scope === "company", (q) => q.where("company_id" as never, "=", companyId as never))
    .orderBy("id" as never);
  const row = (filled ? await base.where(filled as never, "is not", null).executeTakeFirst() : undefined) ?? (await base.executeTakeFirst());
  expect(row, r.name).toBeDefined();
  return row as Record<string, unknown>;
}

/** Opens each page of the visits and checks it once its record and choices are loaded. */
async function visitAll(page: Page, db: Db, email: string, lang: Language, visits: Visit[]): Promise<void> {
  const t = translator(lang);
  await signInWith(page, email, lang);
  const api = trackApi(page);
  const companyId = (await userByEmail(db, email)).company_id;
  for (const v of visits) {
    const r = resource(v.resource);
    const record = v.actions.some((a) => a !== "create") ? await recordOf(db, r, companyId, v.filled) : {};
    for (const action of v.actions) {
      const route = routesOf(r)[action]!.replace(/:(\w+)/g, (_, p: string) => String(record[p]));
      await page.goto(`/#${route}`);
      await page.getByRole("heading", { level: 1, name: pageTitle(t, action, r), exact: true }).waitFor();
      if (action !== "show") await page.getByRole("button", { name: t("crud.actions.save") }).waitFor();
      await loaded(page, api, lang);
      await expectNoSeriousViolations(page, `${email}, ${lang}: ${action} ${r.name}`);
      if (v.openSelect && action === "create") {
        const select = page.getByRole("combobox", { name: t(`fields.${v.openSelect}`), exact: true });
        await select.click();
        await expect.poll(() => select.getAttribute("aria-expanded")).toBe("true");
        await loaded(page, api, lang);
        await expectNoSeriousViolations(page, `${email}, ${lang}: create ${r.name}, ${v.openSelect} open`);
        await page.keyboard.press("Escape");
      }
      if (r.name === "project" && action === "create") {
        // A required select says so on its combobox only (src/crud/fields/FormSelect.tsx).
        expect(await page.getByRole("combobox", { name: t("fields.status") }).getAttribute("aria-required")).toBe("true");
      }
    }
  }
  expect(api.refused).toEqual([]);
}

const PANIC = resourceByName("panic-button");
const TRANSACTION = resourceByName("product-transaction");
const CHECKLIST = resourceByName("checklist-k3");
const MATERIAL_REQUEST = resourceByName("request-material");

/**
 * The details pages the declaration gives a bespoke page (a panic alarm's, with its trail; a
 * transaction's), the live panic banner over them, and the no-access page. The admin opens an
 * escalated open alarm (the red banner names it, with its "escalated" tag), a handled one and
 * a transaction of the company.
 */
async function visitBespokeDetails(page: Page, db: Db, lang: Language): Promise<void> {
  const t = translator(lang);
  const texts = CATALOGUES[lang];
  const admin = await userByEmail(db, ACCOUNTS.admin);
  const panics = () => db.selectFrom(PANIC.table).select(["id", "status"]).where("company_id", "=", admin.company_id).orderBy("id", "desc");
  const open = await panics().where("status", "=", "open").executeTakeFirstOrThrow();
  const handled = await panics().where("status", "!=", "open").executeTakeFirstOrThrow();

  await signInWith(page, ACCOUNTS.admin, lang);
  const api = trackApi(page);
  for (const id of [open.id, handled.id]) {
    await page.goto(`/#${routesOf(PANIC).show!.replace(":id", String(id))}`);
    await page.getByRole("heading", { level: 1, name: pageTitle(t, "show", PANIC), exact: true }).waitFor();
    await page.getByRole("heading", { name: texts.panicTrail.title }).waitFor();
    await loaded(page, api, lang);
    // The banner of the open alarms, over the page.
    const banner = page.getByTestId("panic-banner");
    await banner.getByRole("button", { name: texts.live.panic.acknowledge }).first().waitFor();
    await banner.getByText(texts.live.panic.escalated).first().waitFor();
    await expectNoSeriousViolations(page, `${lang}: panic ${id} (${id === open.id ? "open" : "handled"}), the panic banner over it`);
  }
  await expectNoSeriousViolations(page, `${lang}: the panic banner alone`, { include: ['[data-testid="panic-banner"]'] });

  // A page outside the admin's role (the platform's menus): the no-access page in place.
  await page.goto("/#/menu");
  await page.getByRole("heading", { level: 1, name: texts.shell.noAccess.title }).waitFor();
  await loaded(page, api, lang);
  await expectNoSeriousViolations(page, `${lang}: no access`);
  expect(api.refused).toEqual([]);

  // A transaction of the admin's company (its subscription's payments).
  const tx = await db.selectFrom(TRANSACTION.table).select("id").where("company_id", "=", admin.company_id).orderBy("id").executeTakeFirstOrThrow();
  await page.goto(`/#${routesOf(TRANSACTION).show!.replace(":id", String(tx.id))}`);
  await page.getByRole("heading", { level: 1, name: pageTitle(t, "show", TRANSACTION), exact: true }).waitFor();
  await loaded(page, api, lang);
  await expectNoSeriousViolations(page, `${lang}: a transaction`);
  expect(api.refused).toEqual([]);

  // A K3 checklist's page (its projects, assign to projects) and a material request's page (its
  // next steps as actions).
  for (const r of [CHECKLIST, MATERIAL_REQUEST]) {
    const row = await db.selectFrom(r.table).select("id").where("company_id", "=", admin.company_id).orderBy("id").executeTakeFirstOrThrow();
    await page.goto(`/#${routesOf(r).show!.replace(":id", String(row.id))}`);
    await page.getByRole("heading", { level: 1, name: pageTitle(t, "show", r), exact: true }).waitFor();
    await loaded(page, api, lang);
    await expectNoSeriousViolations(page, `${lang}: ${r.name} ${row.id}`);
  }
  expect(api.refused).toEqual([]);
}

describe("WCAG 2.2 AA, create, edit and details pages, in English and in Indonesian", () => {
  it(
    "the company admin's",
    { timeout: WALK_TIMEOUT },
    scenario(({ page, openAnotherPage, db }) => inEachLanguage(page, openAnotherPage, (p, lang) => visitAll(p, db, ACCOUNTS.admin, lang, ADMIN_PAGES))),
  );
  it(
    "the platform owner's",
    { timeout: WALK_TIMEOUT },
    scenario(({ page, openAnotherPage, db }) => inEachLanguage(page, openAnotherPage, (p, lang) => visitAll(p, db, OWNER, lang, OWNER_PAGES))),
  );
  it(
    "the bespoke details pages (a panic alarm's, a transaction's, a K3 checklist's, a material request's), the live panic banner and the no-access page",
    { timeout: WALK_TIMEOUT },
    scenario(async ({ page, openAnotherPage, db, baseUrl }) => {
      // The demo starts calm (its alarms are handled): a worker of the admin's company raises one,
      // escalated here, so the banner shows it with its tag.
      const signedIn = await fetch(`${baseUrl}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: ACCOUNTS.worker, password: DEMO_PASSWORD }),
      });
      const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
      const raised = await fetch(`${baseUrl}/api/panic-button/add`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ message: "Tolong, ada yang jatuh di area galian" }),
      });
      expect(raised.status).toBe(200);
      const { id } = ((await raised.json()) as { data: { id: number } }).data;
      await db.updateTable(PANIC.table).set({ escalated_at: new Date().toISOString() }).where("id", "=", id).execute();
      await inEachLanguage(page, openAnotherPage, (p, lang) => visitBespokeDetails(p, db, lang));
    }),
  );
});
