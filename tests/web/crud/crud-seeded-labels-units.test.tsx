// Indonesian without English left in the generated screens of the plan's data: the issue statuses
// the platform seeds read in the user's language wherever an issue shows its status (list, the
// form's select), a status added later reads as stored; numbers with a declared unit read as a
// duration or a count of days ("6 j 30 mnt", "25 hari") in lists and in the form's input, which
// also takes a duration typed in either language.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form } from "antd";
import { beforeEach, describe, expect, it } from "vitest";
import { resourceByName } from "../../../declaration";
import { ISSUE_STATUSES } from "../../../server/seed/base";
import { NumberInput } from "../../../src/crud/fields/number";
import { loadAllTexts, loadLanguage } from "../../../src/i18n";
import { parseUnitText, unitText } from "../../../src/lib/duration";
import en from "../../../src/i18n/en.json";
import id from "../../../src/i18n/id.json";
import type { InstalledContractMock } from "../../mocks";
import { mockApi, pick, renderCrud, rowTexts, waitForRows } from "./harness";
import { LOAD } from "../support/waits";

let api: InstalledContractMock;
beforeEach(() => {
  api = mockApi();
  api.db.seed("project-type", [{ id: 1, name: "Gedung" }]);
  api.db.seed("project", [{ id: 1, name: "Tower One", code: "T1", project_type_id: 1, status: "in_progress" }]);
  api.db.seed("human-resource", [{ id: 5, name: "Wawan Worker", email: "wawan@demo.test" }]);
});

const field = (resource: Parameters<typeof resourceByName>[0], name: string) => resourceByName(resource).fields.find((f) => f.name === name)!;

describe("seeded issue statuses", () => {
  it("every status the base seed writes has its words in both languages (the seed and the catalogues cannot drift apart)", () => {
    expect(resourceByName("issue-status").seededLabels).toBe("issueStatuses");
    for (const s of ISSUE_STATUSES) {
      expect((en.issueStatuses as Record<string, string>)[s.name], s.name).toBe(s.name);
      expect((id.issueStatuses as Record<string, string>)[s.name], s.name).toMatch(/\S/);
      expect((id.issueStatuses as Record<string, string>)[s.name], s.name).not.toBe(s.name);
    }
  });

  it("in Indonesian, the issue list and the form's status select read them in Indonesian; a status added later as stored", async () => {
    api.db.seed("issue-status", [
      { id: 1, name: "Open", color: "#1677ff", order: 1, is_closed: false },
      { id: 2, name: "In progress", color: "#faad14", order: 2, is_closed: false },
      { id: 3, name: "Menunggu material", color: "#8c8c8c", order: 5, is_closed: false },
    ]);
    api.db.seed("issue", [
      { id: 1, project_id: 1, title: "Retak kolom", issue_status_id: 2, priority: "medium", report_date: "2026-11-20", reporter_id: 5 },
      { id: 2, project_id: 1, title: "Besi terlambat", issue_status_id: 3, priority: "high", report_date: "2026-11-21", reporter_id: 5 },
    ]);
    const { user } = await renderCrud("/issue", { lang: "id" });
    await waitForRows(2);
    const cells = rowTexts().flat();
    expect(cells).toContain("Sedang ditangani");
    expect(cells).toContain("Menunggu material");
    expect(cells).not.toContain("In progress");

    await user.click(screen.getByRole("button", { name: /Tambah/ }));
    await screen.findByLabelText("Status isu", {}, LOAD);
    await pick(user, "Status isu", "Terbuka");
    const options = [...document.querySelectorAll(".ant-select-dropdown .ant-select-item-option")].map((o) => o.getAttribute("title"));
    expect(options).toEqual(expect.arrayContaining(["Terbuka", "Sedang ditangani", "Menunggu material"]));
    expect(options).not.toContain("Open");
  });
});

describe("numbers with a unit", () => {
  const t = (lang: "en" | "id") => (key: string, options?: Record<string, unknown>) => {
    const [section, name] = key.split(".") as ["units", "days" | "hours" | "minutes"];
    const forms = (lang === "en" ? en : id)[section] as Record<string, string>;
    const n = Number(options?.count);
    return (forms[`${name}_${n === 1 && lang === "en" ? "one" : "other"}`] ?? key).replace("{{count}}", String(n));
  };

  it("durations read in hours and minutes, days counted, in both languages", () => {
    expect(unitText(390, "minutes", t("en"))).toBe("6 h 30 min");
    expect(unitText(390, "minutes", t("id"))).toBe("6 j 30 mnt");
    expect(unitText(360, "minutes", t("id"))).toBe("6 j");
    expect(unitText(45, "minutes", t("en"))).toBe("45 min");
    expect(unitText(0, "minutes", t("en"))).toBe("0 min");
    expect(unitText(7.5, "hours", t("id"))).toBe("7 j 30 mnt");
    expect(unitText(25, "days", t("id"))).toBe("25 hari");
    expect(unitText(1, "days", t("en"))).toBe("1 day");
    expect(unitText(null, "minutes", t("en"))).toBeNull();
  });

  it("typed durations are read back in the field's unit, in either language", () => {
    expect(parseUnitText("390", "minutes")).toBe(390);
    expect(parseUnitText("6 h 30 min", "minutes")).toBe(390);
    expect(parseUnitText("6 j 30 mnt", "minutes")).toBe(390);
    expect(parseUnitText("6j30", "minutes")).toBe(390);
    expect(parseUnitText("1,5 jam", "minutes")).toBe(90);
    expect(parseUnitText("7 h 30 min", "hours")).toBe(7.5);
    expect(parseUnitText("25", "days")).toBe(25);
    expect(parseUnitText("abc", "minutes")).toBeNull();
    expect(parseUnitText("6 weeks", "minutes")).toBeNull();
  });

  it("in Indonesian, the attendance list shows the work duration in hours and minutes (presence.work_duration is minutes)", async () => {
    expect(field("presence", "work_duration").unit).toBe("minutes");
    api.db.seed("presence", [{ id: 1, user_id: 5, project_id: 1, presence_date: "2026-11-20", presence_status: "present", work_duration: 390 }]);
    await renderCrud("/presence", { lang: "id" });
    await waitForRows(1);
    expect(rowTexts()[0]).toContain("6 j 30 mnt");
    expect(rowTexts()[0]).not.toContain("390");
  });

  it("in Indonesian, the form's input shows the duration and takes one typed", async () => {
    await loadLanguage("id");
    await loadAllTexts("id");
    const user = userEvent.setup({ delay: null });
    const values: unknown[] = [];
    render(
      <Form initialValues={{ work_duration: 390 }} onValuesChange={(_, all) => values.push(all.work_duration)}>
        <Form.Item name="work_duration" label="Durasi kerja">
          <NumberInput field={field("presence", "work_duration")} lang="id" currency={{ code: "IDR", decimals: 0 }} />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByLabelText("Durasi kerja");
    expect(input).toHaveValue("6 j 30 mnt");
    await user.clear(input);
    await user.type(input, "7 j 15");
    await user.tab();
    await waitFor(() => expect(values.at(-1)).toBe(435));
    expect(input).toHaveValue("7 j 15 mnt");
    await loadLanguage("en");
  });
});
