"""How the lab reads real documents: page furniture left out, answers found, passage sizes, and the page against
the command line, on manuals nobody on the project wrote (issue 20's "Measured, in a benchmark").

    .venv/bin/python -m bench.reading                 # everything (the page too; builds .cache/dist-reading once)
    .venv/bin/python -m bench.reading --no-page       # CPython only, a few minutes once the vectors are cached
    .venv/bin/python -m bench.reading --smoke         # one manual, its questions, no model, no page: seconds
    PYTHONPATH=/tmp/raglab-before/py .venv/bin/python -m bench.reading --label before --dist DIR   # another core

The set is in ``bench/reading/``: ``documents.toml`` (each document's Debian package, path, sha256 and kind: the
files are read where apt installs them, never copied here; a missing one is named with the package to install; a
``convert`` command, LibreOffice's, makes a Word file from an installed HTML page when the benchmark runs),
``questions.toml`` (a question, the document, the exact text that answers it) and ``furniture.toml`` (every line
of 31 PDF pages as pypdf gives it, marked by hand: body, header, footer, page_number, contents, index).
Everything is read and searched by the core's own functions, exactly as ``raglab --corpus DIR`` does:
``raglab.documents.readers.read_file`` for each file, a ``raglab.documents.collection.Collection`` of all of them,
``raglab.Lab`` and ``raglab.techniques.run``. Measured:

1. Furniture. Each labelled line is looked for in the text of its page as the lab read it
   (``Document.page_texts()``), on words (``raglab.documents.text.words``: case, spacing and punctuation aside): the
   page's lines, in order, are aligned with the page's words (difflib), and a line is kept when at least half of its
   words align, or when a line of 3 words or more stands whole anywhere on the page (a reader may order lines
   otherwise). A line the reader names in ``Document.left_out`` (where that field exists) counts as left out too.
   Figures: the share of furniture lines (header, footer, page number, contents, index) left out, goal at least 95%, and
   of body lines left out, goal at most 1%.
2. Answers in the first 3 passages, over one collection of all the documents (as a visitor keeps them): a passage
   answers when it comes from the question's document and holds the answer's words in order (``answer_words``,
   the benchmark's own rule, so two cores are compared alike); also by kind of document (``documents.toml``'s
   ``kind``), and each answer checked to stand in one block of its document as read. Plain search with
   the spec's sum, BM25 (``scoring=bm25``), BM25 on Snowball stems (``scoring=snowball``), hybrid (the spec's sum
   and all-MiniLM-L6-v2, rank fusion; and with the Snowball keyword side), each with the headings option off and,
   where the lab has one (the technique option "headings", as the page and the command line set it; else
   ``Lab(..., headings=True)``), on; and, as the ceiling
   for all of them, the questions whose answer one passage of its document holds whole. Vectors come from
   ``bench.dense_cache``'s fp32 model (the command line's) through a cache in ``.cache/bench/reading-vectors.npz``.
3. Passages over 120 words (``len(text.split())``), goal none, and passages per document.
4. Page against command line: the built site (``--dist``, else ``.cache/dist-reading``, built offline by tools/site.py)
   in headless Chromium, offline; all the files set on ``#doc-files`` as a visitor drops them, read, kept; the
   kept records read back (``raglabDocuments.records("doc:")``, what the page searches and reloads) and cut by the
   core (``raglab.documents.records.document_from_record``); each document's passages (ids and texts) against the
   command line's, equal or the first difference; and the passage count the page itself shows for each kept
   document.

Writes bench/results/reading-<label>-<time>.json (with ``--json`` also to stdout).
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import hashlib
import inspect
import json
import os
import re
import subprocess
import sys
import time
import tomllib
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import raglab
from bench import smoke
from bench.page_runs import ROOT, write_results
from raglab import Lab
from raglab.documents.collection import Collection
from raglab.documents.corpus import Document
from raglab.documents.readers import read_file
from raglab.documents.records import document_from_record
from raglab.documents.text import paragraphs, words
from raglab.techniques import TECHNIQUES, run

SET = ROOT / "bench" / "reading"
DEFAULT_DIST = ROOT / ".cache" / "dist-reading"
VECTOR_CACHE = ROOT / ".cache" / "bench" / "reading-vectors.npz"
CONVERTED = ROOT / ".cache" / "bench" / "reading-converted"
# The kinds of document the answers are broken down by (documents.toml's `kind`), in the report's order.
KINDS_OF_DOCUMENT = ("manual", "html", "markdown", "paper", "slides", "word", "other language", "chinese")
TOP = 3  # answers count in the first 3 passages
LONG = 120  # words: a passage over this is too long to read as one
FURNITURE = ("header", "footer", "page_number", "contents", "index")
KINDS = ("body", *FURNITURE)
# The reasons a reader gives in Document.left_out, by the words they start with (the contract's wording).
REASONS = {
    "running header": "header",
    "running footer": "footer",
    "page number": "page_number",
    "table of contents": "contents",
    "contents": "contents",
    "index": "index",
}
# (row, technique, options): the rows of the answers table.
TECHNIQUE_ROWS = (
    ("plain", "plain", {}),
    ("bm25", "plain", {"scoring": "bm25"}),
    ("snowball", "plain", {"scoring": "snowball"}),
    ("hybrid", "hybrid", {}),
    ("hybrid_snowball", "hybrid", {"scoring": "snowball"}),
)
PAGE_TIMEOUT_MS = 600_000  # reading a 311-page manual with pdf.js on 2 busy cores


# --- the set ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """A document of the set, where its Debian package puts it; ``kind`` groups the answers table (KINDS_OF_DOCUMENT)
    and ``convert`` is the command that makes the file the lab is given from the installed one (``{path}`` and
    ``{out}``, a folder), run when the benchmark reads it and kept in CONVERTED under the installed file's sha256."""

    file: str  # the name the lab is given (a .gz is unpacked, as a visitor would)
    path: Path
    package: str
    version: str = ""
    bytes: int | None = None
    sha256: str | None = None
    about: str = ""
    kind: str = ""
    convert: str = ""

    @property
    def missing(self) -> str | None:
        if not self.path.exists():
            return f"{self.path} is missing: apt-get install -y {self.package}"
        if not self.can_convert:
            tool = self.convert.split()[0]
            return f"{tool} is missing: it makes {self.file} (apt-get install -y libreoffice-writer-nogui)"
        return None

    @property
    def can_convert(self) -> bool:
        """Whether the command that makes the lab's file is here (always, for a file used as installed)."""
        import shlex
        import shutil

        return not self.convert or shutil.which(shlex.split(self.convert)[0]) is not None

    def changed(self, data: bytes) -> str | None:
        """Why the installed file is not the one the labels were written for, or None."""
        if self.sha256 and hashlib.sha256(data).hexdigest() != self.sha256:
            return (
                f"{self.path} is not the file labelled ({len(data):,} bytes, labelled {self.bytes:,}; "
                f"{self.package} {self.version}): the figures may move"
            )
        return None

    def raw(self) -> bytes:
        return self.path.read_bytes()

    def data(self) -> bytes:
        raw = self.raw()
        if self.convert:
            return converted(self, raw)
        return gzip.decompress(raw) if self.path.suffix == ".gz" else raw


