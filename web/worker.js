// One model worker (started by bridge.js, one per model: the embedding model and the language model each get
// their own): transformers.js 4.3.1 off the main thread. A module Web Worker: new Worker(url, {type: "module"}).
//
// Why one worker per model: transformers.js keeps its settings (`env`) in one global, and 4.3.1 chains every
// model load behind the previous one, so after one rejected load every later load in that worker rejects with
// the same error (measured). A worker of its own gives each model its own settings, and a failed load is undone
// by ending the worker: bridge.js terminates it and starts a new one for the next try.
//
// Every message in carries an `id` (the request it starts, chosen by the page) and every message out names the
// request it belongs to, so the page can ignore what comes from a request that has ended.
//
// Messages in:
//   {type: "load", id, model, dtype?, device?, reason?, env?}    once per worker; dtype/device "auto" by default: for a
//       causal LM the worker picks (see chooseDevice), for feature extraction "fp16", and WebAssembly, with
//       WebGPU measured beside it at first use for the page to choose (see loadEmbedder); reason: why a device given was chosen
//       (e.g. measured on an earlier visit), as a REASON below. env: the
//       transformers.js settings of this load, e.g. {localModelPath, allowLocalModels, allowRemoteModels,
//       remoteHost, wasmPaths: {mjs, wasm}}; task: "embed" | "generate".
//   {type: "embed", id, texts}                          texts: string[]
//   {type: "generate", id, prompt | messages, max_new_tokens?, options?}
//       prompt: the user turn, sent as is; messages: [{role, content}] for a whole chat. Both go through the
//       model's chat template with enable_thinking: false. options: do_sample, temperature, top_k, top_p,
//       repetition_penalty (default do_sample: false, i.e. greedy, so the same prompt gives the same answer).
//   {type: "interrupt", id}                             stops generation `id` after its current token (also when
//                                                       it arrives before that generation has started)
//   {type: "choose", id}                                which device and dtype a causal LM would use, and why
//   {type: "count", id, prompts}                        prompts: string[]; each one's tokens as the model would
//                                                       read it (the chat template applied, as in generate)
//   {type: "keep", id, device, reason}                  after a batch that measured: the embedding model's device
//       the page chose from what was measured (raglab.models.device_choice), "wasm" | "webgpu", and why (a REASON);
//       the worker makes every later batch there and releases the other device's model
//
// Messages out (each with the id of its request):
//   {type: "status", id, stage, message, ...}           stage: "loading" | "choosing" | "warming" | "measuring" | "generating"
//       the "generating" status also carries {prompt, messages, input_text, input_tokens}: what the worker
//       received and the exact text the model reads (the chat template applied), for checking.
//   {type: "progress", id, file, runtime, loaded, total} bytes of one file as they arrive (file relative to the
//       model folder, e.g. "onnx/model_q4.onnx"; runtime: true for onnxruntime's own .wasm); none from cache
//   {type: "ready", id, model, device, dtype, reason, measure_at, ms, threads}  reason: why this device and dtype (a REASON); measure_at: see load;
//       threads: how many WebAssembly threads onnxruntime runs on (see THREADS);
//       ms: how long the load took in the worker (download, or Cache Storage, plus compiling the runtime)
//   {type: "token", id, text, tokens}                   a piece of the answer; tokens: how many so far
//   {type: "done", id, text, tokens, interrupted, first_token_ms, ms}
//   {type: "vectors", id, vectors, measured?}           vectors: number[][], mean-pooled and normalised, made on
//       the device kept (WebAssembly while none is); measured, when this batch measured WebGPU: {webgpu, ms_per_text:
//       {wasm, webgpu?}, failure?}: webgpu, the vectors of the batch's first texts on WebGPU (their WebAssembly
//       ones are the batch's first), or null when WebGPU failed (failure: its REASON, "webgpu-failed"); ms_per_text,
//       the milliseconds a text took on each device. The worker compares nothing: the page sends "keep".
//   {type: "kept", id, device, dtype, reason, ms_per_text}  the answer to "keep": ms_per_text as measured
//   {type: "choice", id, device, dtype, reason}         the answer to "choose" (nothing is downloaded)
//   REASON: the facts of a device's choice, which the page words (raglab.page.device_reason): {kind} with kind
//       "set" (given by the page), "no-webgpu", "no-adapter", "software-adapter", "no-f16" / "f16" {dtype}
//       (the adapter's shader-f16), "webgpu-failed" {message}, "to-measure" (WebAssembly until a batch measures
//       WebGPU); and, from the page's choice after a measurement, "measured" {device, ms_per_text: {wasm, webgpu}},
//       "differed" {cosine} (WebGPU's vectors were not WebAssembly's)
//   {type: "counted", id, tokens, context, shape, device_gb}  the answer to "count": tokens: number[], one a prompt;
//       context: the model's context in tokens (its config's max_position_embeddings); shape: its config's vocab,
//       layers, heads, kv_heads and head_dim (raglab.models.model_memory estimates the memory a prompt needs from
//       them); device_gb: navigator.deviceMemory, the device's memory in GB, or null where the browser does not say
//   {type: "error", id, reason}                         reason: {kind, message, file?, runtime?, status?, status_text?}
//       kind: "http" (the server answered with an error), "network" (no answer, or cut off), "content" (the
//       files arrived but could not be read), "request" (a message the worker cannot serve), "memory" (generation
//       ran out of memory: the files are fine; reason.tokens: the prompt's tokens), "generation" (any other failure
//       while answering; the model stays loaded).

