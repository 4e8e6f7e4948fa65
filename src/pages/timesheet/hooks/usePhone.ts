// Whether the screen is a phone's (narrower than antd's md breakpoint, 768 px): the page shows a
// card per person there instead of the wide table.
import { useMediaQuery } from "../../../lib/useMediaQuery";

export const usePhone = (): boolean => useMediaQuery("(max-width: 767.98px)");
