// Refine's notifications as react-toastify toasts (the library loads with the first one).
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer, toast } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadAllTexts } from "../../src/i18n";
import { loadToastify } from "../../src/lazy/toasts";
import { notificationProvider } from "../../src/providers/notificationProvider";

afterEach(() => {
  act(() => toast.dismiss());
});

describe("notificationProvider", () => {
  it("shows success and error toasts with their description", async () => {
    render(<ToastContainer />);
    act(() => notificationProvider.open({ key: "a", type: "success", message: "Saved", description: "Division" }));
    act(() => notificationProvider.open({ key: "b", type: "error", message: "Failed", description: "Code already used" }));
    expect(await screen.findByText("Saved")).toBeInTheDocument();
    expect(screen.getByText("Division")).toBeInTheDocument();
    expect(await screen.findByText("Failed")).toBeInTheDocument();
    expect(screen.getByText("Code already used")).toBeInTheDocument();
  });

  it("updates an active toast with the same key instead of stacking", async () => {
    render(<ToastContainer />);
    act(() => notificationProvider.open({ key: "k", type: "progress", message: "Deleting in 5", cancelMutation: () => {}, undoableTimeout: 5 }));
    expect(await screen.findByText("Deleting in 5")).toBeInTheDocument();
    act(() => notificationProvider.open({ key: "k", type: "success", message: "Deleted" }));
    expect(await screen.findByText("Deleted")).toBeInTheDocument();
    expect(screen.queryByText("Deleting in 5")).toBeNull();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("progress toasts offer Undo, which cancels the mutation", async () => {
    await loadAllTexts();
    const cancel = vi.fn();
    render(<ToastContainer />);
    act(() => notificationProvider.open({ key: "u", type: "progress", message: "You have 5 seconds to undo", cancelMutation: cancel, undoableTimeout: 5 }));
    await userEvent.click(await screen.findByRole("button", { name: "Undo" }));
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it("close dismisses by key", async () => {
    await loadToastify();
    const dismiss = vi.spyOn(toast, "dismiss");
    notificationProvider.close("x1");
    expect(dismiss).toHaveBeenCalledWith("x1");
  });
});
