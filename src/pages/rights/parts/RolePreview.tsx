// Preview as this role, before saving: the sider and the home page's links a user of the role
// would get with the rights as edited (the same rule as the real sider and home:
// src/providers/accessControlProvider.ts, over these menus instead of the signed-in session's).
// Read-only: plain labels, nothing opens.
import { useMenu, type TreeMenuItem } from "@refinedev/core";
import { Alert, Drawer, Empty, Flex, Menu, type MenuProps, theme } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { shownInMenu, type AccessSource } from "../../../providers/accessControlProvider";
import { previewMenus } from "../model/matrix";
import { useRightsStore } from "../store/rightsStore";

type Items = NonNullable<MenuProps["items"]>;

function siderItems(items: readonly TreeMenuItem[], source: AccessSource): Items {
  const out: Items = [];
  for (const item of items) {
    if (!shownInMenu(item.name, item.children, source)) continue;
    if (item.children.length) {
      const children = siderItems(item.children, source);
      if (children.length) out.push({ key: item.key, icon: item.icon, label: item.label, children });
    } else if (item.route) out.push({ key: item.key, icon: item.icon, label: item.label });
  }
  return out;
}

export function RolePreview({ open, onClose, roleName, roleType }: { open: boolean; onClose: () => void; roleName: string; roleType: string | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { menuItems } = useMenu();
  const { lines, edited } = useRightsStore();
  const source = useMemo<AccessSource>(() => ({ menus: previewMenus(lines, edited), roleType }), [lines, edited, roleType]);
  const sider = useMemo(() => siderItems(menuItems, source), [menuItems, source]);
  const groups = menuItems
    .map((item) => ({ item, links: (item.children.length ? item.children : [item]).filter((c) => c.route && shownInMenu(c.name, c.children, source)) }))
    .filter((g) => g.links.length > 0);

  return (
    <Drawer open={open} onClose={onClose} width="min(1100px, 100vw)" title={t("rights.previewTitle", { role: roleName })} destroyOnHidden>
      <Flex vertical gap={16}>
        <Alert type="info" showIcon message={t("rights.previewHint")} />
        <Flex gap={16} align="flex-start" wrap>
          <section
            aria-label={t("rights.previewSider")}
            data-testid="preview-sider"
            style={{ width: 240, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
          >
            <header style={{ padding: "8px 16px", fontWeight: 600 }}>{t("rights.previewSider")}</header>
            <Menu
              mode="inline"
              selectable={false}
              inlineIndent={16}
              defaultOpenKeys={sider.map((i) => String(i?.key))}
              items={[{ key: "/", icon: <HomeOutlined />, label: t("shell.home") }, ...sider]}
            />
          </section>
          <section aria-label={t("rights.previewHome")} data-testid="preview-home" style={{ flex: 1, minWidth: 320 }}>
            <h2 style={{ fontSize: 16, fontWeight: 600, margin: "0 0 4px" }}>{t("rights.previewHome")}</h2>
            <p style={{ color: token.colorTextSecondary, margin: "0 0 12px" }}>{t("shell.signedInAs", { role: roleName })}</p>
            {groups.length === 0 ? (
              <Empty description={t("shell.noMenus")} />
            ) : (
              <Flex wrap gap={12}>
                {groups.map(({ item, links }) => (
                  <div key={item.key} style={{ width: 220, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}>
                    <div style={{ padding: "8px 12px", fontWeight: 600, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
                      {item.icon} {item.label}
                    </div>
                    <Flex vertical gap={4} style={{ padding: "8px 12px" }}>
                      {links.map((l) => (
                        <span key={l.key}>{l.label}</span>
                      ))}
                    </Flex>
                  </div>
                ))}
              </Flex>
            )}
          </section>
        </Flex>
      </Flex>
    </Drawer>
  );
}
