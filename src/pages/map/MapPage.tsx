// The map page: a full-screen bespoke page (src/crud/bespoke.ts), routed inside <Refine> without
// the shell's layout; the route's <Authenticated> asks for the signed-in user the map calls need.
// The screen and its parts live beside this entry (MapScreen.tsx, parts/, model/, store/, api/).
import { useEffect } from "react";
import { wantToasts } from "../../lazy/toasts";
import MapScreen from "./MapScreen";

export default function MapPage() {
  useEffect(wantToasts, []);
  return <MapScreen />;
}
