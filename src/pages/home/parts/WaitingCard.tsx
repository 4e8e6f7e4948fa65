// What waits for the user: approvals naming them, material and tool requests still requested;
// each figure links to its list filtered to what it counted (model/cardFilters.ts). Only the
// figures the user's menus allow.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useWaiting } from "../hooks/useWaiting";
import { listLink, pendingApprovals, stillRequested } from "../model/cardFilters";
import { DashboardCard, Figure, Figures } from "./DashboardCard";

export interface WaitingLinks {
  approvals?: string;
  materials?: string;
  tools?: string;
}

export function WaitingCard({ userId, may, links }: { userId: number | undefined; may: { approvals: boolean; materials: boolean; tools: boolean }; links: WaitingLinks }) {
  const { t } = useTranslation();
  const { approvals, materials, tools } = useWaiting(userId, may);
  const parts = [
    { key: "approvals", on: may.approvals, read: approvals, label: t("home.waiting.approvals"), to: listLink(links.approvals, pendingApprovals(userId)) },
    { key: "materials", on: may.materials, read: materials, label: t("home.waiting.materials"), to: listLink(links.materials, stillRequested()) },
    { key: "tools", on: may.tools, read: tools, label: t("home.waiting.tools"), to: listLink(links.tools, stillRequested()) },
  ].filter((p) => p.on);
  return (
    <DashboardCard testId="card-waiting" title={t("home.waiting.title")} loading={parts.some((p) => p.read.loading)} error={parts.find((p) => p.read.error)?.read.error}>
      <Figures>
        {parts.map((p) => (
          <Figure key={p.key} testId={`waiting-${p.key}`} label={p.label} value={p.read.total} />
        ))}
      </Figures>
      <div style={{ display: "flex", gap: 12, marginTop: 8, flexWrap: "wrap" }}>
        {parts.map((p) =>
          p.to ? (
            <Link key={p.key} to={p.to}>
              {t("home.waiting.openList", { list: p.label })}
            </Link>
          ) : null,
        )}
      </div>
    </DashboardCard>
  );
}
