// Per company, which menus it has: a checklist of the platform's menus under their sections
// (a section's box switches its menus). Saved at once: new menus added (add-multiple), removed
// ones switched off (is_active false), switched-off ones that come back switched on.
import { useList } from "@refinedev/core";
import { Button, Checkbox, Flex, Spin, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { resourceByName } from "../../../../declaration";
import { RefSelect } from "../../../crud/fields/ref";
import { useNotify } from "../../../crud/useNotify";
import { useMenuLabel } from "../../rights/hooks/useMenuLabel";
import { saveCompanyMenus } from "../api/companyMenus";
import { linesOf, type TreeMenu } from "../model/menuTree";

const COMPANY_FIELD = resourceByName("menu-company").fields.find((f) => f.name === "company_id")!;
type Row = { id: number; menu_id: number; is_active: boolean | null };

function Checklist({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const label = useMenuLabel();
  const { result: menusAnswer, query: menusQuery } = useList<TreeMenu>({ resource: "menu", pagination: { mode: "off" } });
  const { result: rowsAnswer, query: rowsQuery } = useList<Row>({
    resource: "menu-company",
    filters: [{ field: "company_id", operator: "eq", value: companyId }],
    pagination: { mode: "off" },
  });
  const lines = useMemo(() => linesOf((menusAnswer?.data ?? []).map((m) => ({ ...m, order: Number(m.order ?? 0), parent_id: m.parent_id ?? null }))), [menusAnswer]);
  const rows = useMemo(() => rowsAnswer?.data ?? [], [rowsAnswer]);
  const had = useMemo(() => new Set(rows.filter((r) => r.is_active !== false).map((r) => Number(r.menu_id))), [rows]);
  const [edited, setEdited] = useState<Set<number> | null>(null);
  const has = edited ?? had;
  const [saving, setSaving] = useState(false);
  const set = (ids: number[], on: boolean) => {
    const next = new Set(has);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setEdited(next);
  };
  const changed = [...new Set([...has, ...had])].filter((id) => has.has(id) !== had.has(id));
  const save = async () => {
    const byMenu = new Map(rows.map((r) => [Number(r.menu_id), r]));
    const add = changed.filter((id) => has.has(id) && !byMenu.has(id));
    const activate = changed.filter((id) => has.has(id) && byMenu.has(id)).map((id) => byMenu.get(id)!.id);
    const deactivate = changed.filter((id) => !has.has(id) && byMenu.has(id)).map((id) => byMenu.get(id)!.id);
    setSaving(true);
    try {
      await saveCompanyMenus(companyId, add, activate, deactivate);
      notify.saved();
    } catch (e) {
      notify.failed("saveFailed", e);
    } finally {
      await rowsQuery.refetch();
      setEdited(null);
      setSaving(false);
    }
  };
  if (menusQuery.isLoading || rowsQuery.isLoading) return <Spin />;
  const childrenOf = (id: number) => lines.filter((l) => l.parent_id === id).map((l) => l.id);
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <Typography.Text type={changed.length ? "warning" : "secondary"} role="status">
          {changed.length ? t("rights.unsaved", { count: changed.length }) : t("rights.noChanges")}
        </Typography.Text>
        <Button type="primary" disabled={!changed.length} loading={saving} onClick={() => void save()}>
          {t("menus.saveCompany")}
        </Button>
      </Flex>
      <Flex vertical gap={2}>
        {lines.map((l) => {
          const kids = l.section ? childrenOf(l.id) : [];
          const ids = [l.id, ...kids];
          const on = ids.filter((id) => has.has(id)).length;
          return (
            <Checkbox
              key={l.id}
              checked={on === ids.length}
              indeterminate={on > 0 && on < ids.length}
              onChange={(e) => set(ids, e.target.checked)}
              style={{ marginInlineStart: l.section ? 0 : 28, fontWeight: l.section ? 600 : undefined }}
            >
              {label({ ...l, group: l.section })}
            </Checkbox>
          );
        })}
      </Flex>
    </Flex>
  );
}

export function CompanyMenus() {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState<number | null>(null);
  return (
    <Flex vertical gap={12}>
      <div style={{ maxWidth: 360, display: "flex", flexDirection: "column", gap: 4 }}>
        <label htmlFor="menus-company">{t("menus.company")}</label>
        <RefSelect
          field={COMPANY_FIELD}
          value={companyId}
          onChange={(v) => setCompanyId(v === null || v === undefined || v === "" ? null : Number(v))}
          placeholder={t("menus.pickCompany")}
          id="menus-company"
        />
      </div>
      {companyId !== null ? <Checklist key={companyId} companyId={companyId} /> : <Typography.Text type="secondary">{t("menus.pickCompanyHint")}</Typography.Text>}
    </Flex>
  );
}
