// Shifts (#/shift; declaration: shift, page "shifts"): the generated list of shifts with their
// hours and grace period, then assigning several people to a shift at once (user-to-shift/add,
// one per person) and a week view of who works which shift. Removing someone from a shift is not
// offered: user-to-shift declares no update or delete on the wire (docs/api.md).
import { Space } from "antd";
import ListPage from "../../crud/ListPage";
import { canAccess } from "../../providers/accessControlProvider";
import { useShiftData } from "./hooks/useShiftData";
import { AssignPeople } from "./parts/AssignPeople";
import { WeekView } from "./parts/WeekView";

export default function ShiftsPage() {
  const { shifts, people, assignments, reloadAssignments } = useShiftData();
  const canAssign = canAccess("user-to-shift", "create").can;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <ListPage resource="shift" />
      {canAssign ? <AssignPeople shifts={shifts} people={people} onAssigned={reloadAssignments} /> : null}
      <WeekView shifts={shifts} people={people} assignments={assignments} />
    </Space>
  );
}
