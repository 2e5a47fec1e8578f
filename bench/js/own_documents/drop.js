({ question, kind }) => {
  const b = globalThis.__bench, r = b.run = {}, $ = (s) => document.querySelector(s);
  document.addEventListener("change", (e) => {
    if (e.target.id === "doc-files") r.change ??= performance.now();
  }, { capture: true });
  const readStart = b.mark("raglab:read-start"), readEnd = b.mark("raglab:read-end");
  b.watch($("#yours .reading"), "progress", "hidden");
  b.watch($("#docs-read"), "read");
  b.watch($("#docs-kept"), "kept");
  (async () => {
    r.read_start = await readStart;
    r.read_end = await readEnd;
    r.read_painted = await b.paint();
    r.read_docs = document.querySelectorAll("#docs-read li.read-doc").length;
    r.read_facts = [...document.querySelectorAll("#docs-read li.read-doc .facts")].slice(0, 2)
      .map((f) => f.textContent);
    r.read_problems = [...document.querySelectorAll("#docs-read li.read-problem")].map((li) => li.textContent);
    const button = $("#docs-read .keep-read");
    if (!button) throw new Error("no keep button after reading: " + $("#docs-read").textContent.slice(0, 300));
    if (kind === "read") return;
    const kept = b.mark("raglab:kept"), list = $("#docs-kept");
    const drawn = b.until(list, () => list.querySelectorAll("li.kept-doc").length >= r.read_docs);
    r.click = performance.now();
    button.click();
    r.kept = await kept;
    r.kept_drawn = await drawn;
    r.kept_painted = await b.paint();
    r.switched = $("input[name=corpus][value=yours]").checked;
    r.searching_line = $("#result-plain").textContent.trim();
    Object.assign(r, await b.ask(question));
  })().then(() => { r.finished = true; }, (e) => { r.error = String(e?.stack ?? e); });
}