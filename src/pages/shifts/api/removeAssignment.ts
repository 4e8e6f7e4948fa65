// Taking a person off a shift: user-to-shift delete/{id} (docs/api.md), through the data provider.
import { dataProvider } from "../../../providers/dataProvider";

export async function removeAssignment(id: number): Promise<void> {
  await dataProvider.deleteOne({ resource: "user-to-shift", id });
}
