// The menus a login answers (docs/api.md "Access rules"): one per menu group (alias = group, no url)
// and one per resource in the menu (alias = resource name, url = list route), with rights.
import { ALL_RESOURCES } from "../../declaration";
import type { SessionMenuAnswer } from "../../declaration/answers";

export type MockMenu = SessionMenuAnswer;

export type Rights = Partial<Pick<MockMenu, "can_add" | "can_edit" | "can_delete">>;

/** Every group and every resource with a menu; `rights` per alias narrow what is allowed. */
export function defaultMenus(rights: Record<string, Rights | false> = {}): MockMenu[] {
  const menus: MockMenu[] = [];
  const groupIds = new Map<string, number>();
  let id = 1;
  for (const r of ALL_RESOURCES) {
    if (!r.group) continue;
    if (!groupIds.has(r.group)) {
      groupIds.set(r.group, id);
      menus.push({ id: id++, name: r.group, alias: r.group, url: null, icon: null, order: id, parent_id: null, can_add: true, can_edit: true, can_delete: true });
    }
  }
  for (const r of ALL_RESOURCES) {
    if (!r.group || rights[r.name] === false) continue;
    menus.push({
      id: id++,
      name: r.name,
      alias: r.name,
      url: r.route,
      icon: r.icon ?? null,
      order: id,
      parent_id: groupIds.get(r.group) ?? null,
      can_add: true,
      can_edit: true,
      can_delete: true,
      ...(rights[r.name] || {}),
    });
  }
  return menus;
}
