// A `rights` entry (role-menu replace-byrole, server/custom/role-rights.ts) in words: the entry
// keeps, by menu alias, what the role could do on each menu whose rights changed ({ read, create,
// update, delete, row_scope }, null: not held). Each reads as the rights matrix (src/pages/rights)
// words it: the menu by its label in the sider, the rights by the matrix's column names and the
// records seen by the matrix's scope names: "Permits: read, create (their projects' records) →
// no access".
import { isMenuGroup } from "../../../../declaration";
import type { Formatting } from "../../../crud/useCrud";
import { inSentence } from "../../../lib/format";
import { menuLabel } from "../../rights/model/labels";
import { hasRowScope, RIGHT_COLUMNS } from "../../rights/model/matrix";
import type { Change } from "./changes";

type Values = Record<string, unknown>;

const isObject = (v: unknown): v is Values => !!v && typeof v === "object" && !Array.isArray(v);

/** What the role could do on a menu, in words: the rights held and the records seen, or "no access". */
function rightText(alias: string, v: unknown, fmt: Formatting): string {
  const word = (key: string) => inSentence(fmt.t(key), fmt.lang);
  if (!isObject(v) || v.read === false) return fmt.t("audit.rights.none");
  const rights = RIGHT_COLUMNS.filter((c) => c === "read" || v[c] === true).map((c) => word(`rights.columns.${c}`));
  const scope = typeof v.row_scope === "string" && v.row_scope ? word(`enums.row_scope.${v.row_scope}`) : hasRowScope(alias) ? fmt.t("audit.rights.roleDefault") : null;
  return scope ? `${rights.join(", ")} (${scope})` : rights.join(", ");
}

/** The menus whose rights changed, in the entry's order (the role's menus'), each before → after. */
export function rightsChangesOf(before: Values | null, after: Values | null, fmt: Formatting): Change[] {
  const exists = (key: string) => fmt.t(key) !== key;
  const aliases = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return aliases
    .map((alias) => ({
      field: alias,
      label: menuLabel(fmt.t, exists, { alias, name: alias, group: isMenuGroup(alias) }),
      before: rightText(alias, before?.[alias], fmt),
      after: rightText(alias, after?.[alias], fmt),
    }))
    .filter((c) => c.before !== c.after);
}
