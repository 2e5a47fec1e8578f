// ESLint for the page's JavaScript (web/*.js): the recommended rules, and each file with the globals of the place it
// runs in and nothing more (a worker has no `document`). Run by `make lint` and `make test`.
import js from "@eslint/js";
import globals from "globals";

const WORKER = "web/worker.js"; // a module Web Worker: new Worker(url, {type: "module"}) in bridge.js
const DOCX_WORKER = "web/docx_worker.js"; // a classic Web Worker: new Worker(url) in documents.js (importScripts)
const SERVICE_WORKER = "web/sw.js"; // a classic script: navigator.serviceWorker.register("./sw.js") in boot.js

export default [
  { ignores: ["dist/", ".cache/", "node_modules/"] },
  js.configs.recommended,
  {
    files: ["web/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // The page's modules: <script type="module"> in index.html, and the modules they import.
    files: ["web/*.js"],
    ignores: [WORKER, DOCX_WORKER, SERVICE_WORKER],
    languageOptions: { globals: globals.browser },
  },
  { files: [WORKER], languageOptions: { globals: globals.worker } },
  { files: [DOCX_WORKER], languageOptions: { sourceType: "script", globals: globals.worker } },
  { files: [SERVICE_WORKER], languageOptions: { sourceType: "script", globals: globals.serviceworker } },
];
