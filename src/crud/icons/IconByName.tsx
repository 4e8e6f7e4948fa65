// An antd icon by its name, loaded on demand: each icon the declaration names is its own tiny
// chunk; any other name (an icon field of a record) pulls in the whole icon set, once. State
// rather than Suspense: React throttles revealing Suspense boundaries, which made a menu's
// icons pop in seconds late.
import { useEffect, useState, type CSSProperties } from "react";
import { DECLARED_ICONS } from "./declared";
import type { IconComponent } from "./iconModule";

let allIcons: Promise<Record<string, IconComponent>> | undefined;
const loadAll = () => (allIcons ??= import("@ant-design/icons").then((m) => m as unknown as Record<string, IconComponent>));

/** Whether a string names an antd icon component (e.g. "TeamOutlined"). */
export const isIconName = (name: string): boolean => /^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name);

const loaded = new Map<string, IconComponent | null>();
const loading = new Map<string, Promise<IconComponent | null>>();

function loadIcon(name: string): Promise<IconComponent | null> {
  let p = loading.get(name);
  if (!p) {
    const declared = DECLARED_ICONS[name];
    p = (declared ? declared().then((m) => m.default) : isIconName(name) ? loadAll().then((all) => all[name] ?? null) : Promise.resolve(null))
      .catch(() => null)
      .then((C) => {
        loaded.set(name, C);
        return C;
      });
    loading.set(name, p);
  }
  return p;
}

// Keeps the icon's place while it loads, so menus and cells do not jump.
const placeholder = <span className="anticon" style={{ width: "1em", height: "1em", display: "inline-block" }} />;

export function IconByName({ name, style }: { name: string | null | undefined; style?: CSSProperties }) {
  const [, setVersion] = useState(0);
  const Icon = name ? loaded.get(name) : null;
  useEffect(() => {
    if (!name || loaded.has(name)) return;
    let alive = true;
    void loadIcon(name).then(() => alive && setVersion((v) => v + 1));
    return () => {
      alive = false;
    };
  }, [name]);
  if (!name) return null;
  if (Icon === undefined) return placeholder;
  // eslint-disable-next-line react-hooks/static-components -- one component per name, kept in a module-level cache
  return Icon ? <Icon style={style} /> : null;
}
