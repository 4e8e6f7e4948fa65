// Several K3 checklists assigned to the project at once (AssignLinks: project-to-checklist-k3
// add-multiple through the tab's api/).
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useNotify } from "../../../../crud/useNotify";
import { AssignLinks } from "./AssignLinks";

export function AssignChecklists({ projectId }: { projectId: string | number }) {
  const notify = useNotify();
  return (
    <AssignLinks
      fixed={{ project_id: Number(projectId) }}
      pick="checklist-k3"
      icon={<SafetyCertificateOutlined />}
      labels={{ action: "project.safety.assign", picked: "project.safety.checklists", required: "fields.is_required" }}
      onSaved={() => notify.saved()}
    />
  );
}
