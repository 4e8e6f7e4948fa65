// Today at a glance: the date in the site's zone, where the day stands (not clocked in /
// clocked in since 07:58, late, at a project and its address, inside or outside its area, on a
// break / clocked out), where they clocked in (longitude, latitude, on a map), a warning while the
// phone's position is outside the site's work area, the day's earlier presences (one per site),
// the time worked and the shift.
import { Card, Flex, Tag, Typography } from "antd";
import { QuietAlert } from "../../../lib/decorativeIcons";
import { useTranslation } from "react-i18next";
import type { FieldDay } from "../../../../declaration/answers";
import { unitText } from "../../../lib/duration";
import { lonLatText, mapLinkOf } from "../../../lib/place";
import { formatClock } from "../../../lib/zonedTime";
import { dayHeading, workedMinutes, zoneOfDay, type DayState } from "../model/day";
import { areaOf, distanceTo, distanceText, sitesOf } from "../model/sites";
import { useFieldStore } from "../store/fieldStore";

interface Props {
  day: FieldDay | undefined;
  state: DayState;
  now: number;
}

export function TodayCard({ day, state, now }: Props) {
  const { t, i18n } = useTranslation();
  const zone = zoneOfDay(state, day);
  const time = (at: string) => formatClock(at, zone, i18n.language);
  const minutes = workedMinutes(state, now);
  const shift = day?.shift;
  // The day's other presences, closed, each on its own site's clock: "Tower A 07:58–12:00".
  const current = day?.presence?.id;
  const sites = sitesOf(day);
  const earlier = (day?.presences ?? [])
    .filter((p) => p.id !== current && typeof p.clock_in === "string" && typeof p.clock_out === "string")
    .map((p) => {
      const at = (iso: unknown) => formatClock(String(iso), sites.find((s) => s.id === Number(p.project_id))?.timeZone ?? zone, i18n.language);
      return `${typeof p.project_id_label === "string" ? `${p.project_id_label} ` : ""}${at(p.clock_in)}–${at(p.clock_out)}`;
    });
  const fix = useFieldStore((s) => s.fix);
  // Clocked in, and the phone's latest position is outside the site's work area: say so (and how far).
  const here = fix ? ([fix.lon, fix.lat] as const) : null;
  const away = state.kind === "clockedIn" && state.site && areaOf(state.site, here) === "outside" ? distanceTo(state.site, here) : null;
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{day ? dayHeading(day.date, i18n.language) : t("field.today.heading")}</h2>}>
      <Flex vertical gap={6} aria-live="polite">
        {state.kind === "out-of-day" ? (
          <Typography.Text strong style={{ fontSize: 18 }}>
            {t("field.today.notIn")}
          </Typography.Text>
        ) : (
          <>
            <Typography.Text strong style={{ fontSize: 18 }}>
              {state.kind === "clockedIn" ? t("field.today.clockedIn", { time: time(state.since) }) : t("field.today.clockedOut", { time: time(state.until) })}
              {state.late ? (
                <Tag color="volcano" style={{ marginLeft: 8, verticalAlign: "middle" }}>
                  {t("field.today.late")}
                </Tag>
              ) : null}
              {state.waiting ? (
                <Tag color="gold" style={{ marginLeft: 8, verticalAlign: "middle" }}>
                  {t("field.today.waiting")}
                </Tag>
              ) : null}
            </Typography.Text>
            {state.projectName ? (
              <Typography.Text>
                {t("field.today.atProject", { project: state.projectName })}
                {state.site?.address ? ` (${state.site.address})` : ""}
                {state.area ? ` · ${t(`field.today.${state.area}`)}` : ""}
              </Typography.Text>
            ) : null}
            {state.place ? (
              <Typography.Text type="secondary">
                {t("field.today.clockInPlace")}{" "}
                <a data-testid="clock-in-place" href={mapLinkOf(state.place[0], state.place[1])} target="_blank" rel="noopener noreferrer" style={{ textDecoration: "underline" }}>
                  {lonLatText(state.place[0], state.place[1])}
                </a>
              </Typography.Text>
            ) : null}
            {away !== null && state.kind === "clockedIn" ? (
              <QuietAlert
                type="warning"
                showIcon
                role="status"
                message={t("field.today.outsideNow", { project: state.projectName ?? "", distance: distanceText(away, i18n.language) })}
              />
            ) : null}
            {state.kind === "clockedOut" ? <Typography.Text type="secondary">{t("field.today.clockedInAt", { time: time(state.since) })}</Typography.Text> : null}
            {state.kind === "clockedIn" && state.onBreak ? (
              <Typography.Text>
                {t("field.today.onBreak", { time: time(state.onBreak.since) })}
                {state.onBreak.waiting ? (
                  <Tag color="gold" style={{ marginLeft: 8 }}>
                    {t("field.today.waiting")}
                  </Tag>
                ) : null}
              </Typography.Text>
            ) : null}
          </>
        )}
        {earlier.length ? <Typography.Text type="secondary">{t("field.today.earlier", { list: earlier.join(", ") })}</Typography.Text> : null}
        {minutes !== null ? <Typography.Text>{t("field.today.worked", { duration: unitText(minutes, "minutes", t) })}</Typography.Text> : null}
        {day ? (
          <Typography.Text type="secondary">
            {shift
              ? t("field.today.shift", { name: String(shift.name ?? ""), start: String(shift.start_time ?? ""), end: String(shift.end_time ?? "") })
              : t("field.today.noShift")}
          </Typography.Text>
        ) : null}
        {state.kind === "clockedOut" && !state.waiting ? <Typography.Text type="secondary">{t("field.today.done")}</Typography.Text> : null}
      </Flex>
    </Card>
  );
}
