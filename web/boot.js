// Boot only: PyScript (loaded next to this file by index.html) starts Pyodide and runs main.py,
// which renders everything and sets the status line to "Ready" (or to its own error). This file
// just makes a failed start visible, so the page never says "Loading Python…" forever.
// No lab logic lives in JS.

// Pyodide runs without WebAssembly stack switching (JSPI), as it does in Firefox and Safari. It uses JSPI whenever
// the browser offers it ("Suspending" in WebAssembly, read when PyScript loads it, after this module), and the lab
// needs none of it (no run_sync). With it, Chromium 156's renderer crashed once in CI while the page read a
// visitor's files ("Page crashed"), as open Pyodide reports describe intermittent JSPI crashes in Chromium
// (pyodide/pyodide#5702, #6106). Workers keep theirs: this is the page's own global.
delete WebAssembly.Suspending;
delete WebAssembly.promising;

// No Python but the page's own. Results are drawn with innerHTML, every renderer escapes (py/raglab/ui), and should
// one ever slip, what it adds must not become code: PyScript 0.7.31 (through polyscript) runs any <script> of a
// Python type (py, mpy, pyodide, micropython, py-editor, py-game; with `worker`, in a worker) and any <py-script>
// added to the page later, whatever the policy says, also inside a shadow root (it wraps attachShadow and watches
// every root it makes), and wires an attribute such as py-click="document.body.append" to call a global of
// main.py's. Every script of the page as served is parsed before this module runs, so whatever is added from now on
// is defused, in the document and in every shadow root: a <script> becomes text/plain (a browser script has started
// by then; the policy decides it), and stays so if its type is set again; a <py-script> is emptied, and reads as
// empty from then on (its element has already begun to wait for Python and reads its code, text or src, a few
// microtasks later: whatever is put in meanwhile is never read), and the attributes are removed. This observer
// and this attachShadow must be made before PyScript's (boot.js is the page's first module): observers hear of a
// change in the order they were made (the DOM standard's "notify mutation observers"), and PyScript's attachShadow
// wraps this one, so PyScript's observer only ever reads what this one left.
const PYTHON_ATTRIBUTE = /^(py|mpy|pyodide|micropython)-/;
const PYTHON_ATTRIBUTES = ".//@*[starts-with(name(),'py-') or starts-with(name(),'mpy-') or "
  + "starts-with(name(),'pyodide-') or starts-with(name(),'micropython-')]";
const PYTHON_ELEMENTS = new Set(["py-script", "mpy-script"]);
const INERT = "text/plain";

const guard = new MutationObserver((records) => {
  for (const { type, target, attributeName, addedNodes } of records) {
    if (type === "attributes") {
      if (PYTHON_ATTRIBUTE.test(attributeName)) target.removeAttribute(attributeName);
      else if (attributeName === "type" && target.localName === "script" && target.type !== INERT) target.type = INERT;
    } else {
      for (const node of addedNodes) if (node.nodeType === Node.ELEMENT_NODE) defuse(node);
    }
  }
});
const watch = (root) => guard.observe(root, { childList: true, subtree: true, attributes: true });
watch(document);

const { attachShadow } = Element.prototype;
Element.prototype.attachShadow = function (init) {
  const root = attachShadow.call(this, init);
  watch(root);
  return root;
};

// What a <py-script> reads when its Python is due: nothing, whatever is put into it later.
const EMPTY = {
  textContent: { get: () => "", set() {} },
  innerHTML: { get: () => "", set() {} },
  childElementCount: { get: () => 0 },
  hasAttribute: { value: () => false },
  getAttribute: { value: () => null },
};

