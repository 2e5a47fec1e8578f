// The lab's one model worker (loaded by bridge.js): embeds texts (all-MiniLM-L6-v2) and generates answers (Qwen3-0.6B) with
// transformers.js 4.3.1, off the main thread. A module Web Worker: new Worker(url, {type: "module"}).
//
// Messages in (postMessage to the worker):
//   {type: "load", task: "embed" | "generate", model, dtype?, device?, env?}
//       dtype/device default to "auto": for "generate" the worker picks (see chooseDevice), for "embed" it is
//       "fp16" on "wasm". env: transformers.js settings to apply first, e.g. {localModelPath: "/models/",
//       allowLocalModels: true, allowRemoteModels: false, remoteHost, wasmPaths: {mjs, wasm}}.
//   {type: "embed", id, texts}                          texts: string[]
//   {type: "generate", id, prompt | messages, max_new_tokens?, options?}
//       prompt: the user turn, sent as is; messages: [{role, content}] for a whole chat. Both go through the
//       model's chat template with enable_thinking: false. options: do_sample, temperature, top_k, top_p,
//       repetition_penalty (default do_sample: false, i.e. greedy, so the same prompt gives the same answer).
//   {type: "interrupt"}                                 stops the running generation after its current token
//   {type: "choose"}                                    which device and dtype "generate" would use, and why
//
// Messages out:
//   {type: "status", task, stage, message, ...}         stage: "loading" | "choosing" | "warming" | "generating"
//       the "generating" status also carries {id, prompt, messages, input_text, input_tokens}: what the
//       worker received and the exact text the model reads (the chat template applied), for checking.
//   {type: "progress", task, file, loaded, total}       bytes of one file as they arrive (file relative to the
//       model folder, e.g. "onnx/model_q4.onnx"; task "runtime" for onnxruntime's own .wasm); none from cache
//   {type: "ready", task, model, device, dtype, reason, ms}  reason: why this device and dtype, in words;
//       ms: how long the load took in the worker (download, or Cache Storage, plus compiling the runtime)
//   {type: "token", id, text, tokens}                   a piece of the answer; tokens: how many so far
//   {type: "done", id, text, tokens, interrupted, first_token_ms, ms}
//   {type: "vectors", id, vectors}                      vectors: number[][], mean-pooled and normalised
//   {type: "choice", task, device, dtype, reason}       the answer to "choose" (nothing is downloaded)
//   {type: "error", id?, task?, message}

import {
  AutoModelForCausalLM,
  AutoTokenizer,
  InterruptableStoppingCriteria,
  TextStreamer,
  env,
  pipeline,
} from "./transformers/transformers.min.js";

const MAX_NEW_TOKENS = 512; // the ceiling, whatever a caller asks for
const DEFAULT_NEW_TOKENS = 256;
const GENERATION_OPTIONS = ["do_sample", "temperature", "top_k", "top_p", "repetition_penalty"];

const loaded = {}; // task -> Promise of the loaded model (a lazy singleton per task)
const stopping = new InterruptableStoppingCriteria();
let generating = false;

const post = (message) => self.postMessage(message);

self.addEventListener("message", async ({ data }) => {
  try {
    if (data.type === "load") await load(data);
    else if (data.type === "embed") await embed(data);
    else if (data.type === "generate") await generate(data);
    else if (data.type === "interrupt") stopping.interrupt();
    else if (data.type === "choose") post({ type: "choice", task: "generate", ...(await chooseDevice()) });
    else throw new Error(`unknown message type "${data.type}"`);
  } catch (error) {
    post({ type: "error", id: data.id, task: data.task, message: String(error?.message ?? error) });
  }
});

function applyEnv(settings = {}) {
  for (const key of ["localModelPath", "allowLocalModels", "allowRemoteModels", "remoteHost", "remotePathTemplate", "useBrowserCache"]) {
    if (key in settings) env[key] = settings[key];
  }
  // An object {mjs, wasm} (not a folder) also lets transformers.js keep the 27 MB runtime in Cache Storage.
  if (settings.wasmPaths) env.backends.onnx.wasm.wasmPaths = settings.wasmPaths;
}

