// What the person works on, each as the generated list filtered to them: their projects (and
// adding several at once), their shifts, their activities. A list the role may not read is left
// out (EmbeddedList asks nothing then).
import { useMemo } from "react";
import { Tabs } from "antd";
import { useInvalidate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { EmbeddedList } from "../../../crud/EmbeddedList";
import { canAccess } from "../../../providers/accessControlProvider";
import { AddProjects } from "./AddProjects";

export function PersonWork({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const fixed = useMemo(() => ({ user_id: userId }), [userId]);
  const tabs = [
    {
      key: "projects",
      resource: "user-to-proyek",
      label: t("staff.projects"),
      children: (
        <EmbeddedList
          resource="user-to-proyek"
          fixed={fixed}
          title={t("staff.projects")}
          extra={<AddProjects userId={userId} onAdded={() => void invalidate({ resource: "user-to-proyek", invalidates: ["list"] })} />}
        />
      ),
    },
    { key: "shifts", resource: "user-to-shift", label: t("staff.shifts"), children: <EmbeddedList resource="user-to-shift" fixed={fixed} title={t("staff.shifts")} /> },
    {
      key: "activities",
      resource: "user-to-activity",
      label: t("staff.activities"),
      children: <EmbeddedList resource="user-to-activity" fixed={fixed} title={t("staff.activities")} />,
    },
  ].filter((tab) => canAccess(tab.resource, "list").can);
  if (!tabs.length) return null;
  return <Tabs items={tabs.map(({ key, label, children }) => ({ key, label, children }))} />;
}
