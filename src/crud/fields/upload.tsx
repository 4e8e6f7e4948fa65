// Images and files. Where the resource's create is multipart (an `upload` operation) the file
// travels in that body; otherwise it is uploaded first through the contract's image store
// (`POST image/upload`: file, folder, owner_id) and the field keeps the stored file name.
import { useState } from "react";
import { Button, Space, Typography, Upload } from "antd";
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import type { UploadFile } from "antd";
import { useDataProvider } from "@refinedev/core";
import type { ResolvedField, ResolvedResource } from "../../../declaration";
import AuthImage from "../display/AuthImage";
import { IMAGE_RESOURCE, imageFolderOf, imagePath } from "../display/imageFolder";

type T = (key: string) => string;

/** The file goes with the record in the multipart body: the form keeps antd's file list. */
export function MultipartFileInput({ field, t, ...props }: { field: ResolvedField; t: T; fileList?: UploadFile[]; onChange?: (v: unknown) => void; id?: string }) {
  return (
    <Upload accept={field.accept} maxCount={1} beforeUpload={() => false} listType={field.type === "image" ? "picture" : "text"} {...props}>
      <Button icon={<UploadOutlined />}>{t("crud.upload.choose")}</Button>
    </Upload>
  );
}

/** `getValueFromEvent` of a multipart file field. */
export const fileListFromEvent = (e: { fileList?: UploadFile[] } | UploadFile[]): UploadFile[] => (Array.isArray(e) ? e : (e?.fileList ?? []));

interface StoredProps {
  resource: ResolvedResource;
  field: ResolvedField;
  recordId?: string | number;
  t: T;
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}

/** Uploads at once to the image store; the form keeps the answered file name. */
export function StoredFileInput({ resource, field, recordId, t, value, onChange, id }: StoredProps) {
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Space direction="vertical" id={id}>
      {value ? field.type === "image" ? <AuthImage path={imagePath(resource, field, value)} alt={value} size={96} /> : <Typography.Text code>{value}</Typography.Text> : null}
      <Space wrap>
        <Upload
          accept={field.accept}
          maxCount={1}
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            setFailed(false);
            try {
              const res = await dataProvider().custom!<{ file_name?: string }>({
                url: "",
                method: "post",
                payload: { file, folder: imageFolderOf(resource, field), owner_id: recordId ?? 0 },
                meta: { resource: IMAGE_RESOURCE, operation: "upload" },
              });
              const name = res.data?.file_name;
              if (!name) throw new Error("no file_name in the answer");
              onChange?.(name);
              onSuccess?.(res.data);
            } catch (e) {
              setFailed(true);
              onError?.(e as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t(value ? "crud.upload.replace" : "crud.upload.choose")}
          </Button>
        </Upload>
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t("crud.upload.remove")}
          </Button>
        ) : null}
      </Space>
      {failed ? <Typography.Text type="danger">{t("crud.upload.failed")}</Typography.Text> : null}
    </Space>
  );
}
