// The workspace's tab bar: one tab per part of the project the role may open (the active one
// always, so a link to another shows where it is); choosing one changes the route.
import { Tabs } from "antd";
import { useTranslate } from "@refinedev/core";
import { PROJECT_TABS, type ProjectTab } from "../tabs";

export function TabBar({ active, allowed, onChange }: { active: ProjectTab; allowed: (tab: ProjectTab) => boolean; onChange: (tab: ProjectTab) => void }) {
  const t = useTranslate();
  const shown = PROJECT_TABS.filter((key) => key === active || allowed(key));
  return <Tabs activeKey={active} onChange={(key) => onChange(key as ProjectTab)} items={shown.map((key) => ({ key, label: t(`project.tabs.${key}`) }))} />;
}
