// The shell's 404: a route no page answers. (Refine's ErrorComponent brings antd's Result and
// its large illustrations; an Empty does the job.)
import { useTranslation } from "@refinedev/core";
import { Button, Empty } from "antd";
import { useNavigate } from "react-router";

export function NotFound() {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ padding: "64px 16px", display: "flex", justifyContent: "center" }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("pages.error.404")}>
        <Button type="primary" onClick={() => navigate("/")}>
          {t("pages.error.backHome")}
        </Button>
      </Empty>
    </div>
  );
}
