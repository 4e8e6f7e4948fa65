// The menu groups of the sider, once: their order (sider, home page, seeded menus), icon and
// label key. The sider, access control and the seed all read this list.

export const MENU_GROUPS = [
  { group: "projects", icon: "ProjectOutlined" },
  { group: "field", icon: "EnvironmentOutlined" },
  { group: "resources", icon: "AppstoreOutlined" },
  { group: "safety", icon: "SafetyOutlined" },
  { group: "masterData", icon: "DatabaseOutlined" },
  { group: "company", icon: "BankOutlined" },
  { group: "sales", icon: "ShopOutlined" },
] as const satisfies ReadonlyArray<{ group: string; icon: string }>;

export type MenuGroup = (typeof MENU_GROUPS)[number]["group"];

/** Menu groups in sider order. */
export const GROUP_ORDER: readonly MenuGroup[] = MENU_GROUPS.map((g) => g.group);

/** The antd icon name of each group. */
export const GROUP_ICONS = Object.fromEntries(MENU_GROUPS.map((g) => [g.group, g.icon])) as Record<MenuGroup, string>;

/** The i18n key of a group's label (`menuGroups.<group>`). */
export const groupLabelKey = (g: string): string => `menuGroups.${g}`;

export const isMenuGroup = (name: string): name is MenuGroup => (GROUP_ORDER as readonly string[]).includes(name);
