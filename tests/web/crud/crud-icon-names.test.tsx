// The icon picker (a menu's icon) offers each antd icon by its name in the user's language, not
// by the library's English identifier: every icon of the installed library has an Indonesian name
// (or is a circle or square variant of one that has), and the picker shows, searches and stores
// by it.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as icons from "@ant-design/icons";
import { Form } from "antd";
import { afterAll, describe, expect, it } from "vitest";
import { IconSelect } from "../../../src/crud/fields/icon";
import { isIconName } from "../../../src/crud/icons/IconByName";
import { iconLabel, loadIconNames } from "../../../src/crud/icons/iconNames";
import ID_NAMES from "../../../src/crud/icons/iconNames.id.json";
import { loadAllTexts, loadLanguage } from "../../../src/i18n";
import { LOAD } from "../support/waits";

const ALL = Object.keys(icons).filter(isIconName);
const base = (name: string) => name.replace(/(Outlined|Filled|TwoTone)$/, "");

afterAll(() => loadLanguage("en"));

describe("icon names", () => {
  it("every icon of the library has an Indonesian name (its own, or its stem's in a circle or square); the list names no icon the library lacks", () => {
    const bases = new Set(ALL.map(base));
    const named = new Set(Object.keys(ID_NAMES));
    const missing = [...bases].filter((b) => !named.has(b) && !named.has(b.replace(/(Circle|Square)$/, "")));
    expect(missing).toEqual([]);
    expect([...named].filter((b) => !bases.has(b))).toEqual([]);
  });

  it("reads an icon's name and style in English from its own words, and in Indonesian from the list", async () => {
    await loadLanguage("en");
    await loadAllTexts("en");
    expect(iconLabel("TeamOutlined")).toBe("Team (outline)");
    expect(iconLabel("AccountBookFilled")).toBe("Account book (filled)");
    expect(iconLabel("not an icon")).toBe("not an icon");
    await loadLanguage("id");
    await loadAllTexts("id");
    await loadIconNames();
    expect(iconLabel("TeamOutlined")).toBe("Tim (garis)");
    expect(iconLabel("AccountBookFilled")).toBe("Buku rekening (isi)");
    expect(iconLabel("CheckCircleTwoTone")).toBe("Centang dalam lingkaran (dua warna)");
    expect(iconLabel("ClockCircleOutlined")).toBe("Jam (garis)");
    // Every icon reads its Indonesian name (none falls back to the library's English words).
    const names = ID_NAMES as Record<string, string>;
    const expected = (b: string) => names[b] ?? `${names[b.replace(/(Circle|Square)$/, "")]} dalam ${b.endsWith("Circle") ? "lingkaran" : "kotak"}`;
    expect(ALL.filter((n) => !iconLabel(n).startsWith(`${expected(base(n))} (`))).toEqual([]);
  });

  it("in Indonesian, the picker shows the icons by their Indonesian names, finds one typed in Indonesian, and stores the icon's identifier", async () => {
    await loadLanguage("id");
    await loadAllTexts("id");
    const user = userEvent.setup({ delay: null });
    const stored: unknown[] = [];
    render(
      <Form onValuesChange={(_, all) => stored.push(all.icon)}>
        <Form.Item name="icon" label="Ikon">
          <IconSelect />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByLabelText("Ikon");
    await user.click(input);
    await user.type(input, "tim");
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>(".ant-select-item-option")].find((o) => o.getAttribute("title") === "Tim (garis)");
      if (!found) throw new Error("no option Tim (garis)");
      return found;
    }, LOAD);
    expect([...document.querySelectorAll(".ant-select-item-option")].map((o) => o.getAttribute("title"))).not.toContain("TeamOutlined");
    await user.click(option);
    expect(stored.at(-1)).toBe("TeamOutlined");
  });
});
