
async ({ batches, timed }) => {
  const vectors = [], ms = [];
  for (const texts of batches) {
    const t0 = performance.now();
    vectors.push(...await raglabBridge.embed(texts));
    ms.push(performance.now() - t0);
  }
  return timed ? ms : vectors;
}
