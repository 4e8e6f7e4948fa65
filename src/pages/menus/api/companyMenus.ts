// Which menus a company has (menu-company): added with add-multiple, switched on and off through
// is_active (update/{id}), so a company's rows and their history stay.
import type { BaseKey } from "@refinedev/core";
import { callOperation } from "../../../providers/operations";
import { dataProvider } from "../../../providers/dataProvider";

export async function saveCompanyMenus(companyId: number, add: number[], activate: BaseKey[], deactivate: BaseKey[]): Promise<void> {
  if (add.length) await callOperation("menu-company", "addMultiple", { payload: { items: add.map((menu_id) => ({ company_id: companyId, menu_id, is_active: true })) } });
  for (const id of activate) await dataProvider.update({ resource: "menu-company", id, variables: { is_active: true } });
  for (const id of deactivate) await dataProvider.update({ resource: "menu-company", id, variables: { is_active: false } });
}
