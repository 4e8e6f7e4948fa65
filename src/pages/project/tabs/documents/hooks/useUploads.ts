// The files being uploaded: one entry per file with its progress and, when refused, why. Files
// go one after another so each progress bar means something on a slow line, and a refused
// file never stops the others.
import { useCallback, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { refusalWords } from "../../../../../http/errorKeys";
import { uploadDocument, uploadError } from "../api/documentCalls";
import { formatBytes, splitByQuota } from "../model/files";

export type UploadStatus = "waiting" | "uploading" | "done" | "error";

export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  percent: number;
  status: UploadStatus;
  error?: string;
}

let next = 0;

export function useUploads(opts: { projectId: string | number; folderId: number | null; freeBytes: number | null; onUploaded: () => void }) {
  const t = useTranslate();
  const { i18n } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const patch = (uid: string, p: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.uid === uid ? { ...i, ...p } : i)));
  const { projectId, folderId, freeBytes, onUploaded } = opts;

  const start = useCallback(
    async (files: File[]) => {
      const entries = files.map((file) => ({ file, uid: `u${++next}` }));
      const { over } = splitByQuota(
        entries.map((e) => ({ ...e, size: e.file.size })),
        freeBytes,
      );
      const refused = new Set(over.map((o) => o.uid));
      setItems((all) => [
        ...entries.map(({ file, uid }): UploadItem => {
          const isOver = refused.has(uid);
          return {
            uid,
            name: file.name,
            size: file.size,
            percent: 0,
            status: isOver ? "error" : "waiting",
            error: isOver ? t("documents.overQuota", { free: formatBytes(freeBytes ?? 0, i18n.language) }) : undefined,
          };
        }),
        ...all,
      ]);
      let stored = 0;
      for (const { file, uid } of entries) {
        if (refused.has(uid)) continue;
        patch(uid, { status: "uploading" });
        try {
          await uploadDocument({ projectId, folderId, file, onProgress: (percent) => patch(uid, { percent }) });
          patch(uid, { status: "done", percent: 100 });
          stored += 1;
        } catch (e) {
          // Why, by the answer's key (never its status), in the words of the one key-to-text place.
          const { message } = uploadError(e);
          const why = refusalWords(e, t("documents.failed"));
          patch(uid, { status: "error", error: message ? `${why} ${message}` : why });
        }
      }
      if (stored) onUploaded();
    },
    [projectId, folderId, freeBytes, onUploaded, t, i18n.language],
  );

  const clear = () => setItems((all) => all.filter((i) => i.status === "uploading" || i.status === "waiting"));
  return { items, start, clear };
}
