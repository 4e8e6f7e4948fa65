// The project's documents tab against recorded requests: the folder tree and a folder's files,
// a multi-file upload where one file is refused and the others arrive (one request per file,
// each with its folder and project), a file over the quota refused before it is sent, a new
// folder, and a folder deleted with the spec's confirmation.
import { Refine } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n, loadAllTexts } from "../../src/i18n";
import { ToastHost } from "../../src/lazy/toasts";
import DocumentsTab from "../../src/pages/project/tabs/documents/DocumentsTab";
import { accessControlProvider } from "../../src/providers/accessControlProvider";
import { dataProvider } from "../../src/providers/dataProvider";
import { i18nProvider } from "../../src/providers/i18nProvider";
import { notificationProvider } from "../../src/providers/notificationProvider";
import { ok, recordApi, type RecordedRequest } from "./support/apiRecorder";
import { menu, signIn } from "./support/session";
import { LOAD } from "./support/waits";

beforeAll(async () => {
  initI18n();
  await loadAllTexts("en");
});

const TREE = [
  { id: null, name: null, project_id: 1, parent_id: null, children: [], documents: [{ id: 9, project_id: 1, folder_id: null, name: "loose.txt", mime: "text/plain", size: 12 }] },
  {
    id: 4,
    name: "Drawings",
    project_id: 1,
    parent_id: null,
    children: [],
    documents: [{ id: 10, project_id: 1, folder_id: 4, name: "plan.pdf", mime: "application/pdf", size: 2048, uploaded_by_label: "Budi", created_at: "2026-11-20T08:30:00Z" }],
  },
];

const storage = (used: number, quota: number | null) =>
  ok({ company_id: 7, company_id_label: "PT", company_name: "PT", used_bytes: used, file_count: 2, quota_bytes: quota, used_percent: null });

function renderTab(menus = [menu(1, "project"), menu(2, "document-project", 1), menu(3, "folder-document-proyek", 1)]) {
  signIn(menus);
  return render(
    <Refine
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      accessControlProvider={accessControlProvider}
      resources={[{ name: "document-project" }, { name: "folder-document-proyek" }]}
      options={{ disableTelemetry: true }}
    >
      <DocumentsTab projectId={1} />
      <ToastHost />
    </Refine>,
  );
}

const file = (name: string, bytes: number, type = "application/pdf") => new File([new Uint8Array(bytes).fill(65)], name, { type });
const dropInput = () => document.querySelector<HTMLInputElement>("input[type=file]")!;
const sizeOf = (req: RecordedRequest) => ((req.body as FormData).get("file") as File).size;
const uploads = (calls: RecordedRequest[]) => calls.filter((c) => c.path === "/api/document-project/upload");

async function openDrawings() {
  await screen.findByText("Drawings (1)", {}, LOAD);
  fireEvent.click(screen.getByText("Drawings (1)"));
  await screen.findByText("plan.pdf");
}

