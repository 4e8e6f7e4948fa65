// Lazy pages: 'Loading...' meanwhile, a visible load error after 120000 ms, and a Retry that loads again.
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import "../../src/i18n";
import { lazyWithTimeout } from "../../src/lazy/lazyWithTimeout";
import { PAGE_LOAD_TIMEOUT_MS, withTimeout } from "../../src/lazy/withTimeout";

const Page = ({ who }: { who: string }) => <p>page for {who}</p>;

describe("lazyWithTimeout", () => {
  it("uses the spec's 120000 ms", () => {
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(120000);
  });

  it("shows Loading..., fails visibly after 120000 ms, and Retry loads again", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockImplementationOnce(() => new Promise(() => {})) // the chunk never arrives
      .mockImplementationOnce(() => Promise.resolve({ default: Page }));
    const Lazy = lazyWithTimeout(load);
    render(<Lazy who="Budi" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAGE_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByText("This page could not be loaded")).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText("This page could not be loaded")).toBeInTheDocument();
    expect(screen.getByText("Loading took longer than 120 seconds.")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => {
      screen.getByRole("button", { name: "Retry" }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText("page for Budi")).toBeInTheDocument();
    expect(screen.queryByText("This page could not be loaded")).toBeNull();
  });

  it("a failed import shows the load error too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Lazy = lazyWithTimeout<{ who: string }>(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(<Lazy who="x" />);
    expect(await screen.findByText("This page could not be loaded")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("withTimeout clears its timer when the load arrives in time", async () => {
    vi.useFakeTimers();
    const p = withTimeout(Promise.resolve("ok"), 1000);
    await expect(p).resolves.toBe("ok");
    expect(vi.getTimerCount()).toBe(0);
  });
});
