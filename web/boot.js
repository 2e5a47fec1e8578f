// Boot only: PyScript (loaded next to this file by index.html) starts Pyodide and runs main.py,
// which renders everything and sets the status line to "Ready" (or to its own error). This file
// just makes a failed start visible, so the page never says "Loading Python…" forever.
// No lab logic lives in JS.

const status = document.getElementById("status");

function showStartFailure(reason) {
  if (status.dataset.state) return; // main.py got there first: "ready" or its own error
  status.dataset.state = "error";
  status.textContent = `Python could not start: ${reason}`;
}

addEventListener("error", (event) => showStartFailure(event.message));
addEventListener("unhandledrejection", (event) => showStartFailure(String(event.reason)));

// PyScript and Pyodide swallow some failed downloads (pyscript.json, the .wasm) and then wait
// forever, so also watch for any of the site's files answering with an HTTP error.
// (responseStatus is Chromium-only; elsewhere it is undefined and this stays quiet.)
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    if (entry.responseStatus >= 400) showStartFailure(`${entry.name} answered ${entry.responseStatus}`);
  }
}).observe({ type: "resource", buffered: true });

// Embed mode (?embed=1&technique=graph): one technique, nothing around it, for an iframe in a course page.
// Set here, before Python loads, so an embedded lab never flashes the whole page. Display only.
const params = new URLSearchParams(location.search);
if (params.get("embed") === "1") {
  document.body.classList.add("embed");
  const key = (params.get("technique") || "plain").replace("-", "_");
  (document.getElementById(key) || document.querySelector("section.technique"))?.classList.add("shown");
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