def converted(source: Source, raw: bytes) -> bytes:
    """``source.file`` made by ``source.convert`` from the installed file (LibreOffice: an HTML chapter to .docx),
    made once per installed file's bytes."""
    import shlex
    import tempfile

    kept = CONVERTED / hashlib.sha256(raw).hexdigest()[:16] / source.file
    if not kept.exists():
        with tempfile.TemporaryDirectory(prefix="raglab-convert-") as out:
            command = [part.format(path=source.path, out=out) for part in shlex.split(source.convert)]
            subprocess.run(command, check=True, capture_output=True, timeout=300)
            made = Path(out) / source.file
            if not made.exists():
                raise SystemExit(f"{source.convert!r} made no {source.file} from {source.path}")
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_bytes(made.read_bytes())
    return kept.read_bytes()


@dataclass(frozen=True)
class Question:
    """A reader's question on one of the set's documents (questions.toml): a passage answers it when it comes from
    ``document`` and holds ``answer``'s words in order (``answer_words``)."""

    document: str
    question: str
    answer: str


@dataclass(frozen=True)
class LabelledPage:
    """A page of a document labelled by hand (furniture.toml): each line of the page as read, with its kind (KINDS)."""

    document: str
    page: int
    lines: tuple[tuple[str, str], ...]  # (kind, text)


