// The bridge between the page's Python and the model worker (worker.js). It moves texts, vectors, tokens and
// progress events, and computes nothing: Python does every sum and draws every bar.
//
//   raglabBridge.configure(settings)   where the models and the runtime are (from pyscript.json, via Python)
//   raglabBridge.listen(fn)            fn(event) gets every worker message: status, progress, ready, token, done, error
//   raglabBridge.embed(texts)          -> Promise<number[][]> (loads the embedding model on first use)
//   raglabBridge.generate(prompt, n)   -> Promise<done message>; tokens arrive through listen()
//   raglabBridge.interrupt()

let worker = null;
let settings = {};
let listener = () => {};
let nextId = 1;
const waiting = new Map(); // request id -> {resolve, reject}
const loads = {}; // task -> {promise, resolve, reject}

function start() {
  if (worker) return worker;
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.addEventListener("message", ({ data }) => {
    const request = data.id !== undefined ? waiting.get(data.id) : undefined;
    if (data.type === "vectors" || data.type === "done") {
      waiting.delete(data.id);
      request?.resolve(data.type === "vectors" ? data.vectors : data);
    } else if (data.type === "ready") {
      loads[data.task]?.resolve(data);
    } else if (data.type === "error") {
      if (request) {
        waiting.delete(data.id);
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
    start().postMessage({ type: "load", task, model, dtype, device, env: { ...settings.env, ...env } });
  }
  return loads[task].promise;
}

function request(message) {
  const id = nextId++;
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
  async generate(prompt, maxNewTokens) {
    await load("generate");
    return request({ type: "generate", prompt, max_new_tokens: maxNewTokens });
  },
  interrupt() {
    worker?.postMessage({ type: "interrupt" });
  },
};
