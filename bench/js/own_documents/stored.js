async () => {
  const utf8 = (s) => new TextEncoder().encode(s).length;
  const s = { entries: 0, docs: 0, key_bytes: 0, value_bytes: 0, text_bytes: 0 };
  for (const [key, value] of await raglabDocuments.entries()) {
    s.entries++; s.key_bytes += utf8(key);
    if (ArrayBuffer.isView(value)) { s.value_bytes += value.byteLength; continue; }  // a kept vector
    const v = typeof value === "string" ? value : JSON.stringify(value);
    s.value_bytes += utf8(v);
    if (key.startsWith("doc:")) { s.docs++; s.text_bytes += utf8(JSON.parse(v).text); }
    if (key === "meta") s.meta_corpus = JSON.parse(v).corpus;  // what a later visit searches
  }
  const estimate = await navigator.storage.estimate();
  s.usage = estimate.usage;
  s.indexeddb_usage = estimate.usageDetails?.indexedDB ?? null;
  return s;
}