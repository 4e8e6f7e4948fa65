// The rules' writes through the data provider (config-alert and config-alert-to-user: add and
// delete, as declared), one step at a time in the model's order.
import { dataProvider } from "../../../providers/dataProvider";
import type { RuleStep } from "../model/rules";

export async function runSteps(steps: RuleStep[], name: (type: string) => string): Promise<void> {
  let newRule: number | null = null;
  for (const s of steps) {
    if (s.op === "addRule") {
      const res = await dataProvider.create({ resource: "config-alert", variables: { name: name(s.type), alert_type: s.type, threshold: s.threshold, is_active: s.active } });
      newRule = Number((res.data as { id?: unknown }).id);
    } else if (s.op === "addRecipient") {
      const rule = s.rule === "new" ? newRule : s.rule;
      await dataProvider.create({ resource: "config-alert-to-user", variables: { config_alert_id: rule, user_id: s.userId, channel: s.channel } });
    } else if (s.op === "deleteRecipient") {
      await dataProvider.deleteOne({ resource: "config-alert-to-user", id: s.id });
    } else {
      await dataProvider.deleteOne({ resource: "config-alert", id: s.id });
    }
  }
}
