// The timesheet's writes (docs/api.md "Timesheet") through the typed operation calls: correct a
// clock-in or out (PUT timesheet/correct/{id}), approve a person's period (POST timesheet/approve)
// or several people's (POST timesheet/approve-many) and reopen it (POST timesheet/reopen); the
// company's rules (PUT timesheet/settings).
import type { TimesheetSettingsAnswer } from "../../../../declaration/answers";
import type { TIMESHEET_SETTING_FIELDS } from "../../../../declaration/timesheet-answer";
import { callOperation } from "../../../providers/operations";

export interface CorrectionBody {
  clock_in?: string | null;
  clock_out?: string | null;
  reason: string;
}

export const correctPresence = (presenceId: number, body: CorrectionBody) => callOperation("timesheet", "correct", { params: { id: presenceId }, payload: body });

export const approvePeriod = (body: { user_id: number; from: string; to: string }) => callOperation("timesheet", "approve", { payload: body });

export const approveMany = (body: { user_ids: number[]; from: string; to: string }) => callOperation("timesheet", "approveMany", { payload: body });

export const reopenPeriod = (body: { user_id: number; from: string; to: string; reason: string }) => callOperation("timesheet", "reopen", { payload: body });

export type SettingsBody = Partial<Pick<TimesheetSettingsAnswer, (typeof TIMESHEET_SETTING_FIELDS)[number]>>;

export const saveSettings = (body: SettingsBody) => callOperation("timesheet", "settings", { payload: body });
