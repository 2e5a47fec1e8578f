// The bridge between the page's Python and the model worker (worker.js). It moves texts, vectors, tokens and
// progress events, and computes nothing: Python does every sum and draws every bar.
//
//   raglabBridge.configure(settings)   where the models and the runtime are (from pyscript.json, via Python)
//   raglabBridge.listen(fn)            fn(event) gets every worker message: status, progress, ready, token, done, error
//   raglabBridge.embed(texts)          -> Promise<number[][]> (loads the embedding model on first use)
//   raglabBridge.generate(prompt, n, into) -> Promise<done message>; each token's text is appended to the text
//                                      node `into` as it arrives (here, not in Python: keeps the page responsive)
//   raglabBridge.interrupt()
//   raglabBridge.choose()              -> Promise<{device, dtype, reason}> for generation, nothing downloaded
//   raglabBridge.cachedBytes(model)    -> Promise<number>: bytes of that model in Cache Storage (0: not there)
//   raglabBridge.removeModel(model)    -> Promise<number>: bytes freed
//   raglabBridge.lastPrompt            the prompt the worker last received (for checking it byte for byte)

const CACHE = "transformers-cache"; // where transformers.js keeps downloaded files

let worker = null;
let settings = {};
let listener = () => {};
let nextId = 1;
const waiting = new Map(); // request id -> {resolve, reject}
const loads = {}; // task -> {promise, resolve, reject}
const streams = new Map(); // generate request id -> text node the tokens go to
let choosing = null;

function start() {
  if (worker) return worker;
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.addEventListener("message", ({ data }) => {
    const request = data.id !== undefined ? waiting.get(data.id) : undefined;
    if (data.type === "token") {
      streams.get(data.id)?.appendData(data.text);
      return; // tokens are the hot path: they go straight to the page
    }
    if (data.type === "vectors" || data.type === "done") {
      waiting.delete(data.id);
      streams.delete(data.id);
      request?.resolve(data.type === "vectors" ? data.vectors : data);
    } else if (data.type === "ready") {
      loads[data.task]?.resolve(data);
    } else if (data.type === "choice") {
      choosing?.resolve(data);
      choosing = null;
    } else if (data.type === "status" && data.stage === "generating") {
      window.raglabBridge.lastPrompt = data.prompt;
    } else if (data.type === "error") {
      if (request) {
        waiting.delete(data.id);
        streams.delete(data.id);
        request.reject(new Error(data.message));
      } else if (data.task && loads[data.task]) {
        loads[data.task].reject(new Error(data.message));
        delete loads[data.task]; // a failed load is tried again next time
      }
    }
    listener(data);
  });
  worker.addEventListener("error", (event) => listener({ type: "error", message: event.message || "the model worker failed" }));
  return worker;
}

function load(task) {
  if (!loads[task]) {
    const entry = {};
    entry.promise = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
    loads[task] = entry;
    const { model, dtype, device, env } = settings[task];
    // Each task brings its own model settings: the embedding model is self-hosted, Qwen3 comes from a host.
    start().postMessage({ type: "load", task, model, dtype, device, env: { ...settings.env, ...env } });
  }
  return loads[task].promise;
}

function request(message, into) {
  const id = nextId++;
  if (into) streams.set(id, into);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    start().postMessage({ ...message, id });
  });
}

window.raglabBridge = {
  configure(value) {
    settings = typeof value === "string" ? JSON.parse(value) : value;
  },
  listen(fn) {
    listener = fn;
  },
  load,
  async embed(texts) {
    await load("embed");
    return request({ type: "embed", texts: Array.from(texts) });
  },
  async generate(prompt, maxNewTokens, into) {
    await load("generate");
    return request({ type: "generate", prompt, max_new_tokens: maxNewTokens }, into);
  },
  interrupt() {
    worker?.postMessage({ type: "interrupt" });
  },
  choose() {
    if (!choosing) {
      choosing = {};
      choosing.promise = new Promise((resolve, reject) => Object.assign(choosing, { resolve, reject }));
      start().postMessage({ type: "choose" });
    }
    return choosing.promise;
  },
  async cachedBytes(model) {
    let bytes = 0;
    // The stored length when the response says it (no need to read hundreds of MB), else the body's size.
    for (const [, response] of await cachedEntries(model)) bytes += await size(response);
    return bytes;
  },
  async removeModel(model) {
    const cache = await caches.open(CACHE);
    let bytes = 0;
    for (const [request, response] of await cachedEntries(model)) {
      bytes += await size(response);
      await cache.delete(request);
    }
    return bytes;
  },
  lastPrompt: null,
};

async function size(response) {
  const length = Number(response.headers.get("content-length"));
  return length > 0 ? length : (await response.blob()).size;
}

async function cachedEntries(model) {
  if (!("caches" in self)) return [];
  const cache = await caches.open(CACHE);
  const entries = [];
  for (const request of await cache.keys()) {
    if (decodeURIComponent(request.url).includes(`/${model}/`)) entries.push([request, await cache.match(request)]);
  }
  return entries;
}
