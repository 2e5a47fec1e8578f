// The bridge between the page's Python and the model workers (worker.js, one per model). It moves texts,
// vectors, tokens and progress events, and computes nothing: Python does every sum and draws every bar.
//
//   raglabBridge.configure(settings)   where the models and the runtime are (from pyscript.json, via Python)
//   raglabBridge.events                an EventTarget: a "model" CustomEvent for every worker message (status,
//                                      progress, ready, done, vectors, kept, choice, error; not tokens), its detail the
//                                      message with `task` ("embed" | "generate") added
//   raglabBridge.load(task)            -> {id, ended}: the model's load (one per worker; a second call while it is
//                                      under way or done returns the same); ended: Promise of its last message,
//                                      {type: "ready", ...} or {type: "error", reason}
//   raglabBridge.vectors(texts)        -> {id, ended}: ended resolves with {type: "vectors", vectors: number[][],
//                                      measured?} or {type: "error", reason} (load the embedding model first);
//                                      measured: what this batch measured on WebGPU and WebAssembly (worker.js),
//                                      from which the page chooses a device (raglab.models.device_choice)
//   raglabBridge.keep(choice)          -> {id, ended}: choice {device, reason} (an object or its JSON), the
//                                      device the page chose; ended resolves with {type: "kept", device, dtype,
//                                      reason, ms_per_text} (remembered for later visits) or {type: "error", reason}
//   raglabBridge.embed(texts)          -> Promise<number[][]>: load, then vectors (rejects with an Error whose
//                                      `reason` says what failed); for scripts and tests
//   raglabBridge.generate(prompt, n, into) -> {id, ended}: ended resolves with {type: "done", ...} or
//                                      {type: "error", reason}; each token's text is appended to the text node
//                                      `into` as it arrives (here, not in Python: keeps the page responsive)
//   raglabBridge.interrupt(id)         stops generation `id`
//   raglabBridge.count(prompts)        -> Promise<{type: "counted", tokens: number[], context} | {type: "error", reason}>:
//                                      each prompt's tokens as the language model would read it (load it first)
//   raglabBridge.choose()              -> Promise<{type: "choice", device, dtype, reason} | {type: "error", reason}>
//   raglabBridge.stored()              -> Promise<{generate, embed, runtime}>: bytes of each in Cache Storage
//   raglabBridge.remove(part)          -> Promise<number>: bytes freed; a model's worker ends with it
//   raglabBridge.lastPrompt            the prompt the worker last received (for checking it byte for byte)
//
// Every request settles exactly once: with the worker's answer, or with an error when the worker fails. A failed
// load ends its worker (transformers.js 4.3.1 cannot load again in it), and when the files arrived but could not
// be read, their stored copies are removed so the next try downloads them afresh. A generation that ran out of
// memory ends its worker too (the WebAssembly memory it grew is never given back), and keeps the stored copies:
// the next question loads the model again from them.

const CACHE = "transformers-cache"; // where transformers.js keeps downloaded files
const FINAL = new Set(["ready", "vectors", "kept", "done", "choice", "counted", "error"]); // the last message of a request

const events = new EventTarget();
let settings = {};
let nextId = 1;

class ModelWorker {
  constructor(task) {
    this.task = task;
    this.worker = null;
    this.pending = new Map(); // request id -> {resolve, into}
    this.loading = null; // {id, ended} of this worker's load
  }

  start() {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    // Messages from a worker that has been replaced are dropped: their requests have already ended.
    worker.addEventListener("message", ({ data }) => worker === this.worker && this.receive(data));
    // A worker script that cannot be fetched or run, or that crashes: nothing pending will ever be answered.
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (worker === this.worker) this.end({ kind: "worker", message: event.message || "" });
    });
    this.worker = worker;
    return worker;
  }

  request(message, into = null) {
    const id = nextId++;
    const ended = new Promise((resolve) => this.pending.set(id, { resolve, into }));
    this.start().postMessage({ ...message, id });
    return { id, ended };
  }

  load() {
    if (!this.loading) {
      const { model, dtype, device, env } = settings[this.task];
      // The device the page chose on this device at an earlier visit, from what worker.js measured at first use.
      const measured = device === "auto" ? remembered(this.task) : null;
      // Each model brings its own settings: the embedding model is self-hosted, Qwen3 comes from a host.
      this.loading = this.request({
        type: "load", task: this.task, model, dtype, device: measured?.device ?? device, reason: measured?.reason,
        env: { ...settings.env, ...env },
      });
    }
    return this.loading;
  }

  receive(data) {
    const entry = this.pending.get(data.id);
    if (data.type === "token") {
      entry?.into?.appendData(data.text); // tokens are the hot path: they go straight to the page
      return;
    }
    if (data.type === "status" && data.stage === "generating") raglabBridge.lastPrompt = data.prompt;
    if (data.type === "error" && (data.id === this.loading?.id || data.reason?.kind === "memory")) {
      this.end(data.reason); // the load failed, or memory ran out: this worker cannot serve again
      return;
    }
    if (data.type === "kept" && data.ms_per_text?.webgpu) remember(this.task, data);
    if (data.type === "ready" && remembered(this.task) && remembered(this.task).device !== data.device) remember(this.task, null);
    emit({ ...data, task: this.task });
    if (entry && FINAL.has(data.type)) {
      this.pending.delete(data.id);
      entry.resolve(data);
    }
  }

  // The worker is gone (failed, or its model removed): every request still pending ends with `reason`.
  async end(reason) {
    this.worker?.terminate();
    this.worker = null;
    this.loading = null;
    const pending = [...this.pending];
    this.pending.clear();
    if (reason.kind === "content" || reason.kind === "worker") {
      // Damaged files may be stored: transformers.js stores a body before it reads it. Stored for the next try,
      // they would fail it too, and every later visit.
      await removeStored(this.task);
      await removeStored("runtime");
    }
    for (const [id, { resolve }] of pending) {
      const message = { type: "error", id, reason, task: this.task };
      emit(message);
      resolve(message);
    }
  }
}

