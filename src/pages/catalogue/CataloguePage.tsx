// A catalogue item's page (#/material-resource/show/{id}, #/tools-resource/show/{id}; declaration:
// page "catalogue"): the generated details (on hand, in and out among them), and under them the
// stock per site (parts/SiteStock).
import { useResourceParams } from "@refinedev/core";
import ShowPage from "../../crud/ShowPage";
import type { Catalogue } from "../../../declaration/requests";
import { SiteStock } from "./parts/SiteStock";

export default function CataloguePage() {
  const { resource } = useResourceParams();
  const name: Catalogue = resource?.name === "tools-resource" ? "tools-resource" : "material-resource";
  return <ShowPage resource={name} details={(record) => <SiteStock resource={name} id={Number(record.id)} />} />;
}
