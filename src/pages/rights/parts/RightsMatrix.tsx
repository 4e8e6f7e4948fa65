// The matrix: one line per menu in sider order under its section, a column per right, each cell a
// checkbox; a section's line and each column's header switch the whole section or column (of the
// lines the filter shows); the last column switches a whole line. Lines with unsaved changes are
// marked. Menus whose records are seen by person or project take a row scope.
import { Checkbox, Select, Table, Tag, theme } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ROW_SCOPES, defaultRowScope } from "../../../../declaration/resources/shared";
import { IconByName } from "../../../crud/icons/IconByName";
import { useMenuLabel } from "../hooks/useMenuLabel";
import { changedIds, filterLines, RIGHT_COLUMNS, setCell, type MatrixLine, type RightColumn } from "../model/matrix";
import { useRightsStore } from "../store/rightsStore";

/** State of a checkbox over several cells. */
const stateOf = (values: boolean[]) => ({ checked: values.length > 0 && values.every(Boolean), indeterminate: values.some(Boolean) && !values.every(Boolean) });

export function RightsMatrix({ roleType }: { roleType: string | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const label = useMenuLabel();
  const { lines, saved, edited, filter } = useRightsStore();
  const setOne = useRightsStore((s) => s.setCell);
  const setMany = useRightsStore((s) => s.setMany);
  const shown = useMemo(() => filterLines(lines, filter, label), [lines, filter, label]);
  const changed = useMemo(() => changedIds(saved, edited), [saved, edited]);
  /** The menus a line stands for: itself, or a section's menus shown. */
  const menusOf = (l: MatrixLine) => (l.group ? shown.filter((c) => c.parent_id === l.id && !c.group).map((c) => c.id) : [l.id]);
  const leaves = shown.filter((l) => !l.group).map((l) => l.id);
  const colName = (c: RightColumn) => t(`rights.columns.${c}`);

  const columns: ColumnsType<MatrixLine> = [
    {
      key: "menu",
      title: t("rights.menu"),
      render: (_, l) => (
        <span style={{ paddingInlineStart: l.depth * 20, fontWeight: l.group ? 600 : undefined, display: "inline-flex", gap: 8, alignItems: "center" }}>
          {l.icon ? <IconByName name={l.icon} /> : null}
          {label(l)}
          {changed.has(l.id) ? (
            <Tag color="orange" style={{ marginInlineStart: 4 }}>
              {t("rights.changed")}
            </Tag>
          ) : null}
        </span>
      ),
    },
    ...RIGHT_COLUMNS.map((c) => ({
      key: c,
      align: "center" as const,
      width: 110,
      title: (
        <Checkbox
          {...stateOf(leaves.map((id) => !!edited[id]?.[c]))}
          onChange={(e) => setMany(leaves, c, e.target.checked)}
          aria-label={t("rights.wholeColumn", { right: colName(c) })}
        >
          {colName(c)}
        </Checkbox>
      ),
      render: (_: unknown, l: MatrixLine) => {
        const ids = menusOf(l);
        if (l.group) {
          return ids.length ? (
            <Checkbox
              {...stateOf(ids.map((id) => !!edited[id]?.[c]))}
              onChange={(e) => setMany(ids, c, e.target.checked)}
              aria-label={t("rights.sectionCell", { right: colName(c), section: label(l) })}
            />
          ) : null;
        }
        return (
          <Checkbox
            checked={!!edited[l.id]?.[c]}
            onChange={(e) => setOne(l.id, setCell(edited[l.id], c, e.target.checked))}
            aria-label={t("rights.cell", { right: colName(c), menu: label(l) })}
          />
        );
      },
    })),
    {
      key: "scope",
      title: t("rights.scope"),
      width: 240,
      render: (_, l) =>
        l.scoped && !l.group && edited[l.id]?.read ? (
          <Select
            size="small"
            style={{ width: "100%" }}
            value={edited[l.id]?.row_scope ?? ""}
            aria-label={t("rights.scopeOf", { menu: label(l) })}
            onChange={(v: string) => setOne(l.id, { ...edited[l.id], row_scope: v === "" ? null : (v as (typeof ROW_SCOPES)[number]) })}
            options={[
              { value: "", label: t("rights.scopeDefault", { scope: t(`enums.row_scope.${defaultRowScope(roleType)}`) }) },
              ...ROW_SCOPES.map((s) => ({ value: s, label: t(`enums.row_scope.${s}`) })),
            ]}
          />
        ) : null,
    },
    {
      key: "all",
      align: "center",
      width: 80,
      title: t("rights.all"),
      render: (_, l) => {
        const ids = menusOf(l);
        if (!ids.length) return null;
        const all = ids.flatMap((id) => RIGHT_COLUMNS.map((c) => !!edited[id]?.[c]));
        return (
          <Checkbox
            {...stateOf(all)}
            onChange={(e) => setMany(ids, "all", e.target.checked)}
            aria-label={l.group ? t("rights.sectionRow", { section: label(l) }) : t("rights.wholeRow", { menu: label(l) })}
          />
        );
      },
    },
  ];

  return (
    <Table<MatrixLine>
      rowKey="id"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={shown}
      sticky
      onRow={(l) => ({
        "data-changed": changed.has(l.id) ? "true" : undefined,
        style: {
          ...(l.group ? { background: token.colorFillQuaternary } : {}),
          ...(changed.has(l.id) ? { boxShadow: `inset 3px 0 0 ${token.colorWarning}` } : {}),
        },
      })}
    />
  );
}
