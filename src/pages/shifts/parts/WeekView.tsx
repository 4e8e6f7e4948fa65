// Who works which shift in a chosen week: a row per person, a column per day (Monday first),
// each cell the shift worked that day (model/week.ts: Monday to Friday, shifts declare no days).
import { Button, Card, Space, Table, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimeZones } from "../../../crud/useTimeZones";
import { wallNow } from "../../../lib/zonedTime";
import { formatDate } from "../../../lib/format";
import type { Person, Shift } from "../hooks/useShiftData";
import { addDays, mondayOf, weekDates, weekRows, type Assignment, type WeekRow } from "../model/week";

/** Today on the company's clock (a browser in UTC is still on yesterday until 07:00 WIB). */
const todayIn = (zone: string) => wallNow(zone).format("YYYY-MM-DD");

export function WeekView({ shifts, people, assignments, initialDate }: { shifts: Shift[]; people: Person[]; assignments: Assignment[]; initialDate?: string }) {
  const { t } = useTranslation();
  const zone = useTimeZones().company;
  const [monday, setMonday] = useState(() => mondayOf(initialDate ?? todayIn(zone)));
  const dates = weekDates(monday);
  const rows = useMemo(
    () =>
      weekRows(
        assignments,
        monday,
        people.map((p) => Number(p.id)),
      ),
    [assignments, monday, people],
  );
  const shiftById = new Map(shifts.map((s) => [Number(s.id), s]));
  const nameOf = (id: number) => people.find((p) => Number(p.id) === id)?.name ?? `#${id}`;
  const columns = [
    { key: "person", title: t("shifts.week.person"), render: (_: unknown, r: WeekRow) => nameOf(r.userId) },
    ...dates.map((d, i) => ({
      key: d,
      title: `${t(`shifts.week.days.${i}`)} ${d.slice(8, 10)}/${d.slice(5, 7)}`,
      render: (_: unknown, r: WeekRow) => {
        const id = r.days[i];
        if (id == null) return null;
        const s = shiftById.get(id);
        // The shift's colour as a dot: white text on a colour tag failed contrast (1.9:1 on amber).
        return (
          <Tag>
            {s?.color ? <span aria-hidden style={{ display: "inline-block", width: 8, height: 8, borderRadius: 4, background: String(s.color), marginInlineEnd: 6 }} /> : null}
            {s?.name ?? `#${id}`}
          </Tag>
        );
      },
    })),
  ];
  return (
    <Card
      size="small"
      title={t("shifts.week.title", { from: formatDate(dates[0]), to: formatDate(dates[6]) })}
      extra={
        <Space>
          <Button onClick={() => setMonday(addDays(monday, -7))}>{t("shifts.week.previous")}</Button>
          <Button onClick={() => setMonday(mondayOf(todayIn(zone)))}>{t("shifts.week.current")}</Button>
          <Button onClick={() => setMonday(addDays(monday, 7))}>{t("shifts.week.next")}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t("shifts.week.workDays")}</Typography.Paragraph>
      <div data-testid="shift-week">
        <Table<WeekRow>
          rowKey="userId"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: t("shifts.week.empty") }}
        />
      </div>
    </Card>
  );
}
