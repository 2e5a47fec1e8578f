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
