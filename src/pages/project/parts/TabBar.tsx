// The workspace's tab bar: one tab per part of the project; choosing one changes the route.
import { Tabs } from "antd";
import { useTranslate } from "@refinedev/core";
import { PROJECT_TABS, type ProjectTab } from "../tabs";

export function TabBar({ active, onChange }: { active: ProjectTab; onChange: (tab: ProjectTab) => void }) {
  const t = useTranslate();
  return <Tabs activeKey={active} onChange={(key) => onChange(key as ProjectTab)} items={PROJECT_TABS.map((key) => ({ key, label: t(`project.tabs.${key}`) }))} />;
}
