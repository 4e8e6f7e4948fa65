// An antd icon by its name, loaded on demand: each icon the declaration names is its own tiny
// chunk; any other name (an icon field of a record) pulls in the whole icon set, once.
import { lazy, Suspense, type ComponentType, type CSSProperties } from "react";
import { DECLARED_ICONS } from "./declared";
import type { IconComponent, IconModule } from "./iconModule";

let allIcons: Promise<Record<string, IconComponent>> | undefined;
const loadAll = () => (allIcons ??= import("@ant-design/icons").then((m) => m as unknown as Record<string, IconComponent>));

/** Whether a string names an antd icon component (e.g. "TeamOutlined"). */
export const isIconName = (name: string): boolean => /^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name);

const Blank: ComponentType = () => null;
const cache = new Map<string, IconComponent>();

async function load(name: string): Promise<IconModule> {
  const declared = DECLARED_ICONS[name];
  if (declared) return declared();
  const Icon = isIconName(name) ? (await loadAll())[name] : undefined;
  return { default: Icon ?? Blank };
}

function lazyIcon(name: string): IconComponent {
  let C = cache.get(name);
  if (!C) cache.set(name, (C = lazy(() => load(name))));
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
