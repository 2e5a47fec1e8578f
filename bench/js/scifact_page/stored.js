
async () => {
  const utf8 = new TextEncoder();
  const out = { documents: 0, vectors: 0, meta: 0, other: 0, n_documents: 0, n_vectors: 0 };
  for (const [key, value] of await raglabDocuments.entries()) {
    const bytes = typeof value === "string" ? utf8.encode(value).length : value.byteLength;
    const kind = key.startsWith("doc:") ? "documents" : key.startsWith("vec:") ? "vectors"
      : key === "meta" ? "meta" : "other";
    out[kind] += bytes;
    if (kind === "documents") out.n_documents += 1;
    if (kind === "vectors") out.n_vectors += 1;
  }
  return out;
}
