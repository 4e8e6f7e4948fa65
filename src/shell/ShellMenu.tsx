// The sider's menu: Home, then Refine's menu tree from the resources (one submenu per menu
// group, through meta.parent; hidden resources left out by useMenu), keeping only the menus
// the login answer gave that the role may list (asked synchronously: the menus are in storage).
import { useState, type CSSProperties } from "react";
import { Menu, type MenuProps } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { useMenu, useTranslation, type TreeMenuItem } from "@refinedev/core";
import { Link, useLocation } from "react-router";
import { useSessionVersion } from "../auth/useSessionVersion";
import { shownInMenu } from "../providers/accessControlProvider";

type Items = NonNullable<MenuProps["items"]>;

const HOME_KEY = "/";

/** Menu entries for the items the role may list; a group without any is left out. */
export function menuEntries(items: readonly TreeMenuItem[]): Items {
  const out: Items = [];
  for (const item of items) {
    if (!shownInMenu(item.name, item.children)) continue;
    if (item.children.length) {
      const children = menuEntries(item.children);
      if (children.length) out.push({ key: item.key, icon: item.icon, label: item.label, children });
    } else if (item.route) {
      out.push({ key: item.key, icon: item.icon, label: <Link to={item.route}>{item.label}</Link> });
    }
  }
  return out;
}

export function ShellMenu({ folded, onNavigate, style }: { folded: boolean; onNavigate: () => void; style?: CSSProperties }) {
  const { translate: t } = useTranslation();
  // The stored menus may change while signed in (a rights change, view-as): render again then.
  useSessionVersion();
  const { menuItems, selectedKey, defaultOpenKeys } = useMenu();
  const { pathname } = useLocation();
  // The open groups follow navigation: arriving in a group (from home, a link) opens it.
  const [openKeys, setOpenKeys] = useState<string[]>(defaultOpenKeys);
  // Folded to icons, a group opens as a popup on hover: those keys are kept apart, so the
  // unfolded menu comes back with the groups it had open.
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  // Adjusted while rendering (React's pattern for state following a prop), not in an effect.
  const opening = defaultOpenKeys.join("\n");
  const [opened, setOpened] = useState(opening);
  if (opening !== opened) {
    setOpened(opening);
    if (opening) setOpenKeys((keys) => [...new Set([...keys, ...opening.split("\n")])]);
  }
  const items: Items = [{ key: HOME_KEY, icon: <HomeOutlined />, label: <Link to="/">{t("shell.home")}</Link> }, ...menuEntries(menuItems)];
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[pathname === "/" ? HOME_KEY : selectedKey]}
      openKeys={folded ? popupKeys : openKeys}
      onOpenChange={folded ? setPopupKeys : setOpenKeys}
      onClick={onNavigate}
      style={{ borderInlineEnd: "none", paddingTop: 4, ...style }}
    />
  );
}
