// Which of the staff's declared fields the invite form and the CSV import take: the create form's
// fields but the password (an invited person chooses their own) and the photo (a file, not text).
import type { ResolvedField, ResolvedResource } from "../../../../declaration";
import { formFieldsOf } from "../../../crud/model";

export const inviteFieldsOf = (r: ResolvedResource): ResolvedField[] => formFieldsOf(r, "create").filter((f) => f.type !== "password");

export const importFieldsOf = (r: ResolvedResource): ResolvedField[] => inviteFieldsOf(r).filter((f) => f.type !== "image" && f.type !== "file");
