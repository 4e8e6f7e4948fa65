// menuLabel (model/labels.ts) bound to the current language.
import { useTranslation } from "react-i18next";
import { menuLabel } from "../model/labels";
import type { MatrixLine } from "../model/matrix";

export function useMenuLabel(): (line: Pick<MatrixLine, "alias" | "name" | "group">) => string {
  const { t, i18n } = useTranslation();
  return (line) => menuLabel(t, (k) => i18n.exists(k), line);
}