import {
  AutoModelForCausalLM,
  AutoTokenizer,
  InterruptableStoppingCriteria,
  TextStreamer,
  env,
  pipeline,
} from "./transformers/transformers.min.js";

// onnxruntime-web's WebAssembly threads: one unless the page is cross-origin isolated (sw.js makes the full lab so
// from its second visit; an embed is isolated only if its host page is), then one a core, at most MAX_THREADS.
// onnxruntime's own default when isolated is half the cores (at most 4): on this 2-core machine that is 1 thread,
// while 2 embedded 1.69x faster (bench/README.md, "Threads"). MAX_THREADS is onnxruntime's own ceiling: past it
// the model's small matrices gain little and the page's own thread is starved.
const MAX_THREADS = 4;
const THREADS = self.crossOriginIsolated ? Math.max(1, Math.min(MAX_THREADS, navigator.hardwareConcurrency || 1)) : 1;
env.backends.onnx.wasm.numThreads = THREADS;

const MAX_NEW_TOKENS = 512; // the ceiling, whatever a caller asks for
const DEFAULT_NEW_TOKENS = 256;
const GENERATION_OPTIONS = ["do_sample", "temperature", "top_k", "top_p", "repetition_penalty"];
const ENV_KEYS = ["localModelPath", "allowLocalModels", "allowRemoteModels", "remoteHost", "remotePathTemplate"];

let loading = null; // {id, model, promise, problem}: this worker's one load (problem: its first failed download)
const stopping = new InterruptableStoppingCriteria();
const interrupted = new Set(); // ids of generations asked to stop, possibly before they started
let generating = null; // id of the generation under way

const post = (message) => self.postMessage(message);

class RequestError extends Error {}

// onnxruntime-web's words when a run cannot allocate (C++'s std::bad_alloc through OrtRun, ERROR_CODE 6), or when a
// tensor's size overflows WebAssembly's 32-bit addresses (SafeIntOnOverflow, ERROR_CODE 1: the stand-in Qwen3's
// attention on a 13,000-token prompt, measured), and the engine's when WebAssembly memory cannot grow: the
// device's memory, not the files, so the stored copy stays.
const OUT_OF_MEMORY = /bad_alloc|SafeIntOnOverflow|out of memory|allocation failed|maximum memory size/i;

