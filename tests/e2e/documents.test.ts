// The project's documents against the real server and the demo seed: the project manager opens
// a seeded project's documents tab, uploads two files at once into a folder (both stored, in
// that folder), and downloads one back: the same bytes.
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Db } from "../../server/db/connection";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, rowWith, signIn } from "./support/ui";

useE2eWorld();

/** A folder of the project manager's company with its project. */
async function seededFolder(db: Db): Promise<{ id: number; project_id: number; name: string }> {
  const pm = await db.selectFrom("users").select("company_id").where("email", "=", ACCOUNTS.pm).executeTakeFirstOrThrow();
  return db.selectFrom("folder_document_proyek").select(["id", "project_id", "name"]).where("company_id", "=", pm.company_id).orderBy("id").executeTakeFirstOrThrow() as Promise<{
    id: number;
    project_id: number;
    name: string;
  }>;
}

async function openProjectDocuments(page: Page, projectId: number): Promise<void> {
  await page.goto(`/#/project/show/${projectId}/documents`);
  await page.getByRole("region", { name: "Folders" }).waitFor();
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f3c2a60000000049454e44ae426082",
  "hex",
);
const CSV = Buffer.from("code,item,qty\nA1,Semen 50 kg,120\nA2,Besi D13,80\n", "utf8");

it(
  "uploads two files into a folder at once and downloads one back unchanged",
  scenario(async ({ page, db }) => {
    const folder = await seededFolder(db);
    await signIn(page, ACCOUNTS.pm);
    await openProjectDocuments(page, folder.project_id);
    await page.getByRole("treeitem").getByText(`${folder.name} (`).click();
    await page.getByRole("heading", { name: folder.name, level: 5 }).waitFor();

    await page.locator("input[type=file]").setInputFiles([
      { name: "e2e-site-photo.png", mimeType: "image/png", buffer: PNG },
      { name: "e2e-material-list.csv", mimeType: "text/csv", buffer: CSV },
    ]);
    await expect.poll(() => page.getByTestId("upload-item").evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.status))).toEqual(["done", "done"]);
    await rowWith(page, "e2e-site-photo.png").waitFor();
    await rowWith(page, "e2e-material-list.csv").waitFor();
    const stored = await db.selectFrom("document_project").select(["name", "folder_id", "project_id", "size"]).where("name", "like", "e2e-%").orderBy("name").execute();
    expect(stored).toEqual([
      { name: "e2e-material-list.csv", folder_id: folder.id, project_id: folder.project_id, size: CSV.length },
      { name: "e2e-site-photo.png", folder_id: folder.id, project_id: folder.project_id, size: PNG.length },
    ]);

    const [download] = await Promise.all([page.waitForEvent("download"), rowWith(page, "e2e-material-list.csv").getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toBe("e2e-material-list.csv");
    expect(await readFile((await download.path())!)).toEqual(CSV);
  }),
);
