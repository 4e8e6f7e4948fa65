// The spec: on start the product unregisters any service worker (an old one would keep serving
// stale page chunks).
export async function unregisterServiceWorkers(): Promise<number> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return 0;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    const results = await Promise.all(registrations.map((r) => r.unregister()));
    return results.filter(Boolean).length;
  } catch {
    // not allowed here (a sandboxed or file:// origin): nothing to unregister
    return 0;
  }
}
