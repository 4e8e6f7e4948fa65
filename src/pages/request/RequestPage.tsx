// A material or tool request's page (#/request-material/show/{id}, #/req-tools/show/{id};
// declaration: page "request"): the generated details, the amount with the quantity's unit
// (parts/RequestAmount), and the next steps the user's rights allow as actions (parts/RequestSteps).
import { useResourceParams } from "@refinedev/core";
import ShowPage from "../../crud/ShowPage";
import type { RequestResource } from "../../../declaration/requests";
import { RequestAmount } from "./parts/RequestAmount";
import { RequestSteps } from "./parts/RequestSteps";

export default function RequestPage() {
  const { resource } = useResourceParams();
  const name: RequestResource = resource?.name === "req-tools" ? "req-tools" : "request-material";
  return (
    <ShowPage
      resource={name}
      extraActions={(record, reload) => <RequestSteps resource={name} record={record} onDone={reload} />}
      details={(record) => <RequestAmount resource={name} record={record} />}
    />
  );
}
