// One icon module of @ant-design/icons' ES build (the package types only its entry points).
declare module "@ant-design/icons/es/icons/*.js" {
  import type { ComponentType, CSSProperties } from "react";
  const Icon: ComponentType<{ style?: CSSProperties }>;
  export default Icon;
}
