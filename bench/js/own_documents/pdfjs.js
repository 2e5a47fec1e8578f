async (data) => {
  const b = globalThis.__bench, raw = atob(data), bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  await b.paint();
  const t0 = performance.now();
  const out = await raglabDocuments.pdfPages(bytes);
  const ms = performance.now() - t0;
  return { t0, ms, pages: out.pages?.length ?? 0, chars: (out.pages ?? []).reduce((n, p) => n + p.length, 0),
           problem: out.problem ?? null, painted: await b.paint() };
}