// The shape of one antd icon module (@ant-design/icons/es/icons/<Name>.js ships no types).
import type { ComponentType, CSSProperties } from "react";

export type IconComponent = ComponentType<{ style?: CSSProperties }>;
export interface IconModule {
  default: IconComponent;
}