function defuse(root) {
  const found = document.evaluate(PYTHON_ATTRIBUTES, root, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  for (let i = 0; i < found.snapshotLength; i++) {
    const attribute = found.snapshotItem(i);
    attribute.ownerElement.removeAttributeNode(attribute);
  }
  for (const element of [root, ...root.querySelectorAll("script, py-script, mpy-script")]) {
    if (element.localName === "script") {
      element.type = INERT;
    } else if (PYTHON_ELEMENTS.has(element.localName)) {
      for (const name of element.getAttributeNames()) element.removeAttribute(name);
      element.replaceChildren();
      Object.defineProperties(element, EMPTY);
    }
  }
}

const status = document.getElementById("status");

// A question asked before Python has started: its form sends nothing (every question form's method is "dialog",
// py/raglab/ui/compare_html.py's ASK_METHOD), and is marked so that main.py, once started, asks it as typed.
addEventListener("submit", (event) => {
  if (!status.dataset.state && event.target.matches("form.ask")) event.target.dataset.asked = "1";
}, true);

// In an embed on another site's page: whether the browser keeps it from storing (a Promise<boolean>, see showEmbed).
let storageBlocked = null;

function showStartFailure(reason) {
  // PyScript opens IndexedDB before Python starts: where an embed may not store, that is why the start failed,
  // whatever was thrown first (an error in PyScript's IndexedDB handler, "InvalidStateError: Failed to execute
  // 'dispatchEvent'…", or a rejected promise: it depends on which answer comes first), and sendQuestionsToFullLab
  // says so in the page's own words. So a failure in an embed waits for the probe's answer.
  if (storageBlocked) storageBlocked.then((blocked) => blocked || sayStartFailed(reason));
  else sayStartFailed(reason);
}

function sayStartFailed(reason) {
  if (status.dataset.state) return; // main.py got there first: "ready" or its own error
  status.dataset.state = "error";
  status.textContent = `Python could not start: ${inWords(reason)}`;
}

// What a failed start means, in a visitor's words: a damaged download of the lab's own code says so, and a
// Python traceback is cut to its last line (the error itself).
function inWords(reason) {
  const text = String(reason ?? "");
  if (/raglab\.zip|unpack_archive|not a zip file|BadZipFile/.test(text)) {
    return "the lab's code (raglab.zip) arrived damaged. Reload the page to download it again.";
  }
  const lines = text.trim().split("\n");
  return text.includes("Traceback") ? lines[lines.length - 1].trim() : text;
}

addEventListener("error", (event) => (isFatal(event.error) ? sayStopped(event.error) : showStartFailure(event.message)));
addEventListener("unhandledrejection", (event) => {
  if (isFatal(event.reason)) sayStopped(event.reason);
  else showStartFailure(String(event.reason));
});

// A fatal error in Pyodide (its stack overflowed, its memory ran out) leaves no Python to say anything, and every
// later call throws "Pyodide already fatally failed": whatever the status line said, "Ready" included, it says so.
function isFatal(error) {
  return Boolean(error?.pyodide_fatal_error) || /Pyodide already fatally failed/.test(String(error?.message ?? ""));
}

function sayStopped(error) {
  status.dataset.state = "error";
  status.textContent = `Python stopped (${inWords(error?.message ?? error)}), so the lab cannot answer until the page `
    + "is reloaded. Documents kept in this browser are still there.";
}

// PyScript and Pyodide swallow some failed downloads (pyscript.json, the .wasm) and then wait
// forever, so also watch for any of the site's files answering with an HTTP error.
// (responseStatus is Chromium-only; elsewhere it is undefined and this stays quiet.)
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    if (entry.responseStatus >= 400) showStartFailure(`${entry.name} answered ${entry.responseStatus}`);
  }
}).observe({ type: "resource", buffered: true });

// A site built on several corpora (build.py --corpus A --corpus B): each has its own page, and a link that says
// corpus=<key> opens that corpus's page with the rest of the address. The pre-rendered switch lists the pages.
const corpora = document.querySelector("nav.corpora");
if (corpora) {
  const pages = JSON.parse(corpora.dataset.labs);
  const wanted = new URLSearchParams(location.search).get("corpus");
  if (wanted && Object.hasOwn(pages, wanted) && wanted !== corpora.dataset.lab) { // own keys: never __proto__
    location.replace(new URL(pages[wanted] + location.search + location.hash, location.href));
  }
}

// The list of the page's places, a popover on a phone (page_html.render_main): closed once a place is chosen, so the
// place shows. Display only.
const places = document.getElementById("toc-places");
places?.addEventListener("click", (event) => {
  if (event.target.closest("a") && places.matches(":popover-open")) places.hidePopover();
});

// Embed mode (?embed=1&technique=graph): one technique and its documents, for an iframe in a course page.
// Set here, before Python loads, so an embedded lab never flashes the whole page. Display and links only.
const params = new URLSearchParams(location.search);
if (params.get("embed") === "1") showEmbed(params.get("technique") || "plain");

function showEmbed(asked) {
  document.body.classList.add("embed");
  const sections = document.querySelectorAll("section.technique");
  const section = [...sections].find((s) => s.dataset.technique === asked.replaceAll("-", "_")) || sections[0];
  if (!section) return;
  const key = section.dataset.technique;
  section.classList.add("shown");
  const heading = section.querySelector("h2");
  document.title = `RAG Lab: ${heading.textContent.replace(heading.querySelector(".number")?.textContent ?? "", "")}`;
  // The documents, folded, under the technique: students can read the sources the passages come from.
  const documents = document.getElementById("documents");
  if (documents) section.after(documents);

  // A link into a part of the page the embed hides (another technique, the word list) opens the full lab there,
  // in a new tab; a preset followed before Python has loaded stays in the embed.
  for (const link of document.querySelectorAll("main a[href^='#']")) {
    const target = document.getElementById(link.hash.slice(1));
    if (target && (section.contains(target) || documents?.contains(target))) continue;
    Object.assign(link, { href: fullLab("", link.hash), target: "_blank", rel: "noopener noreferrer" });
  }
  for (const preset of section.querySelectorAll("a.preset")) {
    const url = new URL(preset.href);
    url.searchParams.set("embed", "1");
    preset.href = url.href;
  }

  // "Open the full lab": at what the embed shows now. main.py keeps that in the address (remember()), so the link
  // is made from the address when it is about to be followed.
  const full = section.querySelector("a.full-lab");
  const atCurrentQuestion = () => {
    const query = new URLSearchParams(location.search);
    query.set("technique", key);
    // The questions are in the fragment (raglab.page.address), after the place it points at: kept as they are.
    const asked = location.hash.slice(1).split("&").filter((pair) => pair.includes("="));
    full.href = fullLab(query, [`#${key}`, ...asked].join("&"));
  };
  for (const type of ["pointerdown", "focus", "click", "contextmenu"]) full?.addEventListener(type, atCurrentQuestion);

  if (window.parent !== window) {
    postHeight(key);
    storageBlocked = mayNotStore();
    storageBlocked.then((blocked) => blocked && sendQuestionsToFullLab(section, key));
  }
}

