// Offline: every file of this build, cached at install (tools/web.py writes VERSION and FILES).
// Cache first, so a reload with no network is the same page; a new build is a new cache.
const VERSION = "@VERSION@";
const FILES = ["@FILES@"];
const CACHE = "lockdown-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("lockdown-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(CACHE).then((c) => c.match(event.request, { ignoreSearch: true })
    .then((hit) => hit || fetch(event.request))));
});
