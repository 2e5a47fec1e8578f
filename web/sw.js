// The lab's service worker: after one visit, the lab starts and answers with no network (registered by boot.js).
//
// What it keeps: the files build.py lists in MANIFEST (the page, PyScript, Pyodide, transformers.js, the wheels,
// pdf.js, the lab's Python and the precomputed vectors: about 21 MB), each with the start of its sha256, in one
// cache per version, "raglab-<version>" (the version is the manifest's own hash). What it leaves alone: the models
// (models/, hub/) and onnxruntime's runtime, which transformers.js keeps in its own cache ("transformers-cache"),
// where the page shows and removes them; any address with a query string; other origins; anything but GET.
//
// How it answers:
//   the page (a navigation to index.html, whatever its query): network first, so a new deploy shows at once;
//     the kept page when the network fails, answers with an error, or is slower than NETWORK_WAIT_MS.
//   a listed file: from the cache, which holds exactly the deploy of the page that asks.
//   anything else: untouched (the browser fetches it as if there were no service worker).
//
// Cross-origin isolation: the full lab's page (a top-level navigation, request.destination "document") is given
// COOP same-origin and COEP require-corp, from the network or kept, so from the second visit on (the first page was
// not served by this worker) onnxruntime-web may run on several WebAssembly threads (SharedArrayBuffer). An embed
// (destination "iframe": ?embed=1 in a course page's frame) is answered as before, without them: its host page
// decides whether it is isolated. A dedicated worker whose owner is isolated must carry a COEP of its own (HTML's
// "check a global object's embedder policy"; without it Chromium 156 refused worker.js, measured), so every worker
// script of the site (worker.js, onnxruntime's threads, pdf.js's worker) gets COEP require-corp too; under a page
// that is not isolated that changes nothing, since the workers fetch other origins only with CORS. require-corp
// rather than credentialless: every cross-origin load of the page is a CORS fetch (the model hub and its CDNs, the
// Pyodide CDN's numpy; its policy allows images only from itself), which COEP lets through either way, and Safari
// (15.2+) knows require-corp but not credentialless.
//
// A deploy: build.py writes a new manifest here, so the browser sees new bytes and installs the new version beside
// the old one (unchanged files are copied from the old cache; the others are downloaded and checked against their
// hash, so a host still half-way through the deploy fails the install, and the next visit tries again, instead of
// keeping a mix). The new version takes over at once (skipWaiting, clients.claim) and deletes the old cache. Until
// it has, a page the network sent that is not this version's index.html gets its files from the network too: one
// page never mixes two deploys.

const MANIFEST = { version: "unbuilt", files: {} }; // build.py writes the real one here
const PREFIX = "raglab-";
const CACHE = PREFIX + MANIFEST.version;
const FILES = new Map(Object.entries(MANIFEST.files)); // path relative to the scope -> start of its sha256
const NETWORK_WAIT_MS = 3000; // for the page, before the kept copy is shown instead
const SCOPE = new URL(self.registration.scope);
// Clients (pages, and the workers they start) whose page came from the network and is not this version's: their
// files come from the network too. Kept in memory only: a service worker stopped while idle (Chrome stops one after
// 30 s) forgets it, by when the new version has normally taken over.
const otherVersion = new Set();

// The cache key of a listed file: its hash in the key lets the next version find the same bytes.
const keyOf = (path) => new URL(`${path}?sha256=${FILES.get(path)}`, SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(keepAll().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  const url = new URL(request.url);
  const path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (request.mode === "navigate") {
    if (path === "" || path === "index.html") event.respondWith(page(request, event.resultingClientId));
    return;
  }
  const worker = request.destination === "worker";
  if (otherVersion.has(event.clientId)) {
    if (event.resultingClientId) otherVersion.add(event.resultingClientId); // a worker that page starts
    if (worker) event.respondWith(fetch(request).then(withEmbedderPolicy));
    return;
  }
  const answer = !url.search && FILES.has(path) ? listed(request, path) : worker ? fetch(request) : null;
  if (answer) event.respondWith(worker ? answer.then(withEmbedderPolicy) : answer);
});

// What makes a page cross-origin isolated; a worker script needs the second only.
const ISOLATION = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

function isolated(headers, { opener = true } = {}) {
  const copy = new Headers(headers);
  for (const [name, value] of Object.entries(ISOLATION)) {
    if (opener || name !== "Cross-Origin-Opener-Policy") copy.set(name, value);
  }
  return copy;
}

// A worker script with COEP added (an error or an opaque answer is passed on as it is).
function withEmbedderPolicy(response) {
  if (!response.ok) return response;
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: isolated(response.headers, { opener: false }),
  });
}

async function keepAll() {
  const cache = await caches.open(CACHE);
  const older = [];
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) older.push(await caches.open(name));
  }
  await Promise.all([...FILES.keys()].map(async (path) => {
    const key = keyOf(path);
    if (await cache.match(key)) return; // kept by an earlier try of this install
    for (const old of older) {
      const kept = await old.match(key);
      if (kept) return cache.put(key, kept);
    }
    return cache.put(key, await download(path));
  }));
}

async function download(path) {
  // "no-cache": the server is asked every time, and its 304 reuses the bytes the page itself has just fetched.
  const response = await fetch(new URL(path, SCOPE), { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const bytes = await response.arrayBuffer();
  if (!(await sha256(bytes)).startsWith(FILES.get(path))) throw new Error(`${path} is not the file this version lists`);
  return new Response(bytes, { headers: { "Content-Type": response.headers.get("Content-Type") ?? "" } });
}

async function listed(request, path) {
  const kept = await caches.match(keyOf(path), { cacheName: CACHE });
  return kept ?? fetch(request); // not kept: the browser has evicted this cache
}

async function page(request, clientId) {
  const top = request.destination === "document"; // not an embed's frame ("iframe")
  const headersOf = (headers) => (top ? isolated(headers) : headers);
  const kept = await caches.match(keyOf("index.html"), { cacheName: CACHE });
  let late = false; // the kept page was shown: what the network sends afterwards changes nothing
  const network = fetch(request).then(async (response) => {
    if (!response.ok && kept) throw new Error(`the page answered ${response.status}`);
    if (!response.ok) return response; // nothing kept to show instead
    // Read whole to compare its hash before any of its files is asked for (200 KB).
    const bytes = await response.arrayBuffer();
    const hash = await sha256(bytes);
    if (!late && clientId && !hash.startsWith(FILES.get("index.html"))) otherVersion.add(clientId);
    return new Response(bytes, { headers: headersOf(pageHeaders(response.headers)) });
  });
  if (!kept) return network;
  try {
    return await Promise.race([network, new Promise((_, fail) => setTimeout(fail, NETWORK_WAIT_MS))]);
  } catch {
    late = true;
    otherVersion.delete(clientId);
    return new Response(kept.body, { headers: headersOf(kept.headers) });
  }
}

// The network's headers, less the two that describe its encoding: the body here is already decoded.
function pageHeaders(headers) {
  const copy = new Headers(headers);
  copy.delete("Content-Encoding");
  copy.delete("Content-Length");
  return copy;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
