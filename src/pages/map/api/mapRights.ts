// What the signed-in user may do on the map service: its writes need the map page's menu
// (`map-monitoring`) with the edit right (PUT) or the add right (POST), as the server checks.
import { canAccess } from "../../../providers/accessControlProvider";

export const canEditMap = (): boolean => canAccess("map-monitoring", "edit").can;
export const canCreateOnMap = (): boolean => canAccess("map-monitoring", "create").can;
