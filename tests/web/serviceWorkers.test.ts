// On start every service worker is unregistered.
import { afterEach, describe, expect, it, vi } from "vitest";
import { unregisterServiceWorkers } from "../../src/lazy/serviceWorkers";

const install = (value: unknown) => Object.defineProperty(navigator, "serviceWorker", { value, configurable: true });

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

describe("unregisterServiceWorkers", () => {
  it("unregisters each registration", async () => {
    const a = { unregister: vi.fn().mockResolvedValue(true) };
    const b = { unregister: vi.fn().mockResolvedValue(true) };
    install({ getRegistrations: vi.fn().mockResolvedValue([a, b]) });
    expect(await unregisterServiceWorkers()).toBe(2);
    expect(a.unregister).toHaveBeenCalledTimes(1);
    expect(b.unregister).toHaveBeenCalledTimes(1);
  });

  it("does nothing without service worker support, and survives a refusal", async () => {
    expect(await unregisterServiceWorkers()).toBe(0);
    install({ getRegistrations: vi.fn().mockRejectedValue(new Error("SecurityError")) });
    expect(await unregisterServiceWorkers()).toBe(0);
  });
});
