async ([model, dtype, batches]) => {
  const at = (path) => new URL(path, location.href).href;
  // localModelPath a path, as web/site_files.py gives it: a full URL loses the tokenizer files (see there).
  const env = {wasmPaths: {mjs: at("./transformers/ort-wasm-simd-threaded.asyncify.mjs"),
                           wasm: at("./transformers/ort-wasm-simd-threaded.asyncify.wasm")},
               localModelPath: new URL("./models/", location.href).pathname,
               allowLocalModels: true, allowRemoteModels: false};
  const worker = new Worker(at("./worker.js"), {type: "module"});
  const ask = (message) => new Promise((resolve, reject) => {
    worker.onmessage = ({data}) => {
      if (data.type === "error") reject(new Error(JSON.stringify(data.reason)));
      if (data.type === "ready" || data.type === "vectors") resolve(data);
    };
    worker.postMessage(message);
  });
  try {
    let started = performance.now();
    const ready = await ask({type: "load", id: 1, task: "embed", model, dtype, device: "wasm", env});
    const load_ms = performance.now() - started;
    started = performance.now();
    let first = null;
    for (const [i, texts] of batches.entries()) {
      const got = await ask({type: "embed", id: 2 + i, texts});
      first ??= got.vectors[0];
    }
    return {load_ms, embed_ms: performance.now() - started, dtype: ready.dtype, first};
  } finally {
    worker.terminate();
  }
}