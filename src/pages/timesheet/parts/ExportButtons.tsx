// Export of what is shown, as a payroll's input: CSV (src/crud/csv.ts) and XLSX (exceljs, loaded
// on the click with a dynamic import so it stays out of the page's chunk), the same columns and
// rows (model/exportTable.ts, model/csvExport.ts, model/xlsx.ts); the XLSX has a second sheet,
// the hours per person per project.
import { Button, Space } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadBlob, downloadCsv, toCsv } from "../../../crud/csv";
import { useNotify } from "../../../crud/useNotify";
import { csvRows } from "../model/csvExport";
import { exportTable, projectTable } from "../model/exportTable";
import { XLSX_TYPE, xlsxBytes } from "../model/xlsx";
import type { TimesheetPersonRow } from "../model/types";

export function ExportButtons({ people, fileName }: { people: readonly TimesheetPersonRow[]; fileName: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const table = () => exportTable(people, t);
  const xlsx = async () => {
    setBusy(true);
    try {
      const bytes = await xlsxBytes([
        { name: t("timesheet.sheet"), table: table() },
        { name: t("timesheet.projectSheet"), table: projectTable(people, t) },
      ]);
      downloadBlob(`${fileName}.xlsx`, new Blob([bytes], { type: XLSX_TYPE }));
    } catch (e) {
      notify.failed("exportFailed", e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <Button icon={<DownloadOutlined />} disabled={!people.length} onClick={() => downloadCsv(fileName, toCsv(csvRows(table())))}>
        {t("timesheet.export.csv")}
      </Button>
      <Button icon={<DownloadOutlined />} disabled={!people.length} loading={busy} onClick={() => void xlsx()}>
        {t("timesheet.export.xlsx")}
      </Button>
    </Space.Compact>
  );
}
