// The staff register (#/human-resource; declaration: human-resource, page "staff"): the generated
// list of every person, where new people are invited by email (they choose their own password
// through a set-password link) or imported from a CSV with a preview of each row's errors,
// instead of the admin typing a password. A person's page is the bespoke "person" page.
import { Space } from "antd";
import { useCan } from "@refinedev/core";
import ListPage from "../../crud/ListPage";
import { ImportAction } from "./parts/ImportAction";
import { InviteAction } from "./parts/InviteAction";

export default function StaffPage() {
  const mayCreate = useCan({ resource: "human-resource", action: "create" }).data?.can ?? false;
  return (
    <ListPage
      resource="human-resource"
      createAction={
        mayCreate ? (
          <Space wrap>
            <ImportAction />
            <InviteAction />
          </Space>
        ) : null
      }
    />
  );
}