class GenerationError extends Error {}

class OutOfMemory extends Error {
  constructor(message, tokens) {
    super(message);
    this.tokens = tokens;
  }
}

self.addEventListener("message", async ({ data }) => {
  try {
    if (data.type === "load") await load(data);
    else if (data.type === "embed") await embed(data);
    else if (data.type === "generate") await generate(data);
    else if (data.type === "interrupt") interrupt(data.id);
    else if (data.type === "choose") post({ type: "choice", id: data.id, ...(await chooseDevice()) });
    else if (data.type === "count") await count(data);
    else if (data.type === "keep") await keep(data);
    else throw new RequestError(`unknown message type "${data.type}"`);
  } catch (error) {
    post({ type: "error", id: data.id, reason: reasonOf(error) });
  }
});

// What went wrong, as data the page turns into a sentence: the download that failed if one did (a sibling
// download's own error can come first or later, so the first failed download is kept per load), else the error.
function reasonOf(error) {
  if (loading?.problem) return loading.problem;
  if (error instanceof RequestError) return { kind: "request", message: error.message };
  if (error instanceof OutOfMemory) return { kind: "memory", message: error.message, tokens: error.tokens };
  if (error instanceof GenerationError) return { kind: "generation", message: error.message };
  return { kind: "content", message: String(error?.message ?? error) };
}

// Every file goes through here (env.fetch), for two reasons.
// 1. Progress, counted on the bytes as they arrive. A progress_callback for from_pretrained would make
//    transformers.js 4.3.1 first probe the size of every file: a 1-byte Range request on the hub, but a plain GET
//    for a model under localModelPath, which downloads each self-hosted file twice (measured).
// 2. Errors. For a model under localModelPath transformers.js treats only a 404 as an error and parses a 500's
//    body as the model ("protobuf parsing failed"); for the hub it ignores a failed optional file. Here any answer
//    that is not OK, and any connection that fails, fails the load with the file's name and the server's words.
const PROGRESS_EVERY_MS = 50;

async function fetchWithProgress(url, init) {
  const address = new URL(String(url), self.location.href);
  const file = fileOf(address);
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw failedDownload({ kind: "network", ...file, message: String(error?.message ?? error) });
  }
  if (!response.ok) {
    throw failedDownload({ kind: "http", ...file, status: response.status, status_text: response.statusText });
  }
  const probe = init?.headers instanceof Headers && init.headers.has("Range");
  if (!loading || !response.body || probe) return response;
  const { id } = loading;
  let total = Number(response.headers.get("content-length")) || 0;
  let loaded = 0;
  let postedAt = 0;
  const report = (force) => {
    if (!force && performance.now() - postedAt < PROGRESS_EVERY_MS) return;
    postedAt = performance.now();
    total = Math.max(total, loaded); // a compressed response counts more bytes than its content-length
    post({ type: "progress", id, ...file, loaded, total });
  };
  // Read by hand rather than piped, so that a connection cut mid-body is named (the file) before transformers.js
  // sees the error.
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        controller.error(failedDownload({ kind: "network", ...file, message: String(error?.message ?? error) }));
        return;
      }
      if (chunk.done) {
        report(true);
        controller.close();
        return;
      }
      loaded += chunk.value.byteLength;
      report(false);
      controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
env.fetch = fetchWithProgress;

function fileOf(address) {
  const path = decodeURIComponent(address.pathname);
  const model = loading?.model;
  if (model && path.includes(`/${model}/`)) {
    let file = path.slice(path.indexOf(`/${model}/`) + model.length + 2);
    if (file.startsWith("resolve/main/")) file = file.slice("resolve/main/".length); // the hub's layout
    return { file, runtime: false };
  }
  return { file: path.split("/").pop(), runtime: true };
}

function failedDownload(problem) {
  if (loading && !loading.problem) loading.problem = problem;
  return new Error(problem.kind === "http" ? `${problem.file}: ${problem.status}` : problem.message);
}

