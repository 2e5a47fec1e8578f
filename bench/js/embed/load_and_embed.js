async ([first, questions]) => {
    const t0 = performance.now();
    const ready = await raglabBridge.load("embed").ended;
    const t1 = performance.now();
    await raglabBridge.embed([first]);
    const t2 = performance.now();
    const each = [];
    for (const q of questions) {
        const t = performance.now();
        await raglabBridge.embed([q]);
        each.push(performance.now() - t);
    }
    return {load_ms: t1 - t0, first_embed_ms: t2 - t1, first_vector_ms: t2 - t0, worker_ready_ms: ready.ms,
            device: ready.device, dtype: ready.dtype, per_question_ms: each,
            isolated: self.crossOriginIsolated, threads: navigator.hardwareConcurrency};
}