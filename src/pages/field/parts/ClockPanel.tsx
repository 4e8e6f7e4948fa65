// Clock in or out: a selfie, the position with its accuracy, and for a clock-in the project
// (the worker's projects, the nearest preselected, each with its distance and whether the
// position is inside its work area). The action goes to the offline queue with its capture time:
// sent at once when there is a network, later otherwise.
import { ClockCircleOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Input, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActionFields } from "../model/queue";
import { tooInaccurate } from "../model/position";
import { areaOf, distanceText, distanceTo, nearestSite, type Site } from "../model/sites";
import { useFieldStore } from "../store/fieldStore";
import { PositionStatus } from "./PositionStatus";
import { SelfieCapture } from "./SelfieCapture";

interface Props {
  action: "clockIn" | "clockOut";
  sites: Site[];
  onRetryPosition: () => void;
  onSubmit: (fields: ActionFields, selfie: Blob) => Promise<unknown>;
}

export function ClockPanel({ action, sites, onRetryPosition, onSubmit }: Props) {
  const { t, i18n } = useTranslation();
  const fix = useFieldStore((s) => s.fix);
  const [selfie, setSelfie] = useState<Blob | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const at = fix ? ([fix.lon, fix.lat] as const) : null;
  // The worker's choice, else the nearest project to where they stand.
  const projectId = chosen ?? nearestSite(sites, at)?.id ?? null;
  const clockIn = action === "clockIn";
  const positionOk = !!fix && !tooInaccurate(fix);
  const missing = !selfie ? "needSelfie" : !positionOk ? "needPosition" : clockIn && projectId === null ? "needProject" : null;
  const title = clockIn ? t("field.clock.inTitle") : t("field.clock.outTitle");

  const submit = async () => {
    if (missing || !selfie || !fix) return;
    setBusy(true);
    try {
      await onSubmit({ ...(clockIn ? { project_id: projectId } : {}), lon: fix.lon, lat: fix.lat, accuracy: fix.accuracy, note: note.trim() || undefined }, selfie);
      setSelfie(null);
      setNote("");
    } finally {
      setBusy(false);
    }
  };

  const options = sites.map((s) => ({ value: s.id, label: s.name }));
  // Where the chosen project is from here, as the server will judge it (its work area's radius).
  const chosenSite = sites.find((s) => s.id === projectId) ?? null;
  const distance = chosenSite ? distanceTo(chosenSite, at) : null;
  const area = chosenSite ? areaOf(chosenSite, at) : null;
  const whereText = [distance === null ? null : t("field.clock.distance", { distance: distanceText(distance, i18n.language) }), area ? t(`field.clock.area.${area}`) : null]
    .filter(Boolean)
    .join(" · ");

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}>
      <Flex vertical gap={12}>
        <SelfieCapture selfie={selfie} onChange={setSelfie} disabled={busy} />
        <PositionStatus onRetry={onRetryPosition} />
        {clockIn ? (
          sites.length ? (
            <Flex vertical gap={4}>
              <label htmlFor="field-project">{t("field.clock.project")}</label>
              <Select
                id="field-project"
                size="large"
                value={projectId ?? undefined}
                placeholder={t("field.clock.pickProject")}
                options={options}
                onChange={(v: number) => setChosen(v)}
                aria-describedby={whereText ? "field-project-where" : undefined}
              />
              {whereText ? (
                <Typography.Text id="field-project-where" type={area === "outside" ? "warning" : "secondary"}>
                  {whereText}
                </Typography.Text>
              ) : null}
            </Flex>
          ) : (
            <Typography.Text type="warning">{t("field.clock.noProjects")}</Typography.Text>
          )
        ) : null}
        <Flex vertical gap={4}>
          <label htmlFor="field-clock-note">{t("field.clock.note")}</label>
          <Input.TextArea id="field-clock-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Flex>
        {missing ? (
          <Typography.Text type="secondary" id="field-clock-missing">
            {t(`field.clock.${missing}`)}
          </Typography.Text>
        ) : null}
        <Button
          type="primary"
          size="large"
          block
          icon={<ClockCircleOutlined aria-hidden />}
          onClick={submit}
          loading={busy}
          disabled={!!missing}
          aria-describedby={missing ? "field-clock-missing" : undefined}
          style={{ height: 52, fontSize: 18 }}
        >
          {clockIn ? t("field.clock.submitIn") : t("field.clock.submitOut")}
        </Button>
      </Flex>
    </Card>
  );
}
