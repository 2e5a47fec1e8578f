"""Questions asked again on the same folder from the command line (issue 21, item 9): ``raglab --corpus DIR ask
hybrid`` read every PDF again on every call (7.1 s for a second question on the R FAQ, at load 6).

    .venv/bin/python -m bench.cli_repeat [--before REV] [--rounds 3] [--manuals R-intro R-data R-admin] [--smoke]

The folder holds R manuals from Debian's r-doc-pdf (copied to a temporary folder). Each call is a fresh process,
``python -m raglab --corpus DIR ask hybrid QUESTION``, timed from start to exit (wall clock). A round, for each
code in turn, on a fresh cache folder (``$RAGLAB_CACHE``) holding only the folder's passage vectors, made before
the rounds and kept in .cache/bench/cli_repeat/ (embedding R-intro, R-data and R-admin's 2,885 passages takes
minutes on the first run; both codes key vectors alike):

- first: a question on the folder, never read before (each file read; this code's readings kept, if it keeps any);
- second: another question (its own vector made: the model loads);
- again: the second question once more (every vector kept);
- changed: a question after one PDF's bytes changed (a comment appended: it reads the same).

``--before REV`` also runs the code of a git revision (its ``py/`` folder, from ``git archive``), the two codes
alternating which goes first every round. Prints medians and before/after ratios with the load average; writes
bench/results/cli_repeat-*.json.

``--smoke`` (bench/smoke.py): two one-page PDFs made with fpdf2 in place of the manuals, one round, HEAD as
``--before`` unless one is given, the vectors in the run's temporary folder; no results file.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import cli, smoke
from bench.page_runs import ROOT, load_now, write_results
from raglab.models.onnx_embed import default_model_dir

MANUALS = Path("/usr/share/doc/r-doc-pdf/manual")
VECTORS = ROOT / ".cache" / "bench" / "cli_repeat" / "vectors.sqlite"  # the manuals' passage vectors, kept
SEED = "What is R?"  # the seeding call's question: the rounds' questions are never in VECTORS
QUESTIONS = {
    "first": "How do I install R on Linux?",
    "second": "How do I read a spreadsheet into R?",
    "again": "How do I read a spreadsheet into R?",
    "changed": "How do I import data from a relational database?",
}
SMOKE_DOCUMENTS = {  # --smoke: a couple of short documents, one page each
    "install": ["R is installed on Linux from the distribution's packages.", "Type R in a shell to start it."],
    "import": ["read.csv reads a spreadsheet saved as CSV.", "DBI connects R to a relational database."],
}


def ask(code: Path, folder: Path, cache: Path, question: str) -> float:
    """One call's wall time, in seconds (a failed call stops the benchmark)."""
    env = {
        **os.environ,
        "PYTHONPATH": str(code),
        "RAGLAB_CACHE": str(cache),
        "RAGLAB_MODEL_DIR": str(default_model_dir()),
    }
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "raglab", "--corpus", str(folder), "ask", "hybrid", question],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def code_at(rev: str, into: Path) -> Path:
    """The ``py/`` folder of a git revision, extracted into ``into``."""
    archive = subprocess.run(["git", "archive", rev, "py"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "py"


def made_documents(into: Path) -> list[Path]:
    """SMOKE_DOCUMENTS as one-page PDFs in ``into``: a folder without r-doc-pdf."""
    into.mkdir(parents=True)
    return [smoke.made_pdf(into / f"{name}.pdf", lines) for name, lines in SMOKE_DOCUMENTS.items()]


def fresh(manuals: list[Path], work: Path, vectors: Path = VECTORS) -> tuple[Path, Path]:
    """A fresh copy of the folder, and a cache folder holding only ``vectors`` (if made yet)."""
    folder, cache = work / "docs", work / "cache"
    shutil.rmtree(work, ignore_errors=True)
    folder.mkdir(parents=True)
    cache.mkdir()
    for manual in manuals:
        shutil.copyfile(manual, folder / manual.name)
    if vectors.is_file():
        shutil.copyfile(vectors, cache / "vectors.sqlite")
    return folder, cache


def one_round(code: Path, manuals: list[Path], work: Path, vectors: Path = VECTORS) -> dict[str, float]:
    """The four calls of a round, on a fresh copy of the folder and a cache holding only its passages' vectors."""
    folder, cache = fresh(manuals, work, vectors)
    times = {}
    for kind, question in QUESTIONS.items():
        if kind == "changed":
            with open(folder / manuals[-1].name, "ab") as pdf:
                pdf.write(b"\n% changed\n")
        times[kind] = round(ask(code, folder, cache, question), 3)
    return times


def main(argv=None) -> int:
    parser = cli.parser(__doc__, rounds=3)
    parser.add_argument("--before", help="a git revision to compare with (its py/ folder)")
    parser.add_argument("--manuals", nargs="+", default=["R-intro", "R-data", "R-admin"])
    args = cli.parse(parser, argv, rounds=1)
    args.before = args.before or ("HEAD" if args.smoke else None)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        manuals = made_documents(work / "made") if args.smoke else [MANUALS / f"{n}.pdf" for n in args.manuals]
        vectors = work / "vectors.sqlite" if args.smoke else VECTORS  # a smoke run keeps nothing
        codes = {"after": ROOT / "py"}
        if args.before:
            (work / "before").mkdir()
            codes = {"before": code_at(args.before, work / "before"), **codes}
        print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        # Compiled modules are kept (in the run's own folder), as an installed raglab's are.
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
        folder, cache = fresh(manuals, work / "seed", vectors)
        # Not in the figures: each code compiles its modules, and the first call embeds what VECTORS lacks.
        seeding = {name: round(ask(code, folder, cache, SEED), 3) for name, code in reversed(codes.items())}
        vectors.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(cache / "vectors.sqlite", vectors)
        print(f"seeding calls: {seeding} s; the folder's vectors kept in {vectors}", flush=True)
        runs = []
        for round_ in range(args.rounds):
            order = list(codes) if round_ % 2 == 0 else list(reversed(codes))
            for name in order:
                times = one_round(codes[name], manuals, work / "run", vectors)
                runs.append({"code": name, "round": round_, **times, "load_average": load_now()})
                print(f"round {round_ + 1} {name:6}: {times} (load average {load_now()})", flush=True)
    medians = {
        name: {kind: statistics.median(r[kind] for r in runs if r["code"] == name) for kind in QUESTIONS}
        for name in codes
    }
    loads = [r["load_average"] for r in runs]
    print(f"\nmedians over {args.rounds} rounds, load average {min(loads)}-{max(loads)}:")
    print(f"{'call':<8}" + "".join(f"{name:>10}" for name in codes) + ("     ratio" if "before" in codes else ""))
    for kind in QUESTIONS:
        line = f"{kind:<8}" + "".join(f"{medians[name][kind]:>9.2f}s" for name in codes)
        if "before" in codes:
            line += f"{medians['before'][kind] / medians['after'][kind]:>9.1f}x"
        print(line)
    if args.smoke:
        print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {smoke.NOTE}")
        return 0
    path = write_results(
        "cli_repeat",
        {
            "manuals": args.manuals,
            "questions": QUESTIONS,
            "before": args.before,
            "seeding_calls_s": seeding,
            "medians_s": medians,
            "runs": runs,
        },
    )
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
