// The project's documents: the folder tree on the left; the picked folder's files, the upload
// area and the company's storage use on the right (stacked on a phone).
import { useState } from "react";
import { Col, Row, Space, Typography } from "antd";
import { useCan, useTranslate } from "@refinedev/core";
import { useNotify } from "../../../../crud/useNotify";
import { downloadDocument, saveBlob } from "./api/documentCalls";
import { useFolderTree } from "./hooks/useFolderTree";
import { useStorage } from "./hooks/useStorage";
import { useUploads } from "./hooks/useUploads";
import { freeBytes } from "./model/files";
import { filesOf, findFolder, folderIdOf, ROOT_KEY, type DocumentRow } from "./model/folders";
import { FileTable } from "./parts/FileTable";
import { FolderTree } from "./parts/FolderTree";
import { PreviewModal } from "./parts/PreviewModal";
import { StorageMeter } from "./parts/StorageMeter";
import { UploadArea } from "./parts/UploadArea";

export default function DocumentsTab({ projectId }: { projectId: string | number }) {
  const t = useTranslate();
  const notify = useNotify();
  // Uploads need the right to add documents (the upload area is left out without it).
  const mayUpload = useCan({ resource: "document-project", action: "create" }).data?.can ?? false;
  const [folder, setFolder] = useState(ROOT_KEY);
  const [preview, setPreview] = useState<DocumentRow | null>(null);
  const { tree, loading, refetch } = useFolderTree(projectId);
  const { storage, refetch: refetchStorage } = useStorage();
  const changed = () => {
    refetch();
    refetchStorage();
  };
  const uploads = useUploads({ projectId, folderId: folderIdOf(folder), freeBytes: freeBytes(storage), onUploaded: changed });
  const current = findFolder(tree, folder);
  const download = (doc: DocumentRow) =>
    downloadDocument(doc)
      .then((blob) => saveBlob(blob, String(doc.name ?? "document")))
      .catch((e: unknown) => notify.failed("downloadFailed", e));

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={8} lg={6}>
        <FolderTree projectId={projectId} tree={tree} selected={folder} onSelect={setFolder} onChanged={changed} />
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {folder === ROOT_KEY ? t("documents.topLevel") : String(current?.name ?? "")}
          </Typography.Title>
          <FileTable files={filesOf(tree, folder)} loading={loading} onPreview={setPreview} onDownload={download} onDeleted={changed} projectId={projectId} />
          {mayUpload ? <UploadArea items={uploads.items} onFiles={(files) => void uploads.start(files)} onClear={uploads.clear} /> : null}
          <StorageMeter storage={storage} />
        </Space>
      </Col>
      <PreviewModal doc={preview} onClose={() => setPreview(null)} />
    </Row>
  );
}
