// From a person: the employee daily report (the legacy list, its route with the person as its
// filter; the data provider adds the role name) and the worker's waypoint monitoring (legacy
// waypoint-monitoring/{user_id}/search, in a drawer: that resource has no page of its own), each
// only with the right its menu gives.
import { Button, Drawer, Empty, Space, Table } from "antd";
import { useGo } from "@refinedev/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { canAccess } from "../../../providers/accessControlProvider";
import { useOperation } from "../../../providers/operations";
import { formatDateTime } from "../../../lib/zonedTime";
import { waypointSearchBody } from "../model/waypoints";
import type { TimesheetPersonRow } from "../model/types";

interface Point {
  wptime: unknown;
  lat: unknown;
  lon: unknown;
}

function Waypoints({ person, from, to, zone, onClose }: { person: TimesheetPersonRow; from: string; to: string; zone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { data, query } = useOperation("waypoint-monitoring", "searchByUser", { params: { user_id: person.user_id }, payload: waypointSearchBody(from, to, zone) });
  const points = (data ?? []) as Point[];
  return (
    <Drawer open title={t("timesheet.links.waypointsOf", { name: person.name })} onClose={onClose} width={Math.min(480, window.innerWidth)}>
      {!query.isLoading && !points.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("timesheet.links.noWaypoints")} />
      ) : (
        <Table<Point>
          size="small"
          loading={query.isLoading}
          rowKey={(p) => `${String(p.wptime)} ${String(p.lat)} ${String(p.lon)}`}
          pagination={{ pageSize: 50 }}
          dataSource={points}
          columns={[
            { title: t("timesheet.links.time"), key: "t", render: (_, p) => formatDateTime(p.wptime, zone, i18n.language) },
            { title: t("timesheet.links.position"), key: "p", render: (_, p) => `${Number(p.lat).toFixed(5)}, ${Number(p.lon).toFixed(5)}` },
          ]}
        />
      )}
    </Drawer>
  );
}

export function PersonLinks({ person, from, to, zone }: { person: TimesheetPersonRow; from: string; to: string; zone: string }) {
  const { t } = useTranslation();
  const go = useGo();
  const [open, setOpen] = useState(false);
  const report = canAccess("employee-daily-report", "list").can;
  const waypoints = canAccess("waypoint-monitoring", "list").can;
  return (
    <Space size={4} wrap>
      {report ? (
        <Button
          size="small"
          type="link"
          onClick={() =>
            go({ to: { resource: "employee-daily-report", action: "list" }, query: { filters: [{ field: "user_id", operator: "eq", value: person.user_id }] }, type: "push" })
          }
        >
          {t("timesheet.links.dailyReport")}
        </Button>
      ) : null}
      {waypoints ? (
        <Button size="small" type="link" onClick={() => setOpen(true)}>
          {t("timesheet.links.waypoints")}
        </Button>
      ) : null}
      {open ? <Waypoints person={person} from={from} to={to} zone={zone} onClose={() => setOpen(false)} /> : null}
    </Space>
  );
}
