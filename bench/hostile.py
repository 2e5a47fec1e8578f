"""Hostile text in CPython: each reader's time on a long run of one mark, at n and 4n characters, interleaved; the
ratio is 4 when the time grows linearly with the text (a pattern that reads a run once from each of its marks gives
16). Issue 24's rows: 100,000 full stops took 40 s for 2 words; 100,000 "[" in Markdown 2 minutes. Then hostile
files (FILES: a .docx that unzips to 30 MB, a PDF of 65,536 pages made of 17 objects, bad zips, TOML nested deep):
each one's time, peak memory (traced) and what the lab says.

    .venv/bin/python -m bench.hostile [--size 100000] [--rounds 3] [--smoke] [--files] [--folder 10,20] [--cli]

Prints, for each reader, the mark it is slowest on (at 4n) with that mark's ratio, and the machine's load (a ratio
of times under a millisecond is noise; the slowest mark's is the one that says how time grows). ``--files``: the
hostile files only. ``--folder MB,MB``: "a folder of many large files" (issue 24: 4.7 GB peak), made of text files of
2 MB of distinct sentences, so many MB in all; for each size, ``raglab --corpus DIR ask plain`` and ``ask chunk_size``
(the keyword technique that cuts the most: sentences 1, 2 and 4 at a time, each size indexed) in a fresh process
(its own empty cache, then the one plain's call filled) with its time and peak resident memory, and where the peak
comes from: the same files read (``read_file``), the keyword index built and asked, then the names Graph RAG reads
(found by rules, ``find_names``), each phase's peak in one fresh process. ``--techniques plain,graph`` asks others.
``--cli``: issue 24's rows that reach the command line (CLI_ROWS), each a folder beside a good file, ``raglab
--corpus DIR ask plain`` in a fresh process: its exit status, time, peak resident memory and first line;
``--baseline OTHER/py`` runs each row with another tree's code first (interleaved), ``--only 36`` issue 36's rows.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from tests.fixtures import (
    make_docx,
    make_docx_bomb,
    make_drawing_bomb_pdf,
    make_entities_docx,
    make_many_items_pdf,
    make_page_tree_pdf,
    make_shared_page_pdf,
    make_zip,
    make_zip_bomb,
    zip_with,
)

from raglab.documents.markup import html_text, markdown_text
from raglab.documents.readers import read_file
from raglab.documents.text import paragraphs, split_sentences
from raglab.documents.zip_import import from_zip

# Every punctuation mark, bracket, markup character and space a reader treats specially (tests/core/test_hostile_text.py
# feeds each, 100,000 long, to every reader).
MARKS = [
    ".",
    "!",
    "?",
    "[",
    "]",
    "(",
    ")",
    "<",
    ">",
    "<!--",
    "-->",
    "<a ",
    "</",
    "[a](",
    "![",
    "#",
    "-",
    "*",
    "`",
    "_",
    "=",
    '"',
    "“",
    "'",
    ":",
    ";",
    "\\",
    "&",
    " ",
    "\n",
    "\t",
    "\r\n",
    "e.g. ",
    "A. ",
    "Dr. ",
]
READERS = {
    "sentences": split_sentences,
    "paragraphs": paragraphs,
    "markdown": markdown_text,
    "html": html_text,
    "a .md file": lambda text: read_file("notes.md", text.encode()),
}


# Issue 36's files (tests/core/test_hostile_files.py and tests/browser/test_hostile_drops.py read the same): what
# a file expands to, past what it claims.
ISSUE_36 = {
    "PDF, 9,999 kids sharing one page (61 KB)": lambda: ("kids.pdf", make_shared_page_pdf(9_999)),
    "PDF, one page of 300,000 text items (1.2 MB)": lambda: ("items.pdf", make_many_items_pdf(300_000)),
    ".docx, 400,000 paragraphs (under every size bound)": lambda: (
        "paragraphs.docx",
        make_docx([f"{n}" for n in range(400_000)]),
    ),
    ".docx, XML entities (1 KB)": lambda: ("entities.docx", make_entities_docx()),
    "PDF, a stream that unzips to 1 GB (2 MB)": lambda: ("drawing.pdf", make_drawing_bomb_pdf(1_000_000_000)),
    ".docx, its directory says 372 KB zipped": lambda: (
        "liar.docx",
        zip_with(make_docx_bomb(20_000_000), "word/document.xml", zipped=372_000),
    ),
}
_NOTES = " ".join(f"Boat {n} sails at {n % 24}." for n in range(250_000)).encode()  # 5 MB, packed 5 to 1
_TWO_FILES = {"good.txt": b"The ferry leaves at eight.", "notes.txt": _NOTES}
# Issue 24's hostile files, made in memory (tests/core/test_hostile_files.py reads the same): (file name, bytes).
FILES = {
    "docx, 30 MB of XML in 30 KB": lambda: ("bomb.docx", make_docx_bomb(30_000_000)),
    "docx, 20 MB of XML in 60 KB": lambda: ("bomb.docx", make_docx_bomb(20_000_000)),
    "docx, its directory says 2 KB": lambda: (
        "liar.docx",
        zip_with(make_docx_bomb(30_000_000), "word/document.xml", size=2_000),
    ),
    "docx, a bad checksum": lambda: (
        "bad.docx",
        zip_with(make_docx(["Boats sail."] * 50), "word/document.xml", damaged=True),
    ),
    "PDF, 65,536 pages of 17 objects": lambda: ("tree.pdf", make_page_tree_pdf(16)),
    "PDF, the same, /Count says 1": lambda: ("tree.pdf", make_page_tree_pdf(16, 1)),
    "zip, a bad checksum": lambda: ("documents.zip", zip_with(make_zip(_TWO_FILES), "notes.txt", damaged=True)),
    "zip, an encrypted file": lambda: ("documents.zip", zip_with(make_zip(_TWO_FILES), "notes.txt", encrypted=True)),
    "zip, a file that says 200 bytes": lambda: ("documents.zip", zip_with(make_zip(_TWO_FILES), "notes.txt", size=200)),
    "zip, 20 MB of text in 40 KB": lambda: (
        "documents.zip",
        make_zip_bomb({"good.txt": b"The ferry leaves at eight."}, "bomb.txt", 20_000_000, b"Boats sail. "),
    ),
    "zip of 30,001 files": lambda: ("documents.zip", make_zip({f"{n}": b"" for n in range(30_001)})),
    "synonyms.toml 5,000 deep, in a zip": lambda: (
        "documents.zip",
        make_zip({**_TWO_FILES, "synonyms.toml": b"[related]\nboat = " + b"[" * 5000 + b"]" * 5000}),
    ),
    **{f"36: {row}": make for row, make in ISSUE_36.items()},
    "36: zip of 10,001 small files": lambda: (
        "many.zip",
        make_zip({f"n{n}.txt": b"Boat %d sails at noon." % n for n in range(10_001)}),
    ),
    "36: zip of 30,000 small files (the issue's row)": lambda: (
        "many.zip",
        make_zip({f"n{n}.txt": b"Boat %d sails at noon." % n for n in range(30_000)}),
    ),
}


def read_hostile(name: str, data: bytes) -> tuple[str, float, float]:
    """What the lab says of a file (its first problem, or "read"), in how many seconds, at what peak of memory (MB,
    traced by tracemalloc in a second reading, since tracing slows Python's own work several times). A zip is read
    as the page imports one, the rest as files."""
    import mammoth  # noqa: F401  (imported before the clock starts: an import under tracemalloc takes seconds)
    import pypdf  # noqa: F401

    def said() -> str:
        try:
            if name.endswith(".zip"):
                skipped = from_zip(data, name).skipped
                return str(skipped[0]) if skipped else "read"
            read_file(name, data)
            return "read"
        except Exception as e:  # a ReadError's sentence, or (before issue 24) a traceback's last line
            return str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"

    started = time.perf_counter()
    sentence = said()
    seconds = time.perf_counter() - started
    tracemalloc.start()
    said()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return sentence, seconds, peak


def timed(read, text: str) -> float:
    started = time.perf_counter()
    read(text)
    return time.perf_counter() - started


def growth(read, mark: str, size: int, rounds: int) -> tuple[float, float]:
    """(median time at 4 * size / median time at size, median time at 4 * size), A B A B."""
    small, large = [], []
    texts = ["Boats sail. " + mark * (n // len(mark)) for n in (size, 4 * size)]
    for _ in range(rounds):
        small.append(timed(read, texts[0]))
        large.append(timed(read, texts[1]))
    return statistics.median(large) / max(statistics.median(small), 1e-6), statistics.median(large)


FILE_CHARS = 2_000_000
QUESTION = "When does the ferry leave?"  # search words, so every technique builds its index
_PHASES = """
import resource, sys, time
from pathlib import Path
from raglab import Lab
from raglab.documents.corpus import Corpus
from raglab.documents.readers import read_file
from raglab.graph.names import find_names
from raglab.techniques import run
def peak(): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
started = time.perf_counter()
def said(phase): print(f"{phase} {peak():.0f} {time.perf_counter() - started:.1f}", flush=True)
docs = [read_file(p.name, p.read_bytes()) for p in sorted(Path(sys.argv[1]).iterdir())]
said("read")
run(Lab(Corpus("big", tuple(docs))), "plain", sys.argv[2])
said("asked")
find_names(docs)
said("names")
"""


def make_folder(folder: Path, megabytes: int) -> None:
    """Text files of FILE_CHARS characters each, ``megabytes`` MB in all, of sentences of 12 words drawn from 20,000
    made-up words (the same every run), so no file is another's copy and the index holds many distinct words."""
    rng = random.Random(24)
    words = ["".join(rng.choice("aeioubcdfghklmnprstvw") for _ in range(rng.randint(3, 9))) for _ in range(20_000)]
    for n in range(megabytes * 1_000_000 // FILE_CHARS):
        out, size = [], 0
        while size < FILE_CHARS:
            sentence = " ".join(rng.choice(words) for _ in range(12)).capitalize() + ". "
            out.append(sentence)
            size += len(sentence)
        (folder / f"file{n:03}.txt").write_text("".join(out), encoding="utf-8")


def peak_of(command: list[str], env: dict) -> tuple[float, float, str]:
    """(seconds, peak resident MB, stdout) of a command run to its end in a fresh process."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    out = process.stdout.read() if process.stdout else ""
    _, _, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss / 1e3, out


def folder_peaks(sizes: list[int], techniques: list[str]) -> None:
    print(f"{'folder':>8} {'raglab ask':>22} {'peak':>9} | phases in one process: peak MB (seconds)")
    for megabytes in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            folder, env = Path(tmp) / "big", {**os.environ, "RAGLAB_CACHE": str(Path(tmp) / "cache")}
            folder.mkdir()
            make_folder(folder, megabytes)
            for technique in techniques:
                ask = [sys.executable, "-m", "raglab.cli", "--corpus", str(folder), "ask", technique, QUESTION]
                seconds, peak, _ = peak_of(ask, env)
                print(f"{megabytes:>5} MB {technique:>12} {seconds:>8.1f} s {peak:>6.0f} MB")
            _, _, phases = peak_of([sys.executable, "-c", _PHASES, str(folder), QUESTION], env)
            said = ", ".join(f"{name} {mb} ({s} s)" for name, mb, s in (line.split() for line in phases.splitlines()))
            print(f"{megabytes:>5} MB {'':>22} {'':>9} | {said}")


GOOD = ("good.txt", b"The ferry leaves at eight. A ticket costs six coins.")
# Issue 24's rows that reach the command line, each a folder: name -> (what goes beside the good file: (name, bytes)
# or a function making it in the folder). Its done-when: every one ends in exit 2 (or the file skipped with its
# sentence and the rest searched) within 10 s, with bounded memory.
CLI_ROWS = {
    "PDF, one page of 1 GB of drawing operators": lambda: ("drawing.pdf", make_drawing_bomb_pdf(1_000_000_000)),
    "PDF, one page of 70 MB of drawing operators": lambda: ("drawing.pdf", make_drawing_bomb_pdf(70_000_000)),
    "PDF, a page tree of 2^30 pages (a DAG)": lambda: ("dag.pdf", make_page_tree_pdf(30)),
    ".docx, 200 MB of XML": lambda: ("bomb.docx", make_docx_bomb(200_000_000)),
    "corpus folder, <!-- page 400000000 -->": lambda: (
        "02-notes.md",
        b"# Notes\n\n<!-- page 400000000 -->\nBoats sail.\n",
    ),
    "synonyms.toml nested 5,000 deep": lambda: ("synonyms.toml", b"[related]\nboat = " + b"[" * 5000 + b"]" * 5000),
    '"Boats sail" + 100,000 full stops': lambda: ("stops.txt", b"Boats sail" + b"." * 100_000),
    '"Boats sail. " + 100,000 [ (.md)': lambda: ("brackets.md", b"Boats sail. " + b"[" * 100_000),
    "a FIFO named notes.txt": lambda: ("notes.txt", os.mkfifo),
    "a link to a file outside the folder": lambda: ("outside.txt", lambda path: path.symlink_to("/etc/hostname")),
    "a file name with terminal escapes": lambda: ("\x1b[31mred\x1b[0m.txt", b"Boats sail at noon."),
    **{f"36: {row}": make for row, make in ISSUE_36.items()},
}
BASELINE_SECONDS, BASELINE_BYTES = 60, 2_000_000_000  # a baseline row is stopped past these (time, address space)


def _cli_row(folder: Path, env: dict, limited: bool) -> tuple[int, float, float, str]:
    """``raglab --corpus folder ask plain`` in a fresh process: (exit status, seconds, peak MB, first line); a
    ``limited`` run (the baseline) is stopped past BASELINE_SECONDS (status -9) and refused more than BASELINE_BYTES
    of address space."""
    import resource
    import threading

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (BASELINE_BYTES, BASELINE_BYTES))

    ask = [sys.executable, "-m", "raglab.cli", "--corpus", str(folder), "ask", "plain", QUESTION]
    started = time.perf_counter()
    process = subprocess.Popen(
        ask, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True, preexec_fn=limit if limited else None
    )
    timer = threading.Timer(BASELINE_SECONDS, process.kill)
    if limited:
        timer.start()
    said = process.stdout.read() if process.stdout else ""
    _, status, usage = os.wait4(process.pid, 0)
    timer.cancel()
    seconds = time.perf_counter() - started
    lines = [t for t in said.splitlines() if t.strip()]
    line = next((t for t in lines if "Error" in t), lines[0] if lines else "")  # a traceback's own line, if any
    return os.waitstatus_to_exitcode(status), seconds, usage.ru_maxrss / 1e3, line


def cli_rows(baseline: str | None = None, only: str = "") -> None:
    """Each row as a folder beside a good file (a corpus folder's row beside 01-good.md), ``raglab --corpus DIR ask
    plain`` in a fresh process with an empty cache: its exit status, time, peak resident memory and first line.
    ``baseline``: another tree's py/ folder, each row run with it first (A B, interleaved), its time and memory
    stopped past BASELINE_SECONDS and BASELINE_BYTES."""
    print(f"{'row':<52} {'code':>5} {'exit':>4} {'time':>7} {'peak':>8}  what it says")
    for row, make in CLI_ROWS.items():
        if only and not any(w in row for w in only.split(",")):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "docs"
            folder.mkdir()
            name, content = make()
            corpus = name.endswith(".md") and name[:2].isdigit()
            good = ("01-good.md", b"# Good\n\n" + GOOD[1]) if corpus else GOOD
            (folder / good[0]).write_bytes(good[1])
            path = folder / name
            path.write_bytes(content) if isinstance(content, bytes) else content(path)
            trees = ([("baseline", baseline)] if baseline else []) + [("this", None)]
            for n, (label, tree) in enumerate(trees):
                env = {**os.environ, "RAGLAB_CACHE": str(Path(tmp) / f"cache{n}")}
                if tree:
                    env["PYTHONPATH"] = tree
                code, seconds, peak, line = _cli_row(folder, env, limited=tree is not None)
                print(
                    f"{row[:52]:<52} {label:>5} {code:>4} {seconds:>6.2f}s {peak:>5.0f} MB  {line[:100]!r}", flush=True
                )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="a few marks, small texts, one round")
    parser.add_argument("--files", action="store_true", help="the hostile files only")
    parser.add_argument("--folder", help="only a folder of large text files of these sizes in MB: 10,20")
    parser.add_argument("--techniques", default="plain,chunk_size", help="what --folder asks: plain,chunk_size")
    parser.add_argument("--cli", action="store_true", help="only issue 24's rows on the command line, a folder each")
    parser.add_argument("--baseline", help="with --cli: another tree's py/ folder, run first on each row")
    parser.add_argument("--only", default="", help="with --cli: rows whose label holds one of these words")
    args = parser.parse_args(argv)
    if args.cli:
        print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        cli_rows(args.baseline, args.only)
        print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return 0
    if args.folder:
        print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        folder_peaks([int(mb) for mb in args.folder.split(",")], args.techniques.split(","))
        print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return 0
    size, rounds, marks = (2_000, 1, MARKS[:4]) if args.smoke else (args.size, args.rounds, MARKS)
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if not args.files:
        print(f"{'reader':<12} {'slowest mark':>12} {'time at 4n':>11} {'n->4n ratio':>12}")
        for name, read in READERS.items():
            seconds, ratio, mark = max((*reversed(growth(read, mark, size, rounds)), mark) for mark in marks)
            print(f"{name:<12} {mark!r:>12} {seconds:>10.3f}s {ratio:>12.1f}")
    print(f"{'hostile file':<36} {'time':>7} {'peak':>8}  the lab says")
    for case, make in list(FILES.items())[: 3 if args.smoke else None]:
        said, seconds, peak = read_hostile(*make())
        print(f"{case:<36} {seconds:>6.2f}s {peak:>5.1f} MB  {said[:100]}")
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
