// Home of the shell (the dashboard is a later issue): a welcome with the user, role and
// company (its name from the login answer), and a link to every section the role may open,
// grouped like the menu. Plain elements with theme tokens: antd Typography and Card would weigh
// on the shell's chunk.
import { useGetIdentity, useMenu, useTranslation, type TreeMenuItem } from "@refinedev/core";
import { Empty, Flex, theme } from "antd";
import { Link } from "react-router";
import { useSessionVersion } from "../../auth/useSessionVersion";
import { shownInMenu } from "../../providers/accessControlProvider";

interface Identity {
  name?: string;
  role?: string | null;
  company_id?: number | null;
  /** From the login answer; a session stored before it was answered has the id only. */
  company_name?: string | null;
}

/** The company by name, else by number. */
const companyOf = (user: Identity | undefined, t: (key: string, params?: Record<string, unknown>) => string): string | null =>
  user?.company_name ? user.company_name : user?.company_id ? t("shell.company", { id: user.company_id }) : null;

const allowed = (item: TreeMenuItem): boolean => shownInMenu(item.name, item.children);

export default function HomePage() {
  const { translate: t } = useTranslation();
  useSessionVersion(); // the links follow the stored menus when they change
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<Identity>();
  const { menuItems } = useMenu();
  const groups = menuItems.map((item) => ({ item, links: (item.children.length ? item.children : [item]).filter((c) => c.route && allowed(c)) })).filter((g) => g.links.length > 0);

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1100 }}>
      <div>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: "0 0 4px", color: token.colorTextHeading }}>{t("shell.welcome", { name: user?.name ?? "" })}</h1>
        <div style={{ color: token.colorTextSecondary }}>{[user?.role ? t("shell.signedInAs", { role: user.role }) : null, companyOf(user, t)].filter(Boolean).join(" · ")}</div>
        <p style={{ margin: "8px 0 0", color: token.colorText }}>{t("shell.homeIntro")}</p>
      </div>
      <h2 style={{ fontSize: 16, fontWeight: 600, margin: 0, color: token.colorTextHeading }}>{t("shell.quickLinks")}</h2>
      {groups.length === 0 ? (
        <Empty description={t("shell.noMenus")} />
      ) : (
        <Flex wrap gap={16}>
          {groups.map(({ item, links }) => (
            // A plain bordered box: antd's Card would bring Tabs and Skeleton into the shell.
            <section
              key={item.key}
              style={{ width: 250, background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
            >
              <header style={{ padding: "10px 16px", fontWeight: 600, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
                {item.icon} {item.label}
              </header>
              <Flex vertical gap={6} style={{ padding: "12px 16px" }}>
                {links.map((l) => (
                  <Link key={l.key} to={l.route ?? "/"}>
                    {l.label}
                  </Link>
                ))}
              </Flex>
            </section>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
