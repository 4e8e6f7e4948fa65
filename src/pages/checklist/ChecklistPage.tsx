// A K3 checklist item's page (#/checklist-k3/show/{id}; declaration: checklist-k3, page
// "checklist"): the generated details (name, category, mandatory, order, description; the
// declaration has no separate item resource: each checklist-k3 row is one item of the company's
// K3 list), an action assigning it to several projects at once (project-to-checklist-k3
// add-multiple), and the projects already using it.
import ShowPage from "../../crud/ShowPage";
import { EmbeddedList } from "../../crud/EmbeddedList";
import { useTranslation } from "react-i18next";
import { AssignProjects } from "./parts/AssignProjects";

export default function ChecklistPage() {
  const { t } = useTranslation();
  return (
    <ShowPage
      resource="checklist-k3"
      extraActions={(record) => <AssignProjects checklistId={Number(record.id)} />}
      details={(record) => <EmbeddedList resource="project-to-checklist-k3" fixed={{ checklist_k3_id: Number(record.id) }} title={t("checklist.projectsOf")} />}
    />
  );
}