def load_set(folder: Path) -> tuple[list[Source], list[Question], list[LabelledPage]]:
    def toml(name: str) -> dict:
        path = folder / name
        return tomllib.loads(path.read_text()) if path.exists() else {}

    sources = [Source(**{**d, "path": Path(d["path"])}) for d in toml("documents.toml").get("document", [])]
    questions = [Question(**q) for q in toml("questions.toml").get("question", [])]
    pages = [
        LabelledPage(p["document"], p["page"], tuple((k, t) for k, t in p["lines"]))
        for p in toml("furniture.toml").get("page", [])
    ]
    for p in pages:
        if bad := {k for k, _ in p.lines} - set(KINDS):
            raise SystemExit(f"furniture.toml, {p.document} p. {p.page}: unknown kind {sorted(bad)}")
    return sources, questions, pages


# --- words -----------------------------------------------------------------------------------------------------


def holds(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    """Whether ``needle`` stands in ``haystack`` as a run of consecutive words.

    >>> holds(words("The primary function is scan."), words("function  IS scan"))
    True
    """
    n = len(needle)
    return n > 0 and any(
        haystack[i : i + n] == list(needle) for i in range(len(haystack) - n + 1) if haystack[i] == needle[0]
    )


def answer_words(text: str) -> list[str]:
    """The words an answer is compared on, by the benchmark's own rule, not the core's (which the benchmark measures,
    before and after a change): NFKC, lower case, runs of letters and digits, each CJK character a word of its own.

    >>> answer_words("Function read.fwf reads them"), answer_words("10个问题总耗时")
    (['function', 'read', 'fwf', 'reads', 'them'], ['10', '个', '问', '题', '总', '耗', '时'])
    """
    return [
        w
        for run in _ANSWER_WORD.findall(unicodedata.normalize("NFKC", text).lower())
        for w in (list(run) if _CJK_CHAR.match(run) else [run])
    ]


_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_CJK_CHAR = re.compile(f"[{_CJK}]")
_ANSWER_WORD = re.compile(f"[{_CJK}]+|[^\\W_{_CJK}]+")


def in_one_block(doc: Document, answer: str) -> bool:
    """Whether the answer's words stand in one block of the document as read (a paragraph, a list item, a heading:
    ``text.paragraphs``), so that a passage cut from blocks can hold it whole.

    >>> in_one_block(Document("d", "d", "One block here.\\n\\nAnother one."), "block here"), \\
    ...     in_one_block(Document("d", "d", "One block here.\\n\\nAnother one."), "here another")
    (True, False)
    """
    needle = answer_words(answer)
    return any(holds(answer_words(block), needle) for block in paragraphs(doc.text))


# --- 1. furniture ----------------------------------------------------------------------------------------------


def lines_kept(lines: Sequence[str], page_text: str) -> list[bool]:
    """Which of a page's labelled lines are in the page's text as read: aligned in order, at least half of a
    line's words; or, for a line of 3 words or more, the whole line anywhere on the page.

    >>> lines_kept(["Chapter 2: Data 9", "Reading a file is easy.", "9"], "Reading a file is easy.")
    [False, True, False]
    """
    line_words = [words(line) for line in lines]
    flat = [w for ws in line_words for w in ws]
    page = words(page_text)
    aligned = [False] * len(flat)
    for block in difflib.SequenceMatcher(None, flat, page, autojunk=False).get_matching_blocks():
        aligned[block.a : block.a + block.size] = [True] * block.size
    kept, at = [], 0
    for ws in line_words:
        share = sum(aligned[at : at + len(ws)]) / len(ws) if ws else 1.0
        kept.append(share >= 0.5 or (len(ws) >= 3 and holds(page, ws)))
        at += len(ws)
    return kept


def named_left_out(doc: Document, page: int, lines: Sequence[str]) -> list[str | None]:
    """For each line, the reason the reader gave for leaving it out (``Document.left_out``, entries that stood on
    this page, aligned on words as above), or None."""
    entries = getattr(doc, "left_out", ())
    if not entries or not doc.page_starts:
        return [None] * len(lines)
    start = doc.page_starts[page - 1]
    end = doc.page_starts[page] if page < len(doc.page_starts) else len(doc.text)
    here = [(words(text), why) for at, text, why in entries if start <= at <= end]
    flat = [(w, why) for ws, why in here for w in ws]
    line_words = [words(line) for line in lines]
    label_flat = [w for ws in line_words for w in ws]
    found: list[str | None] = [None] * len(label_flat)
    for b in difflib.SequenceMatcher(None, label_flat, [w for w, _ in flat], autojunk=False).get_matching_blocks():
        for i in range(b.size):
            found[b.a + i] = flat[b.b + i][1]
    out, at = [], 0
    for ws in line_words:
        reasons = [r for r in found[at : at + len(ws)] if r]
        out.append(Counter(reasons).most_common(1)[0][0] if ws and len(reasons) * 2 >= len(ws) else None)
        at += len(ws)
    return out


def reason_kind(reason: str) -> str:
    low = reason.lower()
    return next((kind for start, kind in REASONS.items() if low.startswith(start)), "other")


def measure_furniture(docs: dict[str, Document], pages: Sequence[LabelledPage]) -> dict:
    """Per kind: labelled lines, how many the reader left out, and how the reader named those it left out."""
    kinds = {k: {"lines": 0, "left_out": 0, "named": Counter()} for k in KINDS}
    wrong: list[dict] = []  # furniture kept and body left out, for the report
    for p in pages:
        doc = docs.get(p.document)
        if doc is None:
            continue
        texts = doc.page_texts()
        page_text = texts[p.page - 1] if p.page <= len(texts) else ""
        lines = [t for _, t in p.lines]
        for (kind, text), kept, reason in zip(
            p.lines, lines_kept(lines, page_text), named_left_out(doc, p.page, lines), strict=True
        ):
            left_out = reason is not None or not kept
            k = kinds[kind]
            k["lines"] += 1
            k["left_out"] += left_out
            if reason:
                k["named"][reason_kind(reason)] += 1
            if left_out == (kind == "body"):
                wrong.append(
                    {
                        "document": p.document,
                        "page": p.page,
                        "kind": kind,
                        "line": text,
                        "reader": reason or ("left out" if left_out else "kept"),
                    }
                )
    furniture = [kinds[k] for k in FURNITURE]
    lines, left = sum(k["lines"] for k in furniture), sum(k["left_out"] for k in furniture)
    return {
        "pages": len(pages),
        "kinds": {k: {**v, "named": dict(v["named"])} for k, v in kinds.items()},
        "furniture": {"lines": lines, "left_out": left, "share": left / lines if lines else None},
        "body": {
            "lines": kinds["body"]["lines"],
            "left_out": kinds["body"]["left_out"],
            "share": kinds["body"]["left_out"] / kinds["body"]["lines"] if kinds["body"]["lines"] else None,
        },
        "wrong": wrong,
    }


# --- 2. answers ------------------------------------------------------------------------------------------------


def headings_choices() -> list[bool]:
    """[False, True] when the lab has the headings option (a ``Lab`` argument, or a technique option "headings"),
    else [False]: the core as it was before issue 20 has none."""
    in_options = any(o.name == "headings" for t in TECHNIQUES.values() for o in t.options)
    return [False, True] if _lab_takes_headings() or in_options else [False]


def _lab_takes_headings() -> bool:
    return "headings" in inspect.signature(Lab).parameters


def _options_take_headings() -> bool:
    return any(o.name == "headings" for t in TECHNIQUES.values() for o in t.options)


def make_lab(collection: Collection, headings: bool) -> Lab:
    """The lab searched: with headings, a ``Lab(..., headings=True)`` only where no technique has the option (the
    option is what the page and the command line use, and it searches headings on the keyword side only)."""
    corpus = collection.corpus()
    if headings and _lab_takes_headings() and not _options_take_headings():
        return Lab(corpus, collection.passage_size, headings=True)
    return Lab(corpus, collection.passage_size)


def measure_answers(
    lab: Lab, questions: Sequence[Question], headings: bool, embed: Callable | None, kinds: dict[str, str]
) -> dict:
    """Per row of TECHNIQUE_ROWS: which questions have an answering passage in the first TOP (rows that search by
    meaning only with ``embed``)."""
    chunks = {c.id: c for c in lab.chunks()}
    titles = {d.slug: d.title for d in lab.corpus.documents}
    out = {}
    for row, key, options in TECHNIQUE_ROWS:
        t = TECHNIQUES[key]
        if t.meaning and embed is None:
            continue
        if any(o.name == "headings" for o in t.options):  # the option as the technique declares it
            on = True if not _lab_takes_headings() else "on"
            options = {**options, "headings": on if headings else "off"}  # its default may be either
        found = []
        for q in questions:
            result = run(lab, key, q.question, top_k=TOP, embed=embed, **options)
            answer = answer_words(q.answer)
            found.append(
                any(
                    titles[chunks[h.id].slug] == q.document and holds(answer_words(chunks[h.id].text), answer)
                    for h in result.passages[:TOP]
                )
            )
        out[row] = {
            "found": sum(found),
            "of": len(questions),
            "share": sum(found) / len(questions),
            "questions": [q.question for q, f in zip(questions, found, strict=True) if f],
            "by_kind": by_kind(questions, found, kinds),
        }
    return out


def by_kind(questions: Sequence[Question], found: Sequence[bool], kinds: dict[str, str]) -> dict[str, dict]:
    """Questions found and asked, by the kind of their document.

    >>> by_kind([Question("a.pdf", "q1", "x"), Question("b.html", "q2", "y")], [True, False],
    ...         {"a.pdf": "manual", "b.html": "html"})
    {'manual': {'found': 1, 'of': 1}, 'html': {'found': 0, 'of': 1}}
    """
    out: dict[str, dict] = {}
    for q, f in zip(questions, found, strict=True):
        k = out.setdefault(kinds.get(q.document, ""), {"found": 0, "of": 0})
        k["found"] += f
        k["of"] += 1
    return out


class CachedEmbed:
    """``embed(texts) -> vectors`` with all-MiniLM-L6-v2 (fp32, as the command line), each text embedded once:
    kept by the text's sha1 in VECTOR_CACHE, so a second run (or the other core's) embeds only new passages."""

    def __init__(self, path: Path = VECTOR_CACHE):
        import numpy as np

        self.np, self.path, self.model = np, path, None
        self.rows: dict[str, int] = {}
        self.vectors = np.zeros((0, 384), dtype=np.float32)
        if path.exists():
            kept = np.load(path)
            self.rows = {k: i for i, k in enumerate(kept["keys"].tolist())}
            self.vectors = kept["vectors"]

    def __call__(self, texts: list[str]) -> list[list[float]]:
        keys = [hashlib.sha1(t.encode()).hexdigest() for t in texts]
        new = {k: t for k, t in zip(keys, texts, strict=True) if k not in self.rows}
        if new:
            from bench.dense_cache import embed_sorted, embedder

            self.model = self.model or embedder()
            made = embed_sorted(self.model, list(new.values()))
            self.rows.update({k: len(self.rows) + i for i, k in enumerate(new)})
            self.vectors = self.np.concatenate([self.vectors, made])
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.np.savez(self.path, keys=self.np.array(list(self.rows)), vectors=self.vectors)
        return self.vectors[[self.rows[k] for k in keys]].tolist()


# --- 3. sizes --------------------------------------------------------------------------------------------------


def measure_sizes(lab: Lab) -> dict:
    per: dict[str, dict] = {}
    titles = {d.slug: d.title for d in lab.corpus.documents}
    for c in lab.chunks():
        n = len(c.text.split())
        d = per.setdefault(titles[c.slug], {"passages": 0, "over": 0, "longest": 0})
        d["passages"] += 1
        d["over"] += n > LONG
        d["longest"] = max(d["longest"], n)
    return {
        "passages": sum(d["passages"] for d in per.values()),
        "over": sum(d["over"] for d in per.values()),
        "documents": per,
    }


# --- 4. page against command line ------------------------------------------------------------------------------


def page_records(sources: Sequence[Source], dist: Path) -> tuple[list[dict], dict[str, int | None]]:
    """The page's kept records of the files, dropped on ``#doc-files`` all at once, and the passage count it shows
    for each kept document (None where its words do not say)."""
    import tempfile

    from playwright.sync_api import expect, sync_playwright
    from tools.site import served

    from bench.page_runs import browser_with_profile, open_lab

    files = [{"name": s.file, "mimeType": "application/octet-stream", "buffer": s.data()} for s in sources]
    with (
        tempfile.TemporaryDirectory(prefix="raglab-reading-") as profile,
        sync_playwright() as pw,
        served(dist) as url,
        browser_with_profile(pw, Path(profile), url) as context,
    ):
        page = open_lab(context, url)
        expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=PAGE_TIMEOUT_MS)
        page.locator("#doc-files").set_input_files(files)
        expect(page.locator("#docs-read .keep-read")).to_be_visible(timeout=PAGE_TIMEOUT_MS)
        problems = page.locator("#docs-read li.read-problem").all_inner_texts()
        if problems:
            raise SystemExit(f"the page could not read: {problems}")
        page.locator("#docs-read .keep-read").click()
        expect(page.locator("#docs-kept li.kept-doc")).to_have_count(len(files), timeout=PAGE_TIMEOUT_MS)
        shown = page.locator("#docs-kept li.kept-doc").all_inner_texts()
        kept = page.evaluate("async () => (await raglabDocuments.records('doc:')).map(([, value]) => value)")
    counts = {}
    for s in sources:
        row = next((t for t in shown if s.file in t), "")
        m = re.search(r"([\d,]+) passages?\b", row)
        counts[s.file] = int(m[1].replace(",", "")) if m else None
    return [json.loads(r) if isinstance(r, str) else r for r in kept], counts


def first_difference(cli: Sequence[tuple[str, str]], page: Sequence[tuple[str, str]]) -> dict | None:
    for i, (a, b) in enumerate(zip(cli, page, strict=False)):
        if a != b:
            differing = (j for j, (x, y) in enumerate(zip(a[1], b[1], strict=False)) if x != y)
            at = next(differing, min(len(a[1]), len(b[1])))
            return {
                "passage": i + 1,
                "cli": {"id": a[0], "text": a[1][max(0, at - 60) : at + 60]},
                "page": {"id": b[0], "text": b[1][max(0, at - 60) : at + 60]},
            }
    if len(cli) != len(page):
        n = min(len(cli), len(page))
        return {
            "passage": n + 1,
            "cli": {"id": cli[n][0] if n < len(cli) else None},
            "page": {"id": page[n][0] if n < len(page) else None},
        }
    return None


def passage_lists(lab: Lab) -> dict[str, list[tuple[str, str]]]:
    """Each document's passages as (id, text), by the document's title (its file name)."""
    titles = {d.slug: d.title for d in lab.corpus.documents}
    out: dict[str, list[tuple[str, str]]] = {}
    for c in lab.chunks():
        out.setdefault(titles[c.slug], []).append((c.id, c.text))
    return out


def measure_page(sources: Sequence[Source], lab: Lab, dist: Path) -> dict:
    from tools.build.settings import BuildSettings
    from tools.site import ensure_site

    # Built offline without a language model: reading and keeping files needs none (and the stand-in's folder in
    # .cache/models is left alone).
    records, shown = page_records(sources, ensure_site(dist, BuildSettings(offline=True)))
    page_lab = Lab(Collection(document_from_record(r) for r in records).corpus(), lab.passage_size)
    cli, page = passage_lists(lab), passage_lists(page_lab)
    per = {}
    for s in sources:
        a, b = cli.get(s.file, []), page.get(s.file, [])
        per[s.file] = {
            "cli": len(a),
            "page": len(b),
            "page_shows": shown.get(s.file),
            "equal": a == b and bool(a),
            "difference": first_difference(a, b),
        }
    return {"dist": str(dist), "documents": per, "equal": sum(d["equal"] for d in per.values()), "of": len(per)}


# --- the run ---------------------------------------------------------------------------------------------------


def core_version() -> str:
    """Where the measured core is, and its commit (with "+ changes" when its tree differs from it)."""
    where = Path(raglab.__file__).resolve().parents[2]
    try:
        head = subprocess.run(
            ["git", "-C", str(where), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(where), "status", "--porcelain", "py"], capture_output=True, text=True, check=True
        ).stdout.strip()
        return f"{where}/py at {head}" + (" + changes" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return f"{where}/py"


def measure(folder: Path, smoke: bool, page: bool, hybrid: bool, dist: Path, headings: str = "both") -> dict:
    sources, questions, pages = load_set(folder)
    missing = [s.missing for s in sources if s.missing]
    if smoke:  # the first document at hand (a PDF with labelled pages first), its questions, its pages
        at_hand = [s for s in sources if not s.missing]
        labelled = {p.document for p in pages}
        if not at_hand:
            raise SystemExit("no document of the set is here:\n  " + "\n  ".join(missing))
        sources = sorted(at_hand, key=lambda s: s.file not in labelled)[:1]
        questions = [q for q in questions if q.document == sources[0].file]
        pages = [p for p in pages if p.document == sources[0].file]
        page, hybrid = False, False
    elif missing:
        raise SystemExit("the set needs every document; install the packages first:\n  " + "\n  ".join(missing))
    load_start, started = os.getloadavg(), time.perf_counter()
    collection, notes, docs = Collection(), [], {}
    for s in sources:
        raw = s.raw()
        if note := s.changed(raw):
            notes.append(note)
        docs[s.file] = collection.add(read_file(s.file, s.data()))
    read_s = time.perf_counter() - started
    unanswerable = [
        q.question for q in questions if not holds(answer_words(docs[q.document].text), answer_words(q.answer))
    ]
    embed = CachedEmbed() if hybrid else None
    kinds = {s.file: s.kind for s in sources}
    answers = {}
    for choice in headings_choices():
        if headings == "both" or headings == ("on" if choice else "off"):
            lab = make_lab(collection, choice)
            answers["on" if choice else "off"] = measure_answers(lab, questions, choice, embed, kinds)
    lab = make_lab(collection, False)
    passages = passage_lists(lab)
    split = [  # no technique can find these: no passage holds the whole answer
        q.question
        for q in questions
        if not any(holds(answer_words(t), answer_words(q.answer)) for _, t in passages[q.document])
    ]
    not_in_a_block = [q.question for q in questions if not in_one_block(docs[q.document], q.answer)]
    ceiling = by_kind(questions, [q.question not in split for q in questions], kinds)
    result = {
        "label": "",
        "core": core_version(),
        "set": str(folder),
        "smoke": smoke,
        "notes": notes,
        "documents": [
            {
                "file": s.file,
                "package": s.package,
                "path": str(s.path),
                "pages": docs[s.file].pages,
                "kind": s.kind,
                "language": docs[s.file].language.name if hasattr(docs[s.file], "language") else "",
                "convert": s.convert,
            }
            for s in sources
        ],
        "questions": len(questions),
        "unanswerable": unanswerable,
        "not_in_a_block": not_in_a_block,
        "split": split,
        "ceiling_by_kind": ceiling,
        "kinds": kinds,
        "read_s": round(read_s, 1),
        "furniture": measure_furniture(docs, pages),
        "answers": answers,
        "headings_option": len(headings_choices()) > 1,
        "sizes": measure_sizes(lab),
        "page": measure_page(sources, lab, dist) if page else None,
    }
    result["load"] = {"start": [round(x, 2) for x in load_start], "end": [round(x, 2) for x in os.getloadavg()]}
    result["seconds"] = round(time.perf_counter() - started)
    return result


def percent(n: int, of: int) -> str:
    return f"{100 * n / of:.1f}% ({n:,} of {of:,})" if of else "- (none labelled)"


def report(r: dict) -> str:
    f, s = r["furniture"], r["sizes"]
    kinds = f["kinds"]
    out = [
        f"Reading benchmark{' (smoke)' if r['smoke'] else ''}: {len(r['documents'])} documents "
        f"({', '.join(d['file'] for d in r['documents'])}), {r['questions']} questions, {f['pages']} labelled "
        f"pages; core {r['core']}; load {r['load']['start'][0]} at the start, {r['load']['end'][0]} at the end",
        *(f"note: {n}" for n in r["notes"]),
        "",
        "| measure | figure | goal |",
        "|---|---|---|",
        f"| furniture lines left out | {percent(f['furniture']['left_out'], f['furniture']['lines'])} | >= 95% |",
    ]
    out += [
        f"| - {k.replace('_', ' ')} | {percent(kinds[k]['left_out'], kinds[k]['lines'])} | |"
        for k in FURNITURE
        if kinds[k]["lines"]
    ]
    out.append(f"| body lines left out | {percent(f['body']['left_out'], f['body']['lines'])} | <= 1% |")
    held = r["questions"] - len(r["split"])
    out.append(f"| answer held whole by one passage of its document | {percent(held, r['questions'])} | all |")
    in_block = r["questions"] - len(r.get("not_in_a_block", []))
    out.append(f"| answer in one block of its document as read | {percent(in_block, r['questions'])} | all |")
    for headings, rows in r["answers"].items():
        for row, a in rows.items():
            out.append(f"| answer in the first {TOP}: {row}, headings {headings} | {percent(a['found'], a['of'])} | |")
    out.append(f"| passages over {LONG} words | {s['over']:,} of {s['passages']:,} | none |")
    if r["page"]:
        out.append(
            f"| page = command line (ids and texts) | {r['page']['equal']} of {r['page']['of']} documents | all |"
        )
    out += ["", *kind_table(r)]
    out += [
        "",
        "| document | pages | passages | over 120 words | longest | page = command line |",
        "|---|---|---|---|---|---|",
    ]
    for d in r["documents"]:
        sd = s["documents"].get(d["file"], {})
        pd = (r["page"] or {}).get("documents", {}).get(d["file"])
        same = "-" if pd is None else "equal" if pd["equal"] else "differ"
        if pd and pd["difference"]:
            same = f"differ: {pd['cli']} / {pd['page']} passages, first at {pd['difference']['passage']}"
        out.append(
            f"| {d['file']} | {d['pages'] or '-'} | {sd.get('passages', 0):,} | {sd.get('over', 0)} | "
            f"{sd.get('longest', 0)} | {same} |"
        )
    named = Counter()
    for k in FURNITURE:
        named.update(kinds[k]["named"])
    if named:
        out += [
            "",
            "How the reader named the furniture it left out: "
            + ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in named.most_common()),
        ]
    if f["wrong"]:
        out += ["", f"Furniture kept and body left out ({len(f['wrong'])}; the first 12):"]
        out += [
            f"  {w['document']} p. {w['page']}, {w['kind']}, {w['reader']}: {w['line'][:90]}" for w in f["wrong"][:12]
        ]
    if r["split"]:
        out += ["", "Answers no passage holds whole (cut across passages): " + "; ".join(r["split"])]
    if r.get("not_in_a_block"):
        out += ["", "Answers in no one block of their document as read: " + "; ".join(r["not_in_a_block"])]
    if r["unanswerable"]:
        out += ["", "Answers not in the text as read (a reader's cut broke them): " + "; ".join(r["unanswerable"])]
    if not r["headings_option"]:
        out.append("The lab has no headings option yet: answers with headings off only.")
    for name, pd in ((r["page"] or {}).get("documents") or {}).items():
        if pd["difference"]:
            out.append(
                f"{name}: first difference at passage {pd['difference']['passage']}: "
                f"{json.dumps(pd['difference'], ensure_ascii=False)}"
            )
    return "\n".join(out)