async function load({ id, task, model, dtype = "auto", device = "auto", reason = { kind: "set" }, env: settings = {} }) {
  if (loading && loading.model !== model) throw new RequestError(`this worker serves ${loading.model}`);
  if (!loading) {
    for (const key of ENV_KEYS) if (key in settings) env[key] = settings[key];
    // An object {mjs, wasm} (not a folder) also lets transformers.js keep the 27 MB runtime in Cache Storage.
    if (settings.wasmPaths) env.backends.onnx.wasm.wasmPaths = settings.wasmPaths;
    loading = { id, model, problem: null };
    const make = task === "embed" ? loadEmbedder : task === "generate" ? loadGenerator : null;
    if (!make) throw new RequestError(`unknown task "${task}"`);
    loading.promise = make(id, model, dtype, device, reason);
  }
  const started = performance.now();
  const { device: used, dtype: usedDtype, reason: why, trial } = await loading.promise;
  // measure_at: a batch of at least this many texts measures WebGPU against WebAssembly (see embed); 0 once nothing is left to measure.
  const measureAt = trial ? MEASURE_AT : 0;
  const ms = Math.round(performance.now() - started);
  post({ type: "ready", id, model, device: used, dtype: usedDtype, reason: why, measure_at: measureAt, ms, threads: THREADS });
}

// The embedding model runs on WebAssembly, and also on WebGPU when the device has an adapter that can run its
// weights (fp16 needs the adapter feature shader-f16). Then both are measured here, on this device, at first use
// (short passages can be faster on WebAssembly): the first batch of at least MEASURE_AT texts is embedded on
// WebAssembly, and its first MEASURE_AT texts on WebGPU too (the model is loaded there only then), each timed after
// a one-text warm-up (which compiles the GPU shaders). The page chooses from the vectors and timings (the core's
// raglab.models.device_choice) and sends "keep"; the device kept makes every later batch, the other is released.
// A software WebGPU adapter is measured like any other.
const MEASURE_AT = 8;
const failed = (error) => ({ kind: "webgpu-failed", message: String(error?.message ?? error) });

async function loadEmbedder(id, model, dtype, device, given) {
  post({ type: "status", id, stage: "loading", message: `loading ${model}` });
  dtype = dtype === "auto" ? "fp16" : dtype;
  const make = (on) => pipeline("feature-extraction", model, { device: on, dtype });
  if (device !== "auto") {
    try {
      return { device, dtype, reason: given, extractor: await make(device), runs: new Set() };
    } catch (error) {
      if (device !== "webgpu" || loading.problem) throw error;
      // WebGPU measured faster on an earlier visit, and gone now (another browser setting, a lost adapter).
      return { device: "wasm", dtype, reason: failed(error), extractor: await make("wasm"), runs: new Set() };
    }
  }
  const extractor = await make("wasm");
  const gpu = await webgpuFor(dtype);
  if (!gpu.usable) return { device: "wasm", dtype, reason: gpu.reason, extractor, runs: new Set() };
  // Loaded for WebGPU only when there is a batch to measure with: a visitor who only asks questions never waits for it.
  const trial = () => make("webgpu");
  return { device: "wasm", dtype, reason: { kind: "to-measure" }, extractor, trial, runs: new Set() };
}

// The device's WebGPU adapter, or null when there is none (requestAdapter answers null, or throws on some devices).
async function gpuAdapter() {
  try {
    return await navigator.gpu.requestAdapter();
  } catch {
    return null;
  }
}

// Whether this device's WebGPU can run weights of `dtype`, and if not, why (a REASON).
async function webgpuFor(dtype) {
  if (!("gpu" in navigator)) return { usable: false, reason: { kind: "no-webgpu" } };
  const adapter = await gpuAdapter();
  if (!adapter) return { usable: false, reason: { kind: "no-adapter" } };
  if (dtype.includes("16") && !adapter.features.has("shader-f16")) {
    return { usable: false, reason: { kind: "no-f16", dtype } };
  }
  return { usable: true };
}

