// From a K3 checklist: assign it to several projects at once (AssignLinks, the safety tab's
// project-to-checklist-k3 add-multiple call).
import { ProjectOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { AssignLinks } from "../../project/tabs/safety/AssignLinks";

export function AssignProjects({ checklistId }: { checklistId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  return (
    <AssignLinks
      fixed={{ checklist_k3_id: checklistId }}
      pick="project"
      icon={<ProjectOutlined />}
      labels={{ action: "checklist.assign", picked: "checklist.projects", required: "checklist.required" }}
      onSaved={(count) => notify.info(t("checklist.assigned", { count }))}
    />
  );
}
