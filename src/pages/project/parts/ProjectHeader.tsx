// The workspace's header: the project's name, code, status and dates, a way back to the list,
// and Edit when the role may edit projects (the generated button's access check).
import { Space, Tag, Typography } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { Link } from "react-router";
import { EditButton } from "../../../crud/RouteButtons";
import { formatDate } from "../../../lib/format";

type Row = Record<string, unknown>;

export function ProjectHeader({ project, loading }: { project?: Row; loading: boolean }) {
  const t = useTranslate();
  return (
    <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 8 }} wrap>
      <Space align="center" wrap>
        <Link to="/project" aria-label={t("project.backToList")} title={t("project.backToList")}>
          <ArrowLeftOutlined />
        </Link>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {project ? String(project.name) : loading ? t("common.loading") : t("common.missing")}
        </Typography.Title>
        {project ? (
          <>
            <Tag>{String(project.code ?? "")}</Tag>
            <Tag color="blue">{t(`enums.status.${String(project.status)}`)}</Tag>
            <Typography.Text type="secondary">
              {formatDate(project.start_date)} – {formatDate(project.end_date)}
            </Typography.Text>
          </>
        ) : null}
      </Space>
      {project ? (
        <EditButton resource="project" recordItemId={project.id as number} accessControl={{ enabled: true, hideIfUnauthorized: true }}>
          {t("crud.actions.edit")}
        </EditButton>
      ) : null}
    </Space>
  );
}
