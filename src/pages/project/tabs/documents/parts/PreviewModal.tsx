// An image or PDF shown in the browser: the bytes are fetched with the token (a plain URL would
// go without it) and shown from an object URL, revoked when the preview closes.
import { useEffect, useState } from "react";
import { Modal, Spin, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { downloadDocument } from "../api/documentCalls";
import { previewKind } from "../model/files";
import type { DocumentRow } from "../model/folders";

export function PreviewModal({ doc, onClose }: { doc: DocumentRow | null; onClose: () => void }) {
  const t = useTranslate();
  const [shown, setShown] = useState<{ id: unknown; url: string } | null>(null);
  const [failedId, setFailedId] = useState<unknown>(null);
  useEffect(() => {
    if (!doc) return;
    let url: string | undefined;
    let alive = true;
    downloadDocument(doc)
      .then((blob) => {
        if (!alive) return;
        // The stored type, so a PDF shows as a PDF whatever the answer's header said.
        url = URL.createObjectURL(new Blob([blob], { type: String(doc.mime ?? blob.type) }));
        setShown({ id: doc.id, url });
      })
      .catch(() => alive && setFailedId(doc.id));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [doc]);
  const kind = doc ? previewKind(doc.mime) : null;
  const url = doc && shown && shown.id === doc.id ? shown.url : null;
  return (
    <Modal open={!!doc} title={doc ? String(doc.name) : ""} onCancel={onClose} footer={null} width={kind === "pdf" ? "min(1000px, 95vw)" : "min(800px, 95vw)"} destroyOnHidden>
      {doc && failedId === doc.id ? (
        <Typography.Text type="danger">{t("documents.previewFailed")}</Typography.Text>
      ) : !url ? (
        <Spin />
      ) : kind === "image" ? (
        <img src={url} alt={String(doc?.name ?? "")} style={{ maxWidth: "100%", display: "block", margin: "0 auto" }} />
      ) : (
        <iframe src={url} title={String(doc?.name ?? "")} style={{ width: "100%", height: "75vh", border: 0 }} />
      )}
    </Modal>
  );
}
