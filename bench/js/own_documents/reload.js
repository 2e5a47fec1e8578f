({ question, kept }) => {
  const b = globalThis.__bench, r = b.run = {}, $ = (s) => document.querySelector(s);
  (async () => {
    r.late = b.loadedAt !== null;  // loaded before this driver ran: the question goes out late
    const yours = $("#yours");
    r.loaded = b.loadedAt ?? await b.until(yours, () => yours.hasAttribute("data-loaded"));
    r.ready = Number($("#status").dataset.readyMs);
    if (question) Object.assign(r, await b.ask(question));
    const list = $("#docs-kept");
    // the list draws its first 100 documents (LIST_ROWS in raglab/ui/documents_html.py)
    r.kept_drawn = await b.until(list, () => list.querySelectorAll("li.kept-doc").length >= Math.min(kept, 100));
    r.kept_rows = list.querySelectorAll("li.kept-doc").length;
    r.switched = $("input[name=corpus][value=yours]").checked;
  })().then(() => { r.finished = true; }, (e) => { r.error = String(e?.stack ?? e); });
}