// Progress is counted on the bytes as they arrive, through env.fetch. The obvious way, a progress_callback for
// from_pretrained, makes transformers.js 4.3.1 first probe the size of every file it will need: a 1-byte Range
// request on the hub, but a plain GET for a model under localModelPath, which downloads each self-hosted file
// twice (measured: both GETs of model_q4.onnx sent in full).
const owners = []; // [model id, task]: which load a URL belongs to
const PROGRESS_EVERY_MS = 50;

function fetchWithProgress(url, init) {
  return fetch(url, init).then((response) => {
    const probe = init?.headers instanceof Headers && init.headers.has("Range");
    if (!response.ok || !response.body || probe) return response;
    const path = decodeURIComponent(new URL(String(url), self.location.href).pathname);
    const owner = owners.find(([model]) => path.includes(`/${model}/`));
    const task = owner?.[1] ?? "runtime";
    const file = owner ? path.slice(path.indexOf(`/${owner[0]}/`) + owner[0].length + 2) : path.split("/").pop();
    let total = Number(response.headers.get("content-length")) || 0;
    let loaded = 0;
    let postedAt = 0;
    const report = (force) => {
      if (!force && performance.now() - postedAt < PROGRESS_EVERY_MS) return;
      postedAt = performance.now();
      total = Math.max(total, loaded); // a compressed response counts more bytes than its content-length
      post({ type: "progress", task, file, loaded, total });
    };
    const counter = new TransformStream({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        report(false);
        controller.enqueue(chunk);
      },
      flush() {
        report(true);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  });
}
env.fetch = fetchWithProgress;

async function load({ task, model, dtype = "auto", device = "auto", env: settings }) {
  applyEnv(settings);
  owners.push([model, task]);
  const started = performance.now();
  if (!loaded[task]) {
    if (task === "embed") loaded[task] = loadEmbedder(model, dtype, device);
    else if (task === "generate") loaded[task] = loadGenerator(model, dtype, device);
    else throw new Error(`unknown task "${task}"`);
    loaded[task].catch(() => delete loaded[task]); // a failed load can be retried with a new "load"
  }
  const { device: used, dtype: usedDtype, reason } = await loaded[task];
  post({ type: "ready", task, model, device: used, dtype: usedDtype, reason, ms: Math.round(performance.now() - started) });
}

async function loadEmbedder(model, dtype, device) {
  post({ type: "status", task: "embed", stage: "loading", message: `loading ${model}` });
  const choice = {
    device: device === "auto" ? "wasm" : device,
    dtype: dtype === "auto" ? "fp16" : dtype,
    reason: "a small model: WASM is fast enough and works everywhere",
  };
  const extractor = await pipeline("feature-extraction", model, {
    device: choice.device,
    dtype: choice.dtype,
  });
  return { ...choice, extractor };
}

// WebGPU with q4f16 when the GPU does 16-bit float arithmetic, WebGPU with q4 when it does not, else WASM
// with q4. The reason is shown to the visitor as is.
async function chooseDevice() {
  if (!("gpu" in navigator)) {
    return { device: "wasm", dtype: "q4", reason: "this browser has no WebGPU, so the model runs on the CPU (WebAssembly)" };
  }
  let adapter = null;
  try {
    adapter = await navigator.gpu.requestAdapter();
  } catch {
    adapter = null;
  }
  if (!adapter) {
    return { device: "wasm", dtype: "q4", reason: "WebGPU found no usable graphics adapter, so the model runs on the CPU (WebAssembly)" };
  }
  if (adapter.info?.isFallbackAdapter) {
    return { device: "wasm", dtype: "q4", reason: "the only WebGPU adapter is a software fallback, so the model runs on the CPU (WebAssembly)" };
  }
  if (adapter.features.has("shader-f16")) {
    return { device: "webgpu", dtype: "q4f16", reason: "the GPU supports 16-bit floats (shader-f16): WebGPU with 4-bit weights and 16-bit arithmetic" };
  }
  return { device: "webgpu", dtype: "q4", reason: "the GPU lacks 16-bit floats (shader-f16): WebGPU with 4-bit weights and 32-bit arithmetic" };
}

async function loadGenerator(model, dtype, device) {
  post({ type: "status", task: "generate", stage: "choosing", message: "checking for WebGPU" });
  let choice =
    device === "auto" ? await chooseDevice() : { device, dtype: dtype === "auto" ? "q4" : dtype, reason: "set by the page" };
  if (dtype !== "auto") choice = { ...choice, dtype };
  post({ type: "status", task: "generate", stage: "loading", message: `loading ${model} (${choice.dtype}, ${choice.device})` });
  const tokenizer = await AutoTokenizer.from_pretrained(model);
  let net;
  try {
    net = await AutoModelForCausalLM.from_pretrained(model, { dtype: choice.dtype, device: choice.device });
  } catch (error) {
    if (choice.device !== "webgpu") throw error;
    // An adapter can exist and still fail to create the session (driver limits, lost device): fall back.
    choice = { device: "wasm", dtype: "q4", reason: `WebGPU failed (${error?.message ?? error}), so the model runs on the CPU (WebAssembly)` };
    net = await AutoModelForCausalLM.from_pretrained(model, { dtype: choice.dtype, device: choice.device });
  }
  yieldBeforeEachStep(net);
  if (choice.device === "webgpu") {
    // The first run compiles the GPU shaders; do it now rather than on the visitor's first question.
    post({ type: "status", task: "generate", stage: "warming", message: "compiling shaders" });
    const inputs = tokenizer("a");
    await net.generate({ ...inputs, max_new_tokens: 1 });
  }
  return { ...choice, tokenizer, model: net };
}

// On WASM a whole generation runs without giving this worker's event loop a turn (onnxruntime's run settles in
// microtasks), so an "interrupt" message would only be read after the last token. One task's pause before
// each model step lets it in. A MessageChannel, not setTimeout: nested timers are clamped to 4 ms.
function yieldBeforeEachStep(model) {
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  const nextTask = () => new Promise((resolve) => { waiting.push(resolve); channel.port2.postMessage(null); });
  const forward = model.forward.bind(model);
  model.forward = async (inputs) => {
    await nextTask();
    return forward(inputs);
  };
}

async function ready(task) {
  if (!loaded[task]) throw new Error(`send {type: "load", task: "${task}"} first`);
  return loaded[task];
}

async function embed({ id, texts }) {
  const { extractor } = await ready("embed");
  // pooling and normalize belong to the call: given to pipeline() they are silently ignored.
  const output = await extractor(texts, { pooling: "mean", normalize: true });
  post({ type: "vectors", id, vectors: output.tolist() });
}

async function generate({ id, prompt, messages, max_new_tokens = DEFAULT_NEW_TOKENS, options = {} }) {
  const { tokenizer, model } = await ready("generate");
  if (generating) throw new Error("already generating: send interrupt first");
  generating = true;
  try {
    const started = performance.now();
    const chat = messages ?? [{ role: "user", content: prompt }];
    const inputs = tokenizer.apply_chat_template(chat, {
      add_generation_prompt: true,
      enable_thinking: false,
      return_dict: true,
    });
    const input_ids = Array.from(inputs.input_ids.data, Number);
    post({
      type: "status",
      task: "generate",
      stage: "generating",
      id,
      prompt,
      messages,
      input_text: tokenizer.decode(input_ids, { skip_special_tokens: false }),
      input_tokens: input_ids.length,
    });

    let tokens = 0;
    let first_token_ms = null;
    let text = "";
    const streamer = new TextStreamer(tokenizer, {
      skip_prompt: true,
      skip_special_tokens: true,
      token_callback_function: () => {
        tokens += 1;
        first_token_ms ??= performance.now() - started;
      },
      callback_function: (piece) => {
        // TextStreamer holds a piece back until a word is complete; empty pieces carry nothing to show.
        if (!piece) return;
        text += piece;
        post({ type: "token", id, text: piece, tokens });
      },
    });
    const settings = { do_sample: false };
    for (const key of GENERATION_OPTIONS) if (key in options) settings[key] = options[key];

    stopping.reset();
    await model.generate({
      ...inputs,
      ...settings,
      max_new_tokens: Math.min(max_new_tokens, MAX_NEW_TOKENS),
      streamer,
      stopping_criteria: stopping,
    });
    post({
      type: "done",
      id,
      text,
      tokens,
      interrupted: stopping.interrupted,
      first_token_ms,
      ms: performance.now() - started,
    });
  } finally {
    generating = false;
  }
}