// The device the page chose from the worker's measurement, kept for the next visits (in localStorage, per model and
// weights) with the reason the page gave. Only a choice from a real measurement is kept (both devices timed); where
// storage is blocked (some embedded pages), nothing is.
function storageKey(task) {
  return `raglab:device:${settings[task].model}:${settings[task].dtype}`;
}

// Only what remember() writes comes back: a device a worker can use and its reason (worker.js's REASON, as the page chose it). Anything else under the
// key (damaged, or written by another script of the origin) is no choice: the worker measures again, as at a first
// visit, rather than fail every load on a device that does not exist.
const DEVICES = new Set(["wasm", "webgpu"]);

function remembered(task) {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(task)));
    return DEVICES.has(kept?.device) && typeof kept.reason?.kind === "string" ? kept : null;
  } catch {
    return null;
  }
}

function remember(task, choice) {
  try {
    if (choice) localStorage.setItem(storageKey(task), JSON.stringify({ device: choice.device, reason: choice.reason }));
    else localStorage.removeItem(storageKey(task));
  } catch {
    // storage blocked: measured again next visit
  }
}

const workers = { embed: new ModelWorker("embed"), generate: new ModelWorker("generate") };

function emit(detail) {
  events.dispatchEvent(new CustomEvent("model", { detail }));
}

// Which stored files belong to what: a model's files sit under its id, the runtime is onnxruntime's .wasm/.mjs.
function belongsTo(part, url) {
  const path = decodeURIComponent(new URL(url).pathname);
  if (part === "runtime") return Object.values(settings.env?.wasmPaths ?? {}).some((p) => path.endsWith(new URL(p, location.href).pathname));
  return path.includes(`/${settings[part].model}/`);
}

async function storedEntries(part) {
  if (!("caches" in self)) return [];
  const cache = await caches.open(CACHE);
  const entries = [];
  for (const request of await cache.keys()) {
    if (!belongsTo(part, request.url)) continue;
    // A download written or removed meanwhile (transformers.js, or a broken file being forgotten) may be gone
    // between keys() and match(): it is not stored any more, so it is not counted.
    const response = await cache.match(request);
    if (response) entries.push([request, response]);
  }
  return entries;
}

async function size(response) {
  // The stored length when the response says it (no need to read hundreds of MB), else the body's size.
  const length = Number(response.headers.get("content-length"));
  return length > 0 ? length : (await response.blob()).size;
}

async function removeStored(part) {
  if (!("caches" in self)) return 0;
  const cache = await caches.open(CACHE);
  let bytes = 0;
  for (const [request, response] of await storedEntries(part)) {
    bytes += await size(response);
    await cache.delete(request);
  }
  return bytes;
}

const raglabBridge = {
  events,
  configure(value) {
    settings = typeof value === "string" ? JSON.parse(value) : value;
  },
  load(task) {
    return workers[task].load();
  },
  vectors(texts) {
    return workers.embed.request({ type: "embed", texts: Array.from(texts) });
  },
  keep(choice) {
    const { device, reason } = typeof choice === "string" ? JSON.parse(choice) : choice;
    return workers.embed.request({ type: "keep", device, reason });
  },
  async embed(texts) {
    const loaded = await workers.embed.load().ended;
    const answer = loaded.type === "error" ? loaded : await raglabBridge.vectors(texts).ended;
    if (answer.type === "error") throw Object.assign(new Error(answer.reason.message || answer.reason.kind), { reason: answer.reason });
    return answer.vectors;
  },
  generate(prompt, maxNewTokens, into) {
    return workers.generate.request({ type: "generate", prompt, max_new_tokens: maxNewTokens }, into);
  },
  interrupt(id) {
    workers.generate.worker?.postMessage({ type: "interrupt", id });
  },
  choose() {
    return workers.generate.request({ type: "choose" }).ended;
  },
  count(prompts) {
    return workers.generate.request({ type: "count", prompts: Array.from(prompts) }).ended;
  },
  async stored() {
    const bytes = {};
    for (const part of ["generate", "embed", "runtime"]) {
      bytes[part] = 0;
      for (const [, response] of await storedEntries(part)) bytes[part] += await size(response);
    }
    return bytes;
  },
  async remove(part) {
    if (workers[part]) await workers[part].end({ kind: "removed" });
    return removeStored(part);
  },
  lastPrompt: null,
};
window.raglabBridge = raglabBridge;
