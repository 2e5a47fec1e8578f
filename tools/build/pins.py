"""The build's pinned versions, URLs, paths and file lists: the one place to change them."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository: this file is tools/build/pins.py

# --- Pinned versions and URLs: the one place to change them ----------------------------------
PYODIDE_VERSION = "314.0.7"  # npm `pyodide`, pinned in package.json / package-lock.json
PYSCRIPT_VERSION = "0.7.31"  # npm `@pyscript/core`, pinned likewise
PYODIDE_PYTHON = "3.14"  # the Python inside that Pyodide: wheels must be built for it
NETWORKX_VERSION = "3.7"  # pure Python; the Pyodide lock's networkx 3.6.1 would pull numpy + matplotlib
# numpy has no wheel on npm or PyPI for Pyodide. In production it comes from the Pyodide CDN
# (the only thing that does), after the first interaction; `--offline` builds (the tests) leave it
# out, and the page's plain-Python vector maths serves.
PYODIDE_PACKAGE_BASE_URL = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
# The embedding model the page's worker loads for typed questions, self-hosted under models/.
EMBED_MODEL = "all-MiniLM-L6-v2"
# Two sets of weights, and no vector is ever compared with one of the other (raglab.page.table_for):
# - SHIPPED_DTYPE makes data/vectors.json, every passage and preset text, computed here: the presets answer with
#   the spec's own figures (fp32, as the command line embeds; q8 moves the multi-query example's fused 0.0648 to
#   0.0645);
# - EMBED_DTYPE is what the page's worker downloads and embeds with (a typed question, the visitor's passages): q8,
#   23 MB, 2.0x fp16's speed in the page and SciFact nDCG@10 0.648 against fp32's 0.645 (bench/README.md,
#   "Weights"); the corpus's passages are shipped made with it too (data/vectors-q8.json), so a typed question is
#   compared with passages of its own weights without embedding them in the page first.
SHIPPED_DTYPE = "fp32"
EMBED_DTYPE = "q8"
MODEL_CACHE = ROOT / ".cache" / "models"
# The language model of "Ask the model", fetched at run time by the visitor's browser (after consent) and kept in
# its Cache Storage. To self-host the weights, set GENERATE_HOST to your own host (files under
# <host>/<model id>/resolve/main/), or build with --self-host-model DIR to ship them inside dist/hub/.
GENERATE_HOST = "https://huggingface.co/"
GENERATE_MODEL = "onnx-community/Qwen3-0.6B-ONNX"
GENERATE_MAX_NEW_TOKENS = 256  # a sensible cap for an answer from 3 passages
# What the consent question says before the first download, per weight format (the q4f16 figure is the
# spec's; the others are not stated, and the page shows the real size as it downloads).
GENERATE_SIZES = {"q4f16": "about 580 MB"}
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
WHEEL_CACHE = ROOT / ".cache" / "wheels"
BYTECODE_CACHE = ROOT / ".cache" / "bytecode"  # tools/build/bytecode.py's .pyc files, by what made them
# What PyScript's main-thread loader fetches from Pyodide's indexURL (plus source maps for
# debugging; browsers only fetch those with the developer tools open).
PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.mjs.map",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
NETWORKX_WHEEL = f"networkx-{NETWORKX_VERSION}-py3-none-any.whl"
# Pure-Python wheels the page installs on first use, from the site itself: networkx for the graph technique.
WHEELS = {
    "networkx": (NETWORKX_WHEEL,),
    "snowball": ("snowballstemmer-3.1.1-py3-none-any.whl",),  # BM25 on Snowball stems, installed on first use
}
# The page's Python beside main.py (web/): page glue, one module per part of the page.
PAGE_MODULES = (
    "ask_model.py",
    "my_documents.py",
    "my_files.py",
    "my_zip.py",
    "my_vectors.py",
    "my_names.py",
    "my_related.py",
    "source_view.py",
    "lab_page.py",
    "drawing.py",
    "questions.py",
    "sections.py",
    "compare_view.py",
    "embedder.py",
    "site_files.py",
)
# The benchmarks' hooks (window.raglabBench, the page's performance marks): beside the page's modules only in a
# --bench-hooks build (the tests' and the benchmarks'), never in the published site. main.py imports each module the
# config's "hooks" names and calls its install(page).
BENCH_MODULES = ("bench_hooks.py",)
# Packed into raglab.zip under the same paths as in the repository: every file but caches.
PACKED_TREES = ("py/raglab", "corpus")
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same bytes
TRANSFORMERS_VERSION = "4.3.1"  # npm `@huggingface/transformers`, pinned in package.json
# transformers.js and the onnxruntime-web runtime it loads (the asyncify build: WASM, with WebGPU support).
TRANSFORMERS_FILES = {
    "@huggingface/transformers/dist/transformers.min.js": "transformers.min.js",
    "onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.mjs": "ort-wasm-simd-threaded.asyncify.mjs",
    "onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.wasm": "ort-wasm-simd-threaded.asyncify.wasm",
}
PDFJS_VERSION = "5.4.296"  # npm `pdfjs-dist`: reads a visitor's PDFs, in its own worker
IDB_KEYVAL_VERSION = "6.2.2"  # npm `idb-keyval`: keeps a visitor's documents in IndexedDB
# npm `mammoth`: a visitor's .docx files' HTML, in a worker (web/docx_worker.js); the command line reads them with
# PyPI's mammoth, the same author's Python twin (their HTML differs only in how a quote mark is escaped). In the page
# Python's took a 0.6-2.8 s task to load and one as long to convert 2,000 paragraphs (bench/README.md, "Hostile").
MAMMOTH_VERSION = "1.13.0"
DOCUMENT_FILES = {
    "pdfjs-dist/build/pdf.min.mjs": "pdfjs/pdf.min.mjs",
    "pdfjs-dist/build/pdf.worker.min.mjs": "pdfjs/pdf.worker.min.mjs",
    "pdfjs-dist/cmaps": "pdfjs/cmaps",  # the text of CJK and other CID-keyed fonts
    "pdfjs-dist/standard_fonts": "pdfjs/standard_fonts",  # the 14 fonts a PDF may use without embedding
    "idb-keyval/dist/index.js": "idb-keyval.mjs",
    "mammoth/mammoth.browser.min.js": "mammoth/mammoth.browser.min.js",
}
