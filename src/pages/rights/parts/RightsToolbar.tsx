// Above the matrix: the filter, how many menus have unsaved changes, and the actions (discard,
// preview as this role, save, view as a user of this role once saved).
import { EyeOutlined, SaveOutlined, UndoOutlined, UserSwitchOutlined } from "@ant-design/icons";
import { Button, Flex, Input, Tooltip, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { changedIds } from "../model/matrix";
import { useRightsStore } from "../store/rightsStore";

interface Props {
  saving: boolean;
  onSave: () => void;
  onPreview: () => void;
  onViewAs?: () => void;
}

export function RightsToolbar({ saving, onSave, onPreview, onViewAs }: Props) {
  const { t } = useTranslation();
  const { saved, edited, filter, setFilter, discard } = useRightsStore();
  const count = useMemo(() => changedIds(saved, edited).size, [saved, edited]);
  return (
    <Flex wrap gap={8} align="center">
      <Input.Search allowClear value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t("rights.filter")} aria-label={t("rights.filter")} style={{ width: 260 }} />
      <Typography.Text type={count ? "warning" : "secondary"} role="status">
        {count ? t("rights.unsaved", { count }) : t("rights.noChanges")}
      </Typography.Text>
      <span style={{ flex: 1 }} />
      <Button icon={<UndoOutlined />} disabled={!count || saving} onClick={discard}>
        {t("rights.discard")}
      </Button>
      <Button icon={<EyeOutlined />} onClick={onPreview}>
        {t("rights.preview")}
      </Button>
      {onViewAs ? (
        <Tooltip title={count ? t("rights.viewAsSaveFirst") : undefined}>
          <Button icon={<UserSwitchOutlined />} disabled={count > 0} onClick={onViewAs}>
            {t("rights.viewAs")}
          </Button>
        </Tooltip>
      ) : null}
      <Button type="primary" icon={<SaveOutlined />} disabled={!count} loading={saving} onClick={onSave}>
        {t("rights.save")}
      </Button>
    </Flex>
  );
}
