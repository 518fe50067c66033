// Five Dice service worker. The build writes CACHE and FILES above this line (tools/service-worker.mjs):
// every file of the release build, Trunk's hashed names included, and a cache name that changes with them.
// Assets: cache first. The page: network first, the cached page when offline.

self.addEventListener("install", (event) => {
  const scope = self.registration.scope;
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((file) => new URL(file, scope)))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("fivedice-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

// A new version waits until the page asks for it: on the player's tap, or when the app next starts.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(async () => {
        const cache = await caches.open(CACHE);
        return (await cache.match(new URL("index.html", self.registration.scope))) ?? Response.error();
      }),
    );
    return;
  }
  event.respondWith(caches.open(CACHE).then(async (cache) => (await cache.match(request)) ?? fetch(request)));
});