// The first batch of at least MEASURE_AT texts (see loadEmbedder): its vectors, made on WebAssembly, and what was
// measured (see "vectors" above). Both models stay loaded until the page says which to keep.
async function measure(id, state, texts) {
  const timed = {};
  const time = async (device, extractor, batch) => {
    await vectorsOf(extractor, batch.slice(0, 1)); // warm-up: the first run compiles and allocates
    const started = performance.now();
    const vectors = await vectorsOf(extractor, batch);
    timed[device] = (performance.now() - started) / batch.length;
    return vectors;
  };
  const vectors = await time("wasm", state.extractor, texts);
  const measured = { webgpu: null, ms_per_text: timed };
  try {
    post({ type: "status", id, stage: "measuring", message: "loading the model on WebGPU too, to measure which is faster" });
    state.gpu = await state.trial();
    measured.webgpu = await time("webgpu", state.gpu, texts.slice(0, MEASURE_AT));
  } catch (error) {
    if (loading.problem) throw error; // a download failed: not WebGPU's fault
    measured.failure = failed(error);
  }
  state.trial = null;
  state.measured = timed;
  return { vectors, measured };
}

// The device the page chose after a measurement: every later batch is made there, and the other device's model is
// released once the runs already under way on it are done.
async function keep({ id, device, reason }) {
  const state = await ready();
  if (!state.measured) throw new RequestError("nothing measured: there is no device to choose");
  if (device !== "wasm" && !(device === "webgpu" && state.gpu)) throw new RequestError(`no model on "${device}"`);
  const [kept, released] = device === "webgpu" ? [state.gpu, state.extractor] : [state.extractor, state.gpu];
  const ms_per_text = state.measured;
  Object.assign(state, { extractor: kept, gpu: null, measured: null, device, reason });
  await Promise.allSettled([...state.runs]);
  await released?.dispose?.();
  post({ type: "kept", id, device, dtype: state.dtype, reason, ms_per_text });
}

// WebGPU with q4f16 when the GPU does 16-bit float arithmetic, WebGPU with q4 when it does not, else WASM
// with q4, and why (a REASON: the page says it after the device and weights it explains).
async function chooseDevice() {
  if (!("gpu" in navigator)) {
    return { device: "wasm", dtype: "q4", reason: { kind: "no-webgpu" } };
  }
  const adapter = await gpuAdapter();
  if (!adapter) {
    return { device: "wasm", dtype: "q4", reason: { kind: "no-adapter" } };
  }
  if (adapter.info?.isFallbackAdapter) {
    return { device: "wasm", dtype: "q4", reason: { kind: "software-adapter" } };
  }
  if (adapter.features.has("shader-f16")) {
    return { device: "webgpu", dtype: "q4f16", reason: { kind: "f16", dtype: "q4f16" } };
  }
  return { device: "webgpu", dtype: "q4", reason: { kind: "no-f16", dtype: "q4" } };
}

