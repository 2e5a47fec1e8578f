async ({ passages, question }) => {
  const b = globalThis.__bench, docs = JSON.parse(passages).map((text, id) => ({ id, text }));
  await b.paint();
  const t0 = performance.now();
  const index = new MiniSearch({ fields: ["text"] });
  index.addAll(docs);
  const t1 = performance.now();
  const hits = index.search(question);
  const t2 = performance.now();
  return { t0, index_ms: t1 - t0, search_ms: t2 - t1, passages: docs.length, hits: hits.length,
           painted: await b.paint() };
}