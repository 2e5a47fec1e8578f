
async ({ n, dim }) => {
  const { loadPyodide } = await import(new URL("./pyodide/pyodide.mjs", document.baseURI).href);
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", document.baseURI).href });
  return py.runPython(`
import json, math, operator, random, statistics, time
random.seed(1)
vectors = [[random.gauss(0, 1) for _ in range(${dim})] for _ in range(${n})]
query = vectors[0]
ways = {
    "generator (raglab/search/vectors.py)": lambda: [
        sum(a * b for a, b in zip(v, query, strict=True)) for v in vectors
    ],
    "sum(map(operator.mul))": lambda: [sum(map(operator.mul, v, query)) for v in vectors],
    "math.sumprod": lambda: [math.sumprod(v, query) for v in vectors],
}
times = {k: [] for k in ways}
scores = {}
for _ in range(5):
    for k, f in ways.items():
        t = time.perf_counter()
        scores[k] = f()
        times[k].append((time.perf_counter() - t) * 1000)
top = {k: sorted(range(len(s)), key=lambda i: -s[i])[:10] for k, s in scores.items()}
json.dumps({"ms": {k: statistics.median(v) for k, v in times.items()},
            "same_top_10": len({tuple(t) for t in top.values()}) == 1,
            "largest_difference": max(abs(a - b) for s in scores.values() for a, b in zip(s, scores["math.sumprod"]))})
`);
}
