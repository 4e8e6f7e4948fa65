// What users call a menu: its resource's or section's name in their language, else the stored name.
import type { MatrixLine } from "./matrix";

export function menuLabel(t: (key: string) => string, exists: (key: string) => boolean, line: Pick<MatrixLine, "alias" | "name" | "group">): string {
  const key = line.group ? `menuGroups.${line.alias}` : `resources.${line.alias}`;
  if (exists(key)) return t(key);
  if (exists(`resources.${line.alias}`)) return t(`resources.${line.alias}`);
  return line.name;
}
