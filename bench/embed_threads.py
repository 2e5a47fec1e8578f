"""What threads would give the page's embedding: the model worker (web/worker.js) on SciFact abstracts, served
plain (not cross-origin isolated: onnxruntime-web runs one thread, as on GitHub Pages today) and cross-origin
isolated (COOP same-origin + COEP require-corp, which GitHub Pages cannot send; a service worker could) with 1 and
with 2 onnxruntime threads. Interleaved rounds, medians, ratios to the plain page, and the machine's load.

    .venv/bin/python -m bench.embed_threads --dist .cache/dist-test --texts 64 --rounds 3

The worker is the site's own, served with one line added after its imports that sets onnxruntime's thread count
from its URL (``?threads=N``); nothing else differs. Writes ``bench/results/embed_threads.json``.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import QuietHandler, Server

from bench import smoke
from bench.scifact_data import ROOT, load_scifact, scifact_or_stand_in

BATCH = 32
ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}
THREADS_LINE = (
    '{ const n = new URL(self.location.href).searchParams.get("threads"); '
    "if (n) env.backends.onnx.wasm.numThreads = Number(n); }\n"
)
PAGE = """<!doctype html><meta charset="utf-8"><title>embed threads</title><script type="module">
const env = {wasmPaths: {mjs: "/transformers/ort-wasm-simd-threaded.asyncify.mjs",
                         wasm: "/transformers/ort-wasm-simd-threaded.asyncify.wasm"},
             localModelPath: "/models/", allowLocalModels: true, allowRemoteModels: false};
window.embedAll = (threads, model, dtype, batches) => new Promise((resolve, reject) => {
  const worker = new Worker(`/__worker.js?threads=${threads}`, {type: "module"});
  let next = 0, started = 0;
  const send = () => worker.postMessage({type: "embed", id: 2 + next, texts: batches[next]});
  worker.onmessage = ({data}) => {
    if (data.type === "error") reject(new Error(JSON.stringify(data.reason)));
    if (data.type === "ready") { started = performance.now(); send(); }
    if (data.type !== "vectors") return;
    next += 1;
    if (next < batches.length) return send();
    worker.terminate();
    resolve({ms: performance.now() - started, isolated: self.crossOriginIsolated});
  };
  worker.postMessage({type: "load", id: 1, task: "embed", model, dtype, device: "wasm", env});
});
</script>"""


def handler_for(dist: Path, isolated: bool):
    worker = (dist / "worker.js").read_text()
    first_code = worker.index("\nconst ")  # just after the imports
    patched = (worker[: first_code + 1] + THREADS_LINE + worker[first_code + 1 :]).encode()

    class Handler(QuietHandler):
        def end_headers(self):
            for name, value in (ISOLATION if isolated else {}).items():
                self.send_header(name, value)
            super().end_headers()

        def do_GET(self):  # noqa: N802 (http.server's name)
            path = self.path.split("?")[0]
            own = {"/__threads.html": (PAGE.encode(), "text/html"), "/__worker.js": (patched, "text/javascript")}
            if path not in own:
                return super().do_GET()
            body, kind = own[path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return None

    return functools.partial(Handler, directory=str(dist))


def serve(dist: Path, isolated: bool) -> tuple[Server, str]:
    server = Server(("127.0.0.1", 0), handler_for(dist, isolated))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/__threads.html"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / ".cache" / "dist-test")
    parser.add_argument("--texts", type=int, default=64, help="the first N SciFact abstracts (title + text)")
    parser.add_argument("--rounds", type=int, default=3)
    smoke.add_flag(parser)
    args = parser.parse_args(argv)
    if args.smoke:
        args.texts, args.rounds = 2, 1
    config = json.loads((args.dist / "pyscript.json").read_text())
    model, dtype = config["raglab"]["bridge"]["embed"]["model"], config["raglab"]["bridge"]["embed"]["dtype"]
    texts = (scifact_or_stand_in() if args.smoke else load_scifact()).documents[: args.texts]
    batches = [texts[i : i + BATCH] for i in range(0, len(texts), BATCH)]
    variants = {"plain page, 1 thread": (False, 0), "isolated, 1 thread": (True, 1), "isolated, 2 threads": (True, 2)}
    servers = {False: serve(args.dist, False), True: serve(args.dist, True)}
    runs: dict[str, list[float]] = {name: [] for name in variants}
    loads = [os.getloadavg()[0]]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = {}
        for isolated, (_, url) in servers.items():
            pages[isolated] = browser.new_page()
            pages[isolated].goto(url)
        for round_ in range(args.rounds):
            for name, (isolated, threads) in variants.items():
                result = pages[isolated].evaluate(
                    "([t, m, d, b]) => embedAll(t, m, d, b)", [threads, model, dtype, batches]
                )
                assert result["isolated"] == isolated, (name, result)
                runs[name].append(len(texts) / (result["ms"] / 1000))
                print(f"round {round_ + 1} {name}: {runs[name][-1]:.2f} abstracts/s", flush=True)
            loads.append(os.getloadavg()[0])
        browser.close()
    for server, _ in servers.values():
        server.shutdown()
    base = runs["plain page, 1 thread"]
    summary = {
        name: {
            "abstracts_per_s": statistics.median(r),
            "rounds": r,
            "to_plain_paired": statistics.median(x / b for x, b in zip(r, base, strict=True)),
        }
        for name, r in runs.items()
    }
    out = {
        "texts": len(texts),
        "batch": BATCH,
        "rounds": args.rounds,
        "load_1min": loads,
        "cores": os.cpu_count(),
        "when": time.strftime("%Y-%m-%d %H:%M"),
        "variants": summary,
    }
    if not args.smoke:
        (ROOT / "bench" / "results").mkdir(exist_ok=True)
        (ROOT / "bench" / "results" / "embed_threads.json").write_text(json.dumps(out, indent=2) + "\n")
    print(f"{'variant':<22} abstracts/s  to plain (paired)   load {loads[0]:.1f} -> {loads[-1]:.1f}")
    for name, s in summary.items():
        print(f"{name:<22} {s['abstracts_per_s']:11.2f}  {s['to_plain_paired']:17.2f}")
    if args.smoke:
        print(smoke.NOTE)


if __name__ == "__main__":
    main()
