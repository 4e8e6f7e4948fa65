// antd's Select (rc-select 14) draws its open list with a virtual list of plain <div>s and keeps,
// for assistive technology, a hidden listbox holding the active option and its two neighbours.
// The drawn <div>s still carry `aria-selected`, which ARIA allows only on options, rows, tabs and
// the like: axe reports every drawn option of every open select (aria-allowed-attr, critical).
// The hidden listbox says which option is selected, so the drawn copy drops the attribute when
// the list is virtual; a list that is not virtual draws real options and keeps it.
import type { Plugin } from "vite";

export const OPTION_LIST = /[\\/]rc-select[\\/]es[\\/]OptionList\.js$/;
/** The drawn option's attributes in rc-select 14.16's es/OptionList.js. */
export const DRAWN_OPTION_ARIA = '!virtual ? getItemAriaProps(item, itemIndex) : {}, {\n      "aria-selected": isAriaSelected(value),';
const DRAWN_OPTION_ARIA_PATCHED = '!virtual ? getItemAriaProps(item, itemIndex) : {}, {\n      "aria-selected": virtual ? undefined : isAriaSelected(value),';

/** OptionList.js with the drawn options' `aria-selected` kept for a list that is not virtual. */
export const drawnOptionsWithoutAriaSelected = (code: string): string => code.replace(DRAWN_OPTION_ARIA, DRAWN_OPTION_ARIA_PATCHED);

export function rcSelectOptionAria(): Plugin {
  return {
    name: "rc-select-option-aria",
    enforce: "pre",
    transform: {
      filter: { id: OPTION_LIST },
      handler(code) {
        if (!code.includes(DRAWN_OPTION_ARIA))
          this.warn("rc-select's OptionList no longer writes aria-selected on its drawn options as expected: check build/vite/rc-select-option-aria.ts");
        return { code: drawnOptionsWithoutAriaSelected(code), map: null };
      },
    },
  };
}
