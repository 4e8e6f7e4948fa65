// An antd icon by its name, loaded on demand: the icons the declaration names come in one small
// chunk; any other name (an icon field of a record) pulls in the whole icon set, once.
import { lazy, Suspense, type ComponentType, type CSSProperties } from "react";

type IconMap = Record<string, ComponentType<{ style?: CSSProperties }>>;

const loadDeclared = (): Promise<IconMap> => import("./declared").then((m) => m.DECLARED_ICONS);
let allIcons: Promise<IconMap> | undefined;
const loadAll = (): Promise<IconMap> =>
  (allIcons ??= import("@ant-design/icons").then((m) => m as unknown as IconMap));

/** Whether a string names an antd icon component (e.g. "TeamOutlined"). */
export const isIconName = (name: string): boolean => /^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name);

const Blank: ComponentType = () => null;
const cache = new Map<string, ComponentType<{ style?: CSSProperties }>>();

function lazyIcon(name: string): ComponentType<{ style?: CSSProperties }> {
  let C = cache.get(name);
  if (!C) {
    C = lazy(async () => {
      const declared = await loadDeclared();
      const Icon = declared[name] ?? (isIconName(name) ? (await loadAll())[name] : undefined);
      return { default: Icon ?? Blank };
    });
    cache.set(name, C);
  }
  return C;
}

// Keeps the icon's place while it loads, so menus and cells do not jump.
const placeholder = <span className="anticon" style={{ width: "1em", height: "1em", display: "inline-block" }} />;

export function IconByName({ name, style }: { name: string | null | undefined; style?: CSSProperties }) {
  if (!name) return null;
  const Icon = lazyIcon(name);
  return (
    <Suspense fallback={placeholder}>
      <Icon style={style} />
    </Suspense>
  );
}