// The course page follows the lab's height (the snippet's script, embed_html.embed_snippet): posted whenever it
// changes, to any origin, since it says nothing about the visitor (never the question).
function postHeight(key) {
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    window.parent.postMessage({ type: "raglab:height", technique: key, height }, "*");
  }).observe(document.documentElement);
}

// A browser that keeps an embedded page from storing anything (Chromium's private windows, "block third-party
// cookies") stops PyScript 0.7.31 before Python: it waits on IndexedDB first. Say so, and let the presets and the
// question box open the full lab in a new tab, where the lab is the browser's first party and may store.
function sendQuestionsToFullLab(section, key) {
  status.dataset.state = "error";
  status.textContent = "This browser keeps an embedded lab from starting (it blocks storage in embedded pages, as "
    + "private windows do): the questions open the full lab in a new tab.";
  const newTab = { target: "_blank", rel: "noopener noreferrer" };
  for (const preset of section.querySelectorAll("a.preset")) {
    Object.assign(preset, { href: fullLab(new URL(preset.href).search, `#${key}`), ...newTab });
  }
  // The question box, which sends nothing anywhere (ASK_METHOD), opens the full lab with its fields in the fragment,
  // as the address holds them (raglab.page.address reads an older link's technique= and q= so), never in the query.
  section.querySelector("form.ask")?.addEventListener("submit", (event) => {
    const fields = new URLSearchParams(new FormData(event.target));
    open(fullLab({ technique: key }, `#${key}&${fields}`), "_blank", "noopener,noreferrer");
  });
}

// Whether this page may not use IndexedDB (opening a database fails, or throws at once): a Promise<boolean>.
function mayNotStore() {
  return new Promise((resolve) => {
    const name = "raglab-probe";
    try {
      const probe = indexedDB.open(name);
      probe.onerror = () => resolve(true);
      probe.onsuccess = () => {
        probe.result.close();
        indexedDB.deleteDatabase(name);
        resolve(false);
      };
    } catch {
      resolve(true);
    }
  });
}

// The full lab's address with `search` as its query (minus embed=1, which would make it an embed again) and `hash`.
function fullLab(search, hash) {
  const query = new URLSearchParams(search);
  query.delete("embed");
  const url = new URL(location.pathname, location.href);
  url.search = query.toString();
  url.hash = hash;
  return url.href;
}

// Offline after the first visit: sw.js keeps the site's own files (build.py lists them, with their hashes), and a
// line in the header says when a reload would work with no network. Registered once Python says "Ready", so the
// 21 MB it keeps never compete with the start-up. Not in embed mode: storage is partitioned by the embedding site,
// so every course page would keep its own copy (Safari gives a frame a tenth of the quota), and the course page
// around the frame would rarely load offline anyway.
if ("serviceWorker" in navigator && !document.body.classList.contains("embed")) {
  const observer = new MutationObserver(() => {
    if (status.dataset.state !== "ready") return;
    observer.disconnect();
    keepForOffline();
  });
  observer.observe(status, { attributes: true, attributeFilter: ["data-state"] });
}

async function keepForOffline() {
  const line = document.createElement("p");
  line.id = "offline";
  line.className = "runtime";
  line.setAttribute("aria-live", "polite");
  status.parentElement.append(line);
  try {
    const registration = await navigator.serviceWorker.register("./sw.js");
    const installing = registration?.installing;
    if (installing && !registration.active) {
      line.textContent = "Saving the lab for offline use…";
      installing.addEventListener("statechange", () => {
        if (installing.state === "redundant" && !registration.active) {
          line.textContent = "The lab could not be saved for offline use; the next visit tries again.";
        }
      });
    }
    await navigator.serviceWorker.ready;
    line.textContent = "Ready to work offline.";
  } catch (error) {
    line.textContent = `The lab could not be saved for offline use: ${error.message}`;
  }
}
