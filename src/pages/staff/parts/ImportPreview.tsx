// The preview of a staff CSV: each row as it would be stored, the cells the server refused in red
// with its reason under the value, and how many rows are ready and how many have errors.
import { Alert, Table, Tag, theme, type TableColumnType } from "antd";
import type { ResolvedField } from "../../../../declaration";
import { enumLabelKey } from "../../../crud/model";
import type { Translate } from "../model/csvImport";
import type { ImportState } from "../hooks/useStaffImport";

type PreviewRow = ImportState["preview"]["rows"][number];

export function ImportPreview({ state, label, t }: { state: ImportState; label: (f: ResolvedField) => string; t: Translate }) {
  const { token } = theme.useToken();
  const { parsed, preview } = state;
  const cell = (f: ResolvedField) => (_: unknown, row: PreviewRow) => {
    const raw = parsed.items[row.row]?.[f.name];
    const error = row.errors[f.name];
    return (
      <span data-field={f.name}>
        <span>{raw === undefined || raw === null || raw === "" ? "-" : f.type === "enum" && f.options?.includes(String(raw)) ? t(enumLabelKey(f, String(raw))) : String(raw)}</span>
        {error ? <div style={{ color: token.colorError }}>{error}</div> : null}
      </span>
    );
  };
  // Errors on fields the file has no column for (a required one missing) show in their own column.
  const shown = new Set(parsed.columns.map((f) => f.name));
  const columns: TableColumnType<PreviewRow>[] = [
    { key: "row", title: t("staff.import.row"), render: (_: unknown, row: PreviewRow) => row.row + 1, width: 64 },
    {
      key: "state",
      title: t("staff.import.state"),
      render: (_: unknown, row: PreviewRow) =>
        Object.keys(row.errors).length ? <Tag color="red">{t("staff.import.hasErrors")}</Tag> : <Tag color="green">{t("staff.import.ready")}</Tag>,
    },
    ...parsed.columns.map((f) => ({ key: f.name, title: label(f), render: cell(f) })),
    {
      key: "other",
      title: t("staff.import.otherErrors"),
      render: (_: unknown, row: PreviewRow) => (
        <span style={{ color: token.colorError }}>
          {Object.entries(row.errors)
            .filter(([k]) => !shown.has(k))
            .map(([k, m]) => `${t(`fields.${k}`)}: ${m}`)
            .join(" ")}
        </span>
      ),
    },
  ];
  return (
    <>
      <Alert
        type={preview.invalid ? "warning" : "success"}
        showIcon
        style={{ marginBottom: 12 }}
        message={t("staff.import.summary", { file: state.file, valid: preview.valid, invalid: preview.invalid })}
        description={
          [
            preview.invalid ? t("staff.import.leftOut", { count: preview.invalid }) : null,
            parsed.unknownColumns.length ? t("staff.import.unknownColumns", { columns: parsed.unknownColumns.join(", ") }) : null,
          ]
            .filter(Boolean)
            .join(" ") || undefined
        }
      />
      <Table<PreviewRow>
        size="small"
        rowKey={(row) => String(row.row)}
        dataSource={preview.rows}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: "max-content" }}
      />
    </>
  );
}
