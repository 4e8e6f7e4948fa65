// Shifts (#/shift; declaration: shift, page "shifts"): the generated list of shifts with their
// hours and grace period, then assigning several people to a shift at once (user-to-shift/add,
// one per person), the people on the chosen shift with a remove action (user-to-shift
// delete/{id}), and a week view of who works which shift.
import { Space } from "antd";
import { useState } from "react";
import ListPage from "../../crud/ListPage";
import { canAccess } from "../../providers/accessControlProvider";
import { useShiftData } from "./hooks/useShiftData";
import { AssignPeople } from "./parts/AssignPeople";
import { ShiftMembers } from "./parts/ShiftMembers";
import { WeekView } from "./parts/WeekView";

export default function ShiftsPage() {
  const { shifts, people, assignments, reloadAssignments } = useShiftData();
  const canAssign = canAccess("user-to-shift", "create").can;
  const canRemove = canAccess("user-to-shift", "delete").can;
  const [shiftId, setShiftId] = useState<number | null>(null);
  const chosen = shifts.find((s) => Number(s.id) === shiftId);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <ListPage resource="shift" />
      {canAssign ? <AssignPeople shifts={shifts} people={people} onAssigned={reloadAssignments} onShiftChange={setShiftId} /> : null}
      {chosen ? <ShiftMembers shift={chosen} people={people} assignments={assignments} canRemove={canRemove} onRemoved={reloadAssignments} /> : null}
      <WeekView shifts={shifts} people={people} assignments={assignments} />
    </Space>
  );
}
