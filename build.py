"""Build dist/: the lab as a self-contained static site (plain CPython, standard library only).

    python build.py [--out dist] [--offline] [--self-host-model DIR] [--bench-hooks] [--corpus DIR] [--title TEXT]

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

Every step (copying pages, pre-rendering HTML with CPython, copying model files, ...) is a function in the
package tools/build/, one module per step, that takes the dist path and the build's settings (BuildSettings,
tools/build/settings.py): append new ones to BUILD_STEPS (tools/build/steps.py). The pins are tools/build/pins.py.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.build.pins import ROOT
from tools.build.settings import BuildSettings
from tools.build.steps import build, build_summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist)")
    parser.add_argument("--offline", action="store_true", help="leave out numpy from the Pyodide CDN (for tests)")
    parser.add_argument("--self-host-model", type=Path, help="ship these language-model files in dist/hub/")
    parser.add_argument(
        "--bench-hooks",
        action="store_true",
        help="ship the benchmarks' hooks (window.raglabBench, performance marks): for the tests and bench/, never "
        "for the published site",
    )
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
        bench_hooks=args.bench_hooks,
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
