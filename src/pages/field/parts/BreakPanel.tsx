// A break while clocked in: one button to start it and, during it, one to end it. The punch goes
// through the offline queue with its capture time (POST presence/break-start, break-end); the
// timesheet deducts the break taken, or the shift's break when that is longer.
import { CoffeeOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  action: "breakStart" | "breakEnd";
  onPunch: () => Promise<unknown>;
}

export function BreakPanel({ action, onPunch }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const punch = async () => {
    setBusy(true);
    try {
      await onPunch();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("field.break.title")}</h2>}>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t(action === "breakStart" ? "field.break.hintStart" : "field.break.hintEnd")}</Typography.Text>
        <Button size="large" block icon={<CoffeeOutlined aria-hidden />} onClick={punch} loading={busy} style={{ height: 48 }}>
          {t(action === "breakStart" ? "field.break.start" : "field.break.end")}
        </Button>
      </Flex>
    </Card>
  );
}
