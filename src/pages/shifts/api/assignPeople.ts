// Assigning several people to a shift: user-to-shift/add takes one person per call (docs/api.md),
// so one add per person, in order, each through the data provider. Every person is tried; the
// answer says who was assigned and who was refused (with the server's error), for the page to
// say both.
import { dataProvider } from "../../../providers/dataProvider";

export interface AssignRequest {
  shiftId: number;
  userIds: readonly number[];
  startDate: string;
  endDate?: string | null;
}

export interface AssignOutcome {
  assigned: number[];
  refused: { userId: number; error: unknown }[];
}

export async function assignPeople({ shiftId, userIds, startDate, endDate }: AssignRequest): Promise<AssignOutcome> {
  const outcome: AssignOutcome = { assigned: [], refused: [] };
  for (const userId of userIds) {
    const variables: Record<string, unknown> = { user_id: userId, shift_id: shiftId, start_date: startDate };
    if (endDate) variables.end_date = endDate;
    try {
      await dataProvider.create({ resource: "user-to-shift", variables });
      outcome.assigned.push(userId);
    } catch (error) {
      outcome.refused.push({ userId, error });
    }
  }
  return outcome;
}
