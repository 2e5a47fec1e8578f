"""The build's steps in their order, and the build that runs them and says what it made."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from tools.build.config import write_pyscript_config
from tools.build.offline import write_offline_manifest
from tools.build.pack import pack_raglab
from tools.build.pins import ROOT
from tools.build.prerender import prerender
from tools.build.settings import BuildSettings
from tools.build.vendor import (
    copy_models,
    copy_pages,
    self_host_model,
    vendor_document_readers,
    vendor_pyodide,
    vendor_pyscript,
    vendor_transformers,
    vendor_wheels,
)


def other_pages(dist: Path, settings: BuildSettings) -> None:
    """With more than one corpus: each other corpus's page, its raglab zip, vectors and config (ledger.html,
    raglab-ledger.zip, data/vectors-ledger.json, pyscript-ledger.json), the lab as index.html has it."""
    for page, folder in zip(settings.pages[1:], settings.more, strict=True):
        one = replace(settings, corpus=folder, page=page.key, first=settings.corpus)
        for step in (prerender, pack_raglab, write_pyscript_config):
            step(dist, one)


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
