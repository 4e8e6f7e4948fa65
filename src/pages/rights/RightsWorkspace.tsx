// One role's matrix: loads its menus, edits them in the store, previews and saves them.
import { useOne, useWarnAboutChange } from "@refinedev/core";
import { Alert, Flex, Spin } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRoleMenus } from "./hooks/useRoleMenus";
import { useRightsSave } from "./hooks/useRightsSave";
import { changedIds } from "./model/matrix";
import { RightsMatrix } from "./parts/RightsMatrix";
import { RightsToolbar } from "./parts/RightsToolbar";
import { RolePreview } from "./parts/RolePreview";
import { useRightsStore } from "./store/rightsStore";

export function RightsWorkspace({ roleId, onViewAs }: { roleId: number; onViewAs?: (roleId: number) => void }) {
  const { t } = useTranslation();
  const { loading, error } = useRoleMenus(roleId);
  const { result: role } = useOne<{ name?: string; role_type?: string }>({ resource: "role", id: roleId });
  const roleName = role?.name ?? "";
  const roleType = role?.role_type ?? null;
  const { save, saving } = useRightsSave(roleName);
  const [previewing, setPreviewing] = useState(false);
  const { saved, edited, roleId: loadedRole } = useRightsStore();
  const dirty = useMemo(() => changedIds(saved, edited).size > 0, [saved, edited]);
  // Leaving with unsaved rights asks first (Refine's unsaved-changes notifier).
  const { setWarnWhen } = useWarnAboutChange();
  useEffect(() => {
    setWarnWhen(dirty);
    return () => setWarnWhen(false);
  }, [dirty, setWarnWhen]);

  if (error) return <Alert type="error" showIcon message={t("rights.loadFailed")} />;
  if (loading || loadedRole !== roleId) return <Spin />;
  return (
    <Flex vertical gap={12}>
      <RightsToolbar saving={saving} onSave={() => void save()} onPreview={() => setPreviewing(true)} onViewAs={onViewAs ? () => onViewAs(roleId) : undefined} />
      <RightsMatrix roleType={roleType} />
      <RolePreview open={previewing} onClose={() => setPreviewing(false)} roleName={roleName} roleType={roleType} />
    </Flex>
  );
}
