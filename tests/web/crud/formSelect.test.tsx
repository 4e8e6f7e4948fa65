// A required select in a form says so where ARIA allows it: on its combobox, not on antd's
// wrapper <div> (axe's aria-allowed-attr; see src/crud/fields/FormSelect.tsx).
import { render, screen } from "@testing-library/react";
import { Form } from "antd";
import { describe, expect, it } from "vitest";
import { FormSelect } from "../../../src/crud/fields/FormSelect";

const OPTIONS = [{ value: "planning", label: "Planning" }];

const renderField = (required: boolean) =>
  render(
    <Form>
      <Form.Item name="status" label="Status" required={required}>
        <FormSelect options={OPTIONS} />
      </Form.Item>
    </Form>,
  );

describe("FormSelect", () => {
  it("puts a required field's aria-required on the combobox only", () => {
    const { container } = renderField(true);
    const combobox = screen.getByRole("combobox", { name: "Status" });
    expect(combobox).toHaveAttribute("aria-required", "true");
    expect([...container.querySelectorAll("[aria-required]")]).toEqual([combobox]);
  });

  it("leaves an optional field without aria-required", () => {
    const { container } = renderField(false);
    screen.getByRole("combobox", { name: "Status" });
    expect(container.querySelectorAll("[aria-required]")).toHaveLength(0);
  });
});
