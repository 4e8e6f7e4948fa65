// Export of what is shown: CSV (src/crud/csv.ts) and XLSX (exceljs, loaded on the click with a
// dynamic import so it stays out of the page's chunk), the same columns and rows
// (model/exportTable.ts, model/xlsx.ts).
import { Button, Space } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadBlob, downloadCsv, toCsv } from "../../../crud/csv";
import { useNotify } from "../../../crud/useNotify";
import { csvRows, exportTable } from "../model/exportTable";
import { XLSX_TYPE, xlsxBytes } from "../model/xlsx";
import type { HoursFormat, TimesheetPersonRow } from "../model/types";

export function ExportButtons({ people, hoursFormat, fileName }: { people: readonly TimesheetPersonRow[]; hoursFormat: HoursFormat; fileName: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const table = () => exportTable(people, hoursFormat, i18n.language, t);
  const xlsx = async () => {
    setBusy(true);
    try {
      const bytes = await xlsxBytes(table(), t("timesheet.sheet"));
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
