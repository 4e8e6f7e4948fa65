// The platform owner's menus (bespoke list page of menu, src/crud/bespoke.ts): the menu tree
// (drag to reorder and move under another section; each menu's form for name, alias, URL, icon,
// parent, order) and, per company, which menus it has.
import { PlusOutlined } from "@ant-design/icons";
import { Button, Flex, Tabs, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { wantToasts } from "../../lazy/toasts";
import { CompanyMenus } from "./parts/CompanyMenus";
import { MenuTree } from "./parts/MenuTree";

export default function MenusPage() {
  const { t } = useTranslation();
  useEffect(wantToasts, []);
  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12}>
        <Typography.Title level={1} style={{ margin: 0, flex: 1, fontSize: 20 }}>
          {t("menus.title")}
        </Typography.Title>
        <Link to="/menu/create">
          <Button type="primary" icon={<PlusOutlined />}>
            {t("menus.add")}
          </Button>
        </Link>
      </Flex>
      <Tabs
        items={[
          { key: "tree", label: t("menus.tree"), children: <MenuTree /> },
          { key: "companies", label: t("menus.companies"), children: <CompanyMenus /> },
        ]}
      />
    </Flex>
  );
}
