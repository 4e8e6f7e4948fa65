// Home of the shell: a welcome with the user, role and company (its name from the login answer),
// and the morning dashboard: a card per figure the user's menus allow (projects by status,
// today's attendance, open panic alerts, overdue milestones, what waits for the user, health of
// the active projects, K3 permits expiring soon). Each card reads its own data with its own
// loading state and error, and links to the screen behind it filtered to what it counted
// (model/cardFilters.ts); the server keeps each count to the rows the user may see. A field role
// (src/auth/landing.ts isFieldRole) gets none of these office cards: one card to the field page.
// Every section stays reachable from the sider. No chart library: antd Progress, Tag and List.
import { useGetIdentity, useTranslation } from "@refinedev/core";
import { Empty, Flex, theme } from "antd";
import { resourceByName, type ResourceName } from "../../../declaration";
import { isFieldRole } from "../../auth/landing";
import { getFieldRole, getRoleType } from "../../auth/session";
import { useSessionVersion } from "../../auth/useSessionVersion";
import { routesOf } from "../../crud/model";
import { shownInMenu } from "../../providers/accessControlProvider";
import { AttendanceCard } from "./parts/AttendanceCard";
import { FieldCard } from "./parts/FieldCard";
import { HealthCard } from "./parts/HealthCard";
import { MilestonesCard } from "./parts/MilestonesCard";
import { PanicCard } from "./parts/PanicCard";
import { PermitsCard } from "./parts/PermitsCard";
import { ProjectsCard } from "./parts/ProjectsCard";
import { WaitingCard } from "./parts/WaitingCard";

interface Identity {
  id?: number;
  name?: string;
  role?: string | null;
  company_id?: number | null;
  /** From the login answer; a session stored before it was answered has the id only. */
  company_name?: string | null;
}

/** The company by name, else by number. */
const companyOf = (user: Identity | undefined, t: (key: string, params?: Record<string, unknown>) => string): string | null =>
  user?.company_name ? user.company_name : user?.company_id ? t("shell.company", { id: user.company_id }) : null;

const listOf = (name: ResourceName): string | undefined => routesOf(resourceByName(name)).list;

export default function HomePage() {
  const { translate: t } = useTranslation();
  useSessionVersion(); // the cards follow the stored menus when they change
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<Identity>();
  const may = (name: ResourceName) => shownInMenu(name);
  const waiting = { approvals: may("project-approval"), materials: may("request-material"), tools: may("req-tools") };
  const health = { schedule: may("project") && may("project-schedule-health"), cost: may("project") && may("project-financial-health") };
  const panicShow = routesOf(resourceByName("panic-button")).show;
  const field = isFieldRole({ roleType: getRoleType(), isFieldRole: getFieldRole() });
  const office = [
    may("project") && <ProjectsCard key="projects" to={listOf("project")} />,
    may("presence") && <AttendanceCard key="attendance" to={listOf("presence")} timesheet={may("timesheet") ? listOf("timesheet") : undefined} />,
    may("panic-button") && <PanicCard key="panic" to={listOf("panic-button")} show={panicShow ? (id) => panicShow.replace(":id", String(id)) : undefined} />,
    may("project-milestone") && <MilestonesCard key="milestones" to={listOf("project-milestone")} />,
    (waiting.approvals || waiting.materials || waiting.tools) && (
      <WaitingCard
        key="waiting"
        userId={user?.id}
        may={waiting}
        links={{ approvals: listOf("project-approval"), materials: listOf("request-material"), tools: listOf("req-tools") }}
      />
    ),
    (health.schedule || health.cost) && <HealthCard key="health" may={health} links={{ schedule: listOf("project-schedule-health"), cost: listOf("project-financial-health") }} />,
    may("permit") && <PermitsCard key="permits" to={listOf("permit")} />,
  ];
  const cards = (field ? [may("field-day") && <FieldCard key="field" to={listOf("field-day")} />] : office).filter(Boolean);

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1200 }}>
      <div>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: "0 0 4px", color: token.colorTextHeading }}>{t("shell.welcome", { name: user?.name ?? "" })}</h1>
        <div style={{ color: token.colorTextSecondary }}>{[user?.role ? t("shell.signedInAs", { role: user.role }) : null, companyOf(user, t)].filter(Boolean).join(" · ")}</div>
        <p style={{ margin: "8px 0 0", color: token.colorText }}>{t("home.intro")}</p>
      </div>
      {cards.length === 0 ? (
        <Empty description={t("home.nothing")} />
      ) : (
        <div data-testid="dashboard" style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(320px, 1fr))", gap: 16 }}>
          {cards}
        </div>
      )}
    </Flex>
  );
}
