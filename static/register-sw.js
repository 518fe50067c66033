// Registers the service worker (offline play) and tells the app when a new deployment is ready.
// The app shows "A new version is ready"; the update applies on the player's tap or the next start.
(() => {
  // Ask the browser not to evict saved games under storage pressure (Safari evicts unvisited sites' data).
  navigator.storage?.persist?.().catch(() => {});
  if (!("serviceWorker" in navigator)) return;
  let reloadWhenUpdated = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadWhenUpdated) location.reload();
  });
  window.fivediceApplyUpdate = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.waiting) return location.reload();
    reloadWhenUpdated = true;
    registration.waiting.postMessage("skip-waiting");
  };
  const register = async () => {
    const registration = await navigator.serviceWorker.register("sw.js");
    const announce = () => dispatchEvent(new Event("fivedice:update-ready"));
    // A version that was waiting at start-up takes over now: this page already came fresh from the network.
    if (registration.waiting && navigator.serviceWorker.controller) registration.waiting.postMessage("skip-waiting");
    const watch = (worker) =>
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) announce();
      });
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
    setInterval(() => registration.update().catch(() => {}), 30 * 60 * 1000);
  };
  // The offline copy (the whole app, ~1.5 MB) is fetched and stored once the app has started, not while it
  // starts: on a two-core device the precaching's threads took the cores the first screen was built on, and
  // tripled its tasks (BENCHMARKS.md). A few seconds after the page's load, when the page is idle.
  const whenIdle = (then) => (window.requestIdleCallback ? requestIdleCallback(then, { timeout: 2000 }) : then());
  addEventListener("load", () => setTimeout(() => whenIdle(register), 3000));
})();