async function loadGenerator(id, model, dtype, device, given) {
  post({ type: "status", id, stage: "choosing", message: "checking for WebGPU" });
  let choice =
    device === "auto" ? await chooseDevice() : { device, dtype: dtype === "auto" ? "q4" : dtype, reason: given };
  if (dtype !== "auto") choice = { ...choice, dtype };
  post({ type: "status", id, stage: "loading", message: `loading ${model} (${choice.dtype}, ${choice.device})` });
  const tokenizer = await AutoTokenizer.from_pretrained(model);
  let net;
  try {
    net = await AutoModelForCausalLM.from_pretrained(model, { dtype: choice.dtype, device: choice.device });
  } catch (error) {
    if (choice.device !== "webgpu" || loading.problem) throw error;
    // An adapter can exist and still fail to create the session (driver limits, lost device): fall back.
    choice = { device: "wasm", dtype: "q4", reason: failed(error) };
    net = await AutoModelForCausalLM.from_pretrained(model, { dtype: choice.dtype, device: choice.device });
  }
  yieldBeforeEachStep(net);
  if (choice.device === "webgpu") {
    // The first run compiles the GPU shaders; do it now rather than on the visitor's first question.
    post({ type: "status", id, stage: "warming", message: "compiling shaders" });
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

async function ready() {
  if (!loading) throw new RequestError('send {type: "load"} first');
  return loading.promise;
}

function interrupt(id) {
  interrupted.add(id);
  if (generating === id) stopping.interrupt();
}

async function embed({ id, texts }) {
  const state = await ready();
  if (state.trial && !state.measuring && texts.length >= MEASURE_AT) {
    state.measuring = measure(id, state, texts);
    post({ type: "vectors", id, ...(await state.measuring) });
    return;
  }
  await state.measuring; // another request is measuring: this one waits (on WebAssembly until the page says "keep")
  const run = vectorsOf(state.extractor, texts);
  state.runs.add(run);
  try {
    post({ type: "vectors", id, vectors: await run });
  } finally {
    state.runs.delete(run);
  }
}

// Each text's unit vector, one text a model run, as raglab.models.onnx_embed does in CPython: a vector depends on
// its text alone (in a run of several, q8 quantizes the whole batch's activations with one scale, so a text's vector
// moves with its batch mates). pooling and normalize belong to the call: given to pipeline() they are ignored.
async function vectorsOf(extractor, texts) {
  const vectors = [];
  for (const text of texts) vectors.push((await extractor(text, { pooling: "mean", normalize: true })).tolist()[0]);
  return vectors;
}

// The tokens of each prompt as generate would give it to the model (the chat template applied), and the model's
// context. Counting only: what to do about a long prompt is the page's core (raglab.models.prompt_fit).
function chatInputIds(tokenizer, chat) {
  const inputs = tokenizer.apply_chat_template(chat, { add_generation_prompt: true, enable_thinking: false, return_dict: true });
  return { inputs, ids: Array.from(inputs.input_ids.data, Number) };
}

async function count({ id, prompts }) {
  const { tokenizer, model } = await ready();
  const tokens = prompts.map((prompt) => chatInputIds(tokenizer, [{ role: "user", content: prompt }]).ids.length);
  const config = model.config;
  const shape = {
    vocab: config.vocab_size,
    layers: config.num_hidden_layers,
    heads: config.num_attention_heads,
    kv_heads: config.num_key_value_heads ?? config.num_attention_heads,
    head_dim: config.head_dim ?? config.hidden_size / config.num_attention_heads,
  };
  post({
    type: "counted", id, tokens, context: config.max_position_embeddings ?? null, shape,
    device_gb: navigator.deviceMemory ?? null,
  });
}

async function generate({ id, prompt, messages, max_new_tokens = DEFAULT_NEW_TOKENS, options = {} }) {
  const { tokenizer, model } = await ready();
  if (generating !== null) throw new RequestError("already generating: send interrupt first");
  generating = id;
  try {
    const started = performance.now();
    const chat = messages ?? [{ role: "user", content: prompt }];
    const { inputs, ids: input_ids } = chatInputIds(tokenizer, chat);
    post({
      type: "status",
      id,
      stage: "generating",
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
    if (interrupted.has(id)) stopping.interrupt(); // stopped before it began
    try {
      await model.generate({
        ...inputs,
        ...settings,
        max_new_tokens: Math.min(max_new_tokens, MAX_NEW_TOKENS),
        streamer,
        stopping_criteria: stopping,
      });
    } catch (error) {
      const message = String(error?.message ?? error);
      throw OUT_OF_MEMORY.test(message) ? new OutOfMemory(message, input_ids.length) : new GenerationError(message);
    }
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
    generating = null;
    interrupted.delete(id);
  }
}
