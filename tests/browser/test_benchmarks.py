"""Every benchmark still runs (issue 22): each one's smoke mode (bench/smoke.py: the fewest files, one round, no
results file) on the session's built site, under its Content-Security-Policy, to its end and its figures.

The figures are not checked (a smoke run measures nothing); that the benchmark got to print them is. Benchmarks
not here have no smoke mode yet: bench/README.md, "Smoke mode", names them and why.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from bench.reading import SET, load_set
from bench.smoke import NOTE
from tests.core.test_bench_reading import made_set

ROOT = Path(__file__).resolve().parents[2]

# module -> (takes --dist, a line of its figures that only its end prints)
BENCHMARKS = {
    "scifact_page": (True, "| reload | Ready (ms) |"),
    "own_documents": (True, "drop to answer / MiniSearch, 1 file:"),
    "vectors_feedback": (True, "ours/before"),
    "generate": (True, "longest main-thread task while any answer streamed:"),
    "embed_threads": (True, "to CPython same threads"),
    "embed": (True, "cold / cached (load + first vector):"),
    "embed_weights": (True, "load 1st/cached ms"),
    "hostile_page": (True, "at the end"),
    "startup": (True, "index.html, the median load"),
    "compare_map": (True, "map / meaning search, 20 passages:"),
    "page_length": (True, "| the whole page |"),
    "reading_progress": (True, "bar at 1/4, 1/2, 3/4 of the time:"),
    "browser_keyword": (False, "query ms (median, p90)"),
    "cli_repeat": (False, "medians over"),
    "scifact": (False, "hybrid, BM25 on Snowball stems + dense / ties lab"),
    "keyword_speed": (False, "ours simple score"),
    "dense_cache": (False, "claims: "),
    "reading": (False, "| passages over 120 words |"),
    "languages": (False, "| union |"),
    "names": (False, "| sampled names that are names (of those labelled) |"),
    "hostile": (False, "hostile file"),
    "scoreboard_size": (False, "rows tied, hit@3"),
}
RUN_TIMEOUT_S = 600  # one smoke run on 2 busy shared cores (all of them took 410 s together at load 10-13)


READS_THE_SET = ("reading", "names")  # the reading benchmark's labelled set of Debian manuals


def reading_set(tmp_path: Path) -> Path:
    """The reading set where its first manual is installed (a Debian package), else the small labelled manual
    tests/core/test_bench_reading.py makes: a clean clone on a machine without the packages needs no apt. (SciFact,
    which the page benchmarks read, has a stand-in of its own: bench.scifact_data.scifact_or_stand_in.)"""
    sources, _, _ = load_set(SET)
    return SET if not sources[0].missing else made_set(tmp_path)


@pytest.mark.parametrize("name", BENCHMARKS)
def test_benchmark_runs_to_its_figures(name, dist, tmp_path):
    takes_dist, figures = BENCHMARKS[name]
    command = [sys.executable, "-m", f"bench.{name}", "--smoke", *(["--dist", str(dist)] if takes_dist else [])]
    command += ["--set", str(reading_set(tmp_path))] if name in READS_THE_SET else []
    done = subprocess.run(
        command,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{said[-3000:]}"
    assert figures in done.stdout, f"{name} printed no figures:\n{said[-3000:]}"
    if name != "hostile":  # hostile writes no results file in any mode (hostile_page neither, but says NOTE)
        assert NOTE in said, f"{name} did not run as a smoke run:\n{said[-3000:]}"
