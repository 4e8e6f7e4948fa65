// A panic alarm's page (#/panic-button/show/{id}; declaration: panic-button, page "panic"): the
// generated details, and under them the alarm's trail (parts/PanicTrail).
import ShowPage from "../../crud/ShowPage";
import { PanicTrail } from "./parts/PanicTrail";

export default function PanicPage() {
  return <ShowPage resource="panic-button" details={(record) => <PanicTrail id={Number(record.id)} projectId={record.project_id} />} />;
}
