async (batches) => {
  const loaded = await raglabBridge.load("embed").ended;
  if (loaded.type !== "ready") throw new Error(JSON.stringify(loaded.reason));
  await raglabBridge.embed(batches[0].slice(0, 1));  // warm-up: a session's first run allocates
  const started = performance.now();
  for (const texts of batches) {
    const answer = await raglabBridge.vectors(texts).ended;
    if (answer.type !== "vectors") throw new Error(JSON.stringify(answer.reason));
  }
  return {ms: performance.now() - started, threads: loaded.threads, isolated: crossOriginIsolated};
}