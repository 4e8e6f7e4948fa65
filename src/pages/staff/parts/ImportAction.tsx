// Import staff from a CSV: a template to fill, the file checked row by row before anything is
// stored (the preview), then the rows without errors imported; each imported person is invited.
import { useMemo, useRef, useState } from "react";
import { Button, Modal, Space } from "antd";
import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { downloadCsv } from "../../../crud/csv";
import { useDeclared, useFormatting } from "../../../crud/useCrud";
import { useStaffImport } from "../hooks/useStaffImport";
import { templateCsv } from "../model/csvImport";
import { importFieldsOf } from "../model/staffFields";
import { ImportPreview } from "./ImportPreview";

export function ImportAction() {
  const r = useDeclared("human-resource");
  const fields = useMemo(() => importFieldsOf(r), [r]);
  const fmt = useFormatting(fields);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { state, read, importValid, reset, checking, importing } = useStaffImport(fields, fmt.label, fmt.t);
  const close = () => {
    reset();
    setOpen(false);
  };
  const valid = state?.preview.valid ?? 0;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {fmt.t("staff.import.open")}
      </Button>
      <Modal
        open={open}
        title={fmt.t("staff.import.title")}
        width={1000}
        onCancel={close}
        cancelText={fmt.t("crud.actions.cancel")}
        okText={fmt.t("staff.import.confirm", { count: valid })}
        okButtonProps={{ disabled: valid === 0 }}
        confirmLoading={importing}
        onOk={() => void importValid().then((done) => done && setOpen(false))}
      >
        <p>{fmt.t("staff.import.what")}</p>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<UploadOutlined />} loading={checking} onClick={() => input.current?.click()}>
            {fmt.t("staff.import.choose")}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => downloadCsv(fmt.t("staff.import.templateName"), templateCsv(fields, fmt.label))}>
            {fmt.t("staff.import.template")}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-label={fmt.t("staff.import.choose")}
            style={{ display: "none" }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) void read(file);
            }}
          />
        </Space>
        {state ? <ImportPreview state={state} label={fmt.label} t={fmt.t} /> : null}
      </Modal>
    </>
  );
}
