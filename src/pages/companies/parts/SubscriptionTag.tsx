// A company's subscription state as a coloured tag (none: no end date).
import { Tag } from "antd";
import { useTranslate } from "@refinedev/core";
import type { SubscriptionState } from "../model/subscription";

const COLORS: Record<SubscriptionState, string> = { active: "green", ends_soon: "orange", ended: "red" };

export function SubscriptionTag({ state }: { state: SubscriptionState | null }) {
  const t = useTranslate();
  if (!state) return <Tag>{t("companies.state.none")}</Tag>;
  return <Tag color={COLORS[state]}>{t(`companies.state.${state}`)}</Tag>;
}
