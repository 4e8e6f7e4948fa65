// The sales pipeline (#/sales-contact; declaration: sales-contact, page "pipeline"): the platform
// owner's sales contacts as a board, a column per stage (new → contacted → demo done → won /
// lost, SALES_STAGES), each card moved by drag and drop or its menu (sales-contact/update/{id}).
// Demo requests keep their own list (demo-management, scheduling); a contact who asked for one
// (the same email) shows it on the card, with its state and date.
import { useMemo } from "react";
import { Empty, Spin } from "antd";
import { resourceByName } from "../../../declaration";
import { capabilitiesOf, resourceLabelKey } from "../../crud/model";
import { PageFrame } from "../../crud/PageFrame";
import { CreateButton, ListButton } from "../../crud/RouteButtons";
import { canAccess } from "../../providers/accessControlProvider";
import { useTranslation } from "react-i18next";
import { usePipeline } from "./hooks/usePipeline";
import { PipelineBoard } from "./parts/PipelineBoard";

const CONTACTS = resourceByName("sales-contact");

export default function PipelinePage() {
  const { t } = useTranslation();
  const { contacts, demos, move, loading } = usePipeline();
  const canMove = useMemo(() => canAccess(CONTACTS.name, "edit").can, []);
  return (
    <PageFrame
      title={t(resourceLabelKey(CONTACTS))}
      actions={
        <>
          {canAccess("demo-management", "list").can ? <ListButton resource="demo-management">{t("resources.demo-management")}</ListButton> : null}
          {capabilitiesOf(CONTACTS).create ? (
            <CreateButton resource={CONTACTS.name} accessControl={{ enabled: true, hideIfUnauthorized: true }}>
              {t("crud.actions.create")}
            </CreateButton>
          ) : null}
        </>
      }
    >
      {loading ? (
        <Spin />
      ) : contacts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} />
      ) : (
        <PipelineBoard contacts={contacts} demos={demos} canMove={canMove} move={move} />
      )}
    </PageFrame>
  );
}
