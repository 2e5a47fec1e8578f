(() => {
  const b = globalThis.__bench = { longtasks: [], loadedAt: null, idb: [], html: {} };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  new MutationObserver(() => {
    if (b.loadedAt === null && document.querySelector("#yours[data-loaded]")) b.loadedAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-loaded"] });
  // The store's calls, timed as documents.js defines them: how much of keeping and loading is IndexedDB's.
  let store;
  Object.defineProperty(globalThis, "raglabDocuments", { configurable: true, get: () => store, set(value) {
    for (const op of ["keep", "keepVectors", "forget", "entries", "records", "vectors"]) {
      const real = value[op];
      if (typeof real !== "function") continue;
      value[op] = (...args) => {
        const start = performance.now();
        return real(...args).then((out) => { b.idb.push({ op, start, ms: performance.now() - start }); return out; });
      };
    }
    store = value;
  } });
  // Python's writes to an element, timed as they happen (a MutationObserver would only run once Python's task
  // ends): innerHTML (when the HTML is made, how long the browser takes to parse it) and hidden.
  const proto = (name) =>
    Object.getOwnPropertyDescriptor(name === "hidden" ? HTMLElement.prototype : Element.prototype, name);
  b.watch = (el, key, name = "innerHTML") => {
    const real = proto(name);
    Object.defineProperty(el, name, { configurable: true, get() { return real.get.call(this); }, set(v) {
      const start = performance.now();
      real.set.call(this, v);
      (b.html[key] ??= []).push({ start, end: performance.now(), value: name === "hidden" ? v : v.length });
    } });
  };
  // The next frame drawn, and the first task after it: when the visitor sees what the last task put in place.
  b.paint = () => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()))));
  b.mark = (name) => new Promise((done) => {
    const o = new PerformanceObserver((list) => {
      const e = list.getEntriesByName(name)[0];
      if (e) { o.disconnect(); done(e.startTime); }
    });
    o.observe({ type: "mark" });
  });
  b.until = (node, test) => new Promise((done) => {
    if (test()) return done(performance.now());
    const o = new MutationObserver(() => { if (test()) { o.disconnect(); done(performance.now()); } });
    o.observe(node, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  // A question in plain search, sent as Enter sends it (the form's submit event).
  b.ask = async (question) => {
    const slot = document.getElementById("result-plain"), input = document.getElementById("q-plain");
    const quoted = `\u201c${question}\u201d`;
    const answered = b.until(slot, () => !slot.classList.contains("busy")
      && (slot.querySelector(".summary")?.textContent ?? "").includes(quoted));
    b.watch(slot, "result");
    input.value = question;
    const a = { submit: performance.now() };
    input.form.requestSubmit();
    a.answered = await answered;
    a.answered_painted = await b.paint();
    a.summary = slot.querySelector(".summary").textContent;
    return a;
  };
})();