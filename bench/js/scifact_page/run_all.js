
async ({ key, questions, options }) => {
  const out = [];
  for (const q of questions) {
    const r = await raglabBench.run(key, q, options);
    out.push({ ms: r.ms, ids: r.ids, vector: r.lists.vector ? r.lists.vector.ids : null, numpy: r.numpy });
  }
  return out;
}