describe("the documents tab", () => {
  it("shows the folders and the picked folder's files with size, type, who and when", async () => {
    recordApi({ "GET /api/folder-document-proyek/get-tree/1": ok(TREE), "GET /api/information-storage/7": storage(1024, 10 * 1024 * 1024) });
    renderTab();
    expect(await screen.findByText("loose.txt", {}, LOAD)).toBeInTheDocument();
    await openDrawings();
    const row = screen.getByText("plan.pdf").closest("tr")!;
    expect(within(row).getByText("2.0 KB")).toBeInTheDocument();
    expect(within(row).getByText("application/pdf")).toBeInTheDocument();
    expect(within(row).getByText("Budi")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Preview" })).toBeInTheDocument();
    expect(screen.getByText("Storage used: 1.0 KB of 10.0 MB (2 files)")).toBeInTheDocument();
  });

  it("uploads several files one by one; a refused one shows why and the others arrive", async () => {
    // The file of 10 bytes is refused (415 in the envelope); the others are stored.
    const api = recordApi({
      "GET /api/folder-document-proyek/get-tree/1": ok(TREE),
      "GET /api/information-storage/7": storage(0, null),
    });
    api.route("POST /api/document-project/upload", ((req: RecordedRequest) =>
      sizeOf(req) === 10 ? { status: false, message: "This content type is not supported.", errors: { file: "Not an accepted file type." } } : ok({ id: 20 })) as never);
    renderTab();
    await openDrawings();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(dropInput(), [file("a.pdf", 100), file("virus.exe", 10, "application/x-msdownload"), file("b.pdf", 200)]);
    await waitFor(() => expect(uploads(api.calls)).toHaveLength(3), LOAD);
    const sent = uploads(api.calls).map((c) => c.body as FormData);
    expect(uploads(api.calls).map(sizeOf)).toEqual([100, 10, 200]);
    expect(sent.map((f) => [f.get("project_id"), f.get("folder_id")])).toEqual([
      ["1", "4"],
      ["1", "4"],
      ["1", "4"],
    ]);
    await waitFor(() => expect(screen.getAllByTestId("upload-item").map((li) => li.dataset.status)).toEqual(["done", "error", "done"]), LOAD);
    const bad = screen.getAllByTestId("upload-item")[1]!;
    expect(within(bad).getByRole("alert")).toHaveTextContent("The upload failed. Not an accepted file type.");
    // The tree is read again after the uploads.
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/api/folder-document-proyek/get-tree/1").length).toBeGreaterThan(1));
  });

  it("names a file too large and a type not allowed by the answer's key (too_large, unsupported_media), not its status", async () => {
    const api = recordApi({
      "GET /api/folder-document-proyek/get-tree/1": ok(TREE),
      "GET /api/information-storage/7": storage(0, null),
    });
    api.route("POST /api/document-project/upload", {
      status: 413,
      body: { status: false, key: "too_large", message: "The request is too large.", errors: { file: "At most 10 MB." } },
    });
    renderTab();
    await openDrawings();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(dropInput(), [file("huge.pdf", 50)]);
    const item = await screen.findByTestId("upload-item", {}, LOAD);
    await waitFor(() => expect(within(item).getByRole("alert")).toHaveTextContent("Too large. At most 10 MB."), LOAD);
    // The key decides: a 400 that says unsupported_media is a type not allowed...
    api.route("POST /api/document-project/upload", {
      status: 400,
      body: { status: false, key: "unsupported_media", message: "x", errors: { file: "Not an accepted file type." } },
    });
    await user.upload(dropInput(), [file("macro.docm", 50)]);
    await waitFor(() => expect(screen.getAllByRole("alert")[0]).toHaveTextContent("This file type is not allowed. Not an accepted file type."), LOAD);
    // ...and a 413 from something else (a proxy's limit, no key) is a failed upload, not "too large".
    api.route("POST /api/document-project/upload", { status: 413, body: { status: false, key: "bad_request", message: "The request is not valid." } });
    await user.upload(dropInput(), [file("other.pdf", 50)]);
    await waitFor(() => expect(screen.getAllByRole("alert")[0]).toHaveTextContent("The upload failed. The request is not valid."), LOAD);
  });

  it("a refused download says so through the app's notifications, with the server's words", async () => {
    recordApi({
      "GET /api/folder-document-proyek/get-tree/1": ok(TREE),
      "GET /api/information-storage/7": storage(0, null),
      "GET /api/document-project/download/1/10": { status: 404, body: { status: false, key: "not_found", message: "Not found." } },
    });
    renderTab();
    await openDrawings();
    fireEvent.click(within(screen.getByText("plan.pdf").closest("tr")!).getByRole("button", { name: "Download" }));
    // The error answer came as bytes (a download asks for a Blob): its words are read back.
    expect(await screen.findByText("The file could not be downloaded", {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText("Not found.", {}, LOAD)).toBeInTheDocument();
  });

  it("a folder still holding files: the delete's refusal names what uses it, counted, in the user's words", async () => {
    recordApi({
      "GET /api/folder-document-proyek/get-tree/1": ok(TREE),
      "GET /api/information-storage/7": storage(0, null),
      "DELETE /api/folder-document-proyek/delete/1/4": {
        status: 409,
        body: { status: false, key: "in_use", message: "This record is still used by: document-project (1).", details: { uses: [{ resource: "document-project", count: 1 }] } },
      },
    });
    renderTab();
    await openDrawings();
    const user = userEvent.setup();
    await user.click(await within(screen.getByRole("region", { name: "Folders" })).findByRole("button", { name: "Delete" }, LOAD));
    await screen.findByText("Delete this data ?");
    await user.click(screen.getAllByRole("button", { name: "Delete" }).at(-1)!);
    expect(await screen.findByText("The data could not be deleted", {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText("This record is still used by 1 document.", {}, LOAD)).toBeInTheDocument();
  });

  it("a role that may only read the project's documents gets no upload area, New folder or Delete", async () => {
    recordApi({ "GET /api/folder-document-proyek/get-tree/1": ok(TREE), "GET /api/information-storage/7": storage(0, null) });
    renderTab([menu(1, "project", null, { can_add: false, can_edit: false, can_delete: false })]);
    await openDrawings();
    expect(screen.getByRole("button", { name: "Download" })).toBeInTheDocument();
    expect(screen.queryByText("Click or drop files here to upload")).toBeNull();
    expect(screen.queryByRole("button", { name: /New folder/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("refuses a file over the company's free storage before sending it, and sends the ones that fit", async () => {
    const api = recordApi({
      "GET /api/folder-document-proyek/get-tree/1": ok(TREE),
      "GET /api/information-storage/7": storage(900, 1000),
      "POST /api/document-project/upload": ok({ id: 21 }),
    });
    renderTab();
    await screen.findByText("Storage used: 900 B of 1000 B (2 files)", {}, LOAD);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(dropInput(), [file("small.pdf", 60), file("big.pdf", 61)]);
    await waitFor(() => expect(screen.getAllByTestId("upload-item").map((li) => li.dataset.status)).toEqual(["done", "error"]), LOAD);
    expect(uploads(api.calls).map(sizeOf)).toEqual([60]);
    expect(screen.getAllByTestId("upload-item")[1]).toHaveTextContent("Not enough storage left: 100 B free.");
  });

  it("adds a folder inside the picked one and deletes a folder after the spec's confirmation", async () => {
    const api = recordApi({
      "GET /api/folder-document-proyek/get-tree/1": ok(TREE),
      "GET /api/information-storage/7": storage(0, null),
      "POST /api/folder-document-proyek/add": ok({ id: 5, name: "Photos" }),
      "DELETE /api/folder-document-proyek/delete/1/4": ok(null),
    });
    renderTab();
    await openDrawings();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /New folder/ }));
    await user.type(await screen.findByLabelText("Folder name"), "Photos");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.calls.find((c) => c.path === "/api/folder-document-proyek/add")?.body).toEqual({ project_id: 1, parent_id: 4, name: "Photos" }));
    await user.click(within(screen.getByRole("region", { name: "Folders" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Delete this data ?")).toBeInTheDocument();
    expect(screen.getByText("Are you sure ?")).toBeInTheDocument();
    await user.click(screen.getAllByRole("button", { name: "Delete" }).at(-1)!);
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE" && c.path === "/api/folder-document-proyek/delete/1/4")).toBe(true));
  });
});
