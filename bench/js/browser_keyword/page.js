
import MiniSearch from "/minisearch/index.js";
import { loadPyodide } from "/pyodide/pyodide.mjs";

const ROUNDS = %(rounds)d, FIRST = %(first)d, TOP_K = %(top_k)d;
const out = { crossOriginIsolated: self.crossOriginIsolated };
try {
  let t = performance.now();
  const pyodide = await loadPyodide({ indexURL: "/pyodide/" });
  out.pyodide_load_ms = performance.now() - t;
  const [core, dataText, pageSource] = await Promise.all(
    ["core.zip", "data.json", "page.py"].map(u => fetch(u).then(r => u.endsWith(".zip") ? r.arrayBuffer() : r.text())));
  t = performance.now();
  pyodide.unpackArchive(core, "zip", { extractDir: "/home/pyodide/core" });
  pyodide.globals.set("data_json", dataText);
  pyodide.globals.set("TOP_K", TOP_K);
  pyodide.runPython(pageSource);
  out.core_setup_ms = performance.now() - t;  // unpack + import + parse the data + make the chunks
  const py = { build: pyodide.globals.get("build"), query: pyodide.globals.get("query") };
  const data = JSON.parse(dataText);
  const docs = data.ids.map((id, i) => ({ id, title: data.titles[i], text: data.texts[i] }));
  const queries = data.queries;
  const stop = new Set(data.stop_words);
  const miniSearch = options => {
    const side = { index: null, rankings: new Array(queries.length) };
    side.build = () => { side.index = new MiniSearch(options); side.index.addAll(docs); };
    side.query = n => { side.rankings[n] = side.index.search(queries[n]).slice(0, TOP_K).map(r => r.id); };
    return side;
  };
  const sides = {
    ours: { build: () => py.build(), query: n => py.query(n) },
    minisearch: miniSearch({ fields: ["title", "text"] }),
    minisearch_stop_words: miniSearch({
      fields: ["title", "text"],
      processTerm: term => { const t = term.toLowerCase(); return stop.has(t) ? null : t; },
    }),
  };
  const names = Object.keys(sides);
  const times = Object.fromEntries(names.map(s => [s, { build: [], query: [] }]));
  for (let round = FIRST; round <= ROUNDS; round++) {  // round 0 (none in a smoke run) warms up, is not counted
    const order = names.map((_, i) => names[(i + round) %% names.length]);
    for (const side of order) {
      t = performance.now(); sides[side].build(); const b = performance.now() - t;
      if (round) times[side].build.push(b);
    }
    for (let n = 0; n < queries.length; n++) {
      for (const side of order) {
        t = performance.now(); sides[side].query(n); const q = performance.now() - t;
        if (round) times[side].query.push(q);
      }
    }
    document.title = `round ${round}/${ROUNDS}`;
  }
  out.times = times;
  out.rankings = Object.fromEntries(names.map(s => [s, s === "ours" ? null : sides[s].rankings]));
  out.rankings.ours = pyodide.globals.get("rankings").toJs();
  out.python = pyodide.runPython("import sys; sys.version");
} catch (e) {
  out.error = String(e && e.stack || e);
}
window.benchResult = out;
