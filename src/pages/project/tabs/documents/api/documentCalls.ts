// The documents tab's calls: an upload with its progress and a download as bytes, both through
// the typed operations (method and path from the declaration), and a new folder through the data
// provider. They answer data or throw the HttpError (with the answer's `key`): the caller shows
// failures through useNotify (an upload's in the upload list).
import type { BaseRecord, HttpError } from "@refinedev/core";
import { errorKeyOf } from "../../../../../http/errorKeys";
import { dataProvider } from "../../../../../providers/dataProvider";
import { callOperation, downloadOperation } from "../../../../../providers/operations";
import type { DocumentRow } from "../model/folders";

export interface UploadArgs {
  projectId: string | number;
  folderId: number | null;
  file: File;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/** Uploads one file into the folder (document-project upload, multipart); answers the record. */
export function uploadDocument({ projectId, folderId, file, onProgress, signal }: UploadArgs): Promise<DocumentRow> {
  return callOperation("document-project", "upload", {
    payload: { project_id: projectId, folder_id: folderId, file },
    request: {
      signal,
      onUploadProgress: (e) => {
        if (e.total) onProgress(Math.min(100, Math.round((100 * e.loaded) / e.total)));
      },
    },
  });
}

/** A folder in the project, inside `parentId` (null: at the top level): folder-document-proyek add. */
export const addFolder = async (projectId: string | number, parentId: number | null, name: string): Promise<BaseRecord> =>
  (await dataProvider.create({ resource: "folder-document-proyek", variables: { project_id: projectId, parent_id: parentId, name } })).data;

/** The document's bytes (document-project download/{project_id}/{id}). */
export const downloadDocument = (doc: DocumentRow): Promise<Blob> =>
  downloadOperation("document-project", "download", { params: { project_id: doc.project_id as number, id: doc.id as number } });

/** Hands bytes to the browser as a file download under the document's name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A refused upload: the answer's key (what went wrong, src/http/errorKeys.ts) and the server's word on the file, else its message. */
export function uploadError(e: unknown): { key: string | undefined; message: string } {
  const err = e as Partial<HttpError> | undefined;
  const fieldMessage = err?.errors && typeof err.errors === "object" ? (err.errors as Record<string, unknown>).file : undefined;
  const message = Array.isArray(fieldMessage) ? String(fieldMessage[0]) : typeof fieldMessage === "string" ? fieldMessage : String(err?.message ?? "");
  return { key: errorKeyOf(e), message };
}
