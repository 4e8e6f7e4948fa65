// Safety: the project's work area (drawn as a polygon: WorkAreaEditor), the K3 checklists
// assigned to the project (project-to-checklist-k3), its K3 reports, and the permits of its
// members (permits belong to people, not projects).
import { useMemo } from "react";
import { useTranslate } from "@refinedev/core";
import { EmbeddedList } from "../../../../crud/EmbeddedList";
import { useProjectRows } from "../../hooks/useProjectRows";
import { AssignChecklists } from "./AssignChecklists";
import { PermitsOfMembers } from "./PermitsOfMembers";
import { WorkAreaEditor } from "./WorkAreaEditor";

export default function SafetyTab({ projectId }: { projectId: string | number }) {
  const t = useTranslate();
  const fixed = useMemo(() => ({ project_id: projectId }), [projectId]);
  const members = useProjectRows("user-to-proyek", projectId);
  const userIds = useMemo(() => [...new Set(members.rows.map((m) => Number(m.user_id)))], [members.rows]);
  return (
    <>
      <WorkAreaEditor projectId={projectId} />
      <EmbeddedList resource="project-to-checklist-k3" fixed={fixed} title={t("project.safety.checklists")} extra={<AssignChecklists projectId={projectId} />} />
      <EmbeddedList resource="report-k3" fixed={fixed} />
      {members.loading ? null : <PermitsOfMembers userIds={userIds} />}
    </>
  );
}