def kind_table(r: dict) -> list[str]:
    """Answers in the first TOP by kind of document, headings off: the ceiling (one passage holds the answer whole)
    and each row, so "no mode lower than before on any kind" can be read off two runs."""
    rows = r["answers"].get("off", {})
    ceiling = r.get("ceiling_by_kind", {})
    kinds = [k for k in KINDS_OF_DOCUMENT if k in ceiling] + sorted(set(ceiling) - set(KINDS_OF_DOCUMENT))
    documents = Counter(r.get("kinds", {}).values())
    out = [
        f"| kind (headings off) | documents | questions | ceiling | {' | '.join(rows)} |",
        "|---" * (4 + len(rows)) + "|",
    ]
    for k in kinds:
        cells = [f"{a['by_kind'].get(k, {}).get('found', 0)}" for a in rows.values()]
        out.append(
            f"| {k or '-'} | {documents[k]} | {ceiling[k]['of']} | {ceiling[k]['found']} | {' | '.join(cells)} |"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--smoke", action="store_true", help="one document, its questions, no model, no page")
    p.add_argument("--no-page", action="store_true", help="leave out the page against the command line")
    p.add_argument("--embedder", choices=["onnx", "none"], default="onnx", help="none: leave out hybrid")
    p.add_argument("--set", type=Path, default=SET, help="the labelled set (default bench/reading)")
    p.add_argument("--dist", type=Path, default=DEFAULT_DIST, help="the built site (built there when missing)")
    p.add_argument("--label", default="", help="a word for the results file: before, after")
    p.add_argument("--headings", choices=["both", "off", "on"], default="both", help="the headings option's runs")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    args = p.parse_args(argv)
    result = measure(args.set, args.smoke, not args.no_page, args.embedder == "onnx", args.dist, args.headings)
    result["label"] = args.label
    name = "reading" + (f"-{args.label}" if args.label else "") + ("-smoke" if args.smoke else "")
    path = None if args.smoke else write_results(name, result)
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else report(result), flush=True)
    print(f"written: {path.relative_to(ROOT)}" if path else smoke.NOTE, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
