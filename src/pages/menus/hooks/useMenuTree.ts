// The platform's menus (menu list), as the tree's lines; a drop moves a line and saves the places
// that changed (menu update/{id}: parent_id and order), then reads the menus again.
import { useList } from "@refinedev/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { saveMenuPlaces } from "../api/menuPlaces";
import { linesOf, moveLine, placeChanges, type Line, type TreeMenu } from "../model/menuTree";

export function useMenuTree() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { result, query } = useList<TreeMenu>({ resource: "menu", pagination: { mode: "off" } });
  const menus = useMemo(() => (result?.data ?? []).map((m) => ({ ...m, order: Number(m.order ?? 0), parent_id: m.parent_id ?? null })), [result]);
  const [moved, setMoved] = useState<Line[] | null>(null);
  const lines = moved ?? linesOf(menus);
  const [saving, setSaving] = useState(false);

  const move = async (activeId: number, overId: number) => {
    const next = moveLine(lines, activeId, overId);
    const changes = placeChanges(menus, next);
    if (!changes.length) return;
    setMoved(next); // shown at once
    setSaving(true);
    try {
      // A failure stops the updates and the tree is read again.
      await saveMenuPlaces(changes);
      notify.info(t("menus.moved"));
    } catch (e) {
      notify.refused(t("menus.moveFailed"), e);
    } finally {
      await query.refetch();
      setMoved(null);
      setSaving(false);
    }
  };
  return { lines, loading: query.isLoading, saving, move };
}
