// The people on the chosen shift, each assignment with its dates and a remove action
// (user-to-shift delete/{id}); a refusal is said as the generated screens say theirs.
import { Button, Card, Popconfirm, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { removeAssignment } from "../api/removeAssignment";
import { formatDate } from "../../../lib/format";
import type { Person, Shift } from "../hooks/useShiftData";
import type { Assignment } from "../model/week";

type Row = Assignment & { id: number };

export function ShiftMembers({
  shift,
  people,
  assignments,
  canRemove,
  onRemoved,
}: {
  shift: Shift;
  people: Person[];
  assignments: Row[];
  canRemove: boolean;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState<number | null>(null);
  const nameOf = (id: number) => people.find((p) => Number(p.id) === Number(id))?.name ?? `#${id}`;
  const rows = assignments.filter((a) => Number(a.shift_id) === Number(shift.id));
  const remove = async (row: Row) => {
    setBusy(row.id);
    try {
      await removeAssignment(row.id);
      notify.deleted();
    } catch (error) {
      notify.failed("deleteFailed", error);
    } finally {
      setBusy(null);
      onRemoved();
    }
  };
  return (
    <Card size="small" title={t("shifts.members.title", { shift: shift.name })}>
      <div data-testid="shift-members">
        <Table<Row>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: t("shifts.members.empty") }}
          columns={[
            { key: "person", title: t("shifts.week.person"), render: (_, r) => nameOf(r.user_id) },
            { key: "from", title: t("shifts.assign.from"), render: (_, r) => formatDate(r.start_date) },
            { key: "until", title: t("shifts.members.until"), render: (_, r) => (r.end_date ? formatDate(r.end_date) : t("shifts.members.ongoing")) },
            ...(canRemove
              ? [
                  {
                    key: "remove",
                    title: "",
                    render: (_: unknown, r: Row) => (
                      <Popconfirm
                        title={t("shifts.members.removeConfirm", { name: nameOf(r.user_id), shift: shift.name })}
                        okText={t("shifts.members.remove")}
                        cancelText={t("common.no")}
                        onConfirm={() => remove(r)}
                      >
                        <Button size="small" danger loading={busy === r.id} aria-label={t("shifts.members.removeLabel", { name: nameOf(r.user_id) })}>
                          {t("shifts.members.remove")}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
    </Card>
  );
}
