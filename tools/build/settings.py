"""What one build is asked for (BuildSettings), and the pages of a site built on several corpora."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from tools.build.lab_corpus import LabCorpus, read_lab_corpus, toml_file
from tools.build.pins import BENCH_MODULES, PAGE_MODULES


@dataclass(frozen=True)
class BuildSettings:
    """What one build is asked for; the default is the site GitHub Pages publishes.

    offline: leave out numpy from the Pyodide CDN, so the page asks no other origin for anything (the tests).
    self_hosted_model: a folder of the language model's files to ship inside the site under hub/, where the
    page then fetches them instead of from GENERATE_HOST (the tests ship the stand-in, tools/qwen_stub.py).
    bench_hooks: ship the benchmarks' hooks (BENCH_MODULES) beside the page's modules (the tests, bench/).
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

    bench_hooks: bool = False

    def page_modules(self) -> tuple[str, ...]:
        """The glue modules beside main.py this build ships: PAGE_MODULES, and BENCH_MODULES when asked for."""
        return PAGE_MODULES + (BENCH_MODULES if self.bench_hooks else ())

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
    from raglab.documents.file_names import slug_for

    return slug_for(Path(folder).resolve().name, [*taken, "yours", "index", "pyscript", "raglab"])


def corpus_name(folder: Path) -> str:
    """What the switch calls a corpus: its page.toml's ``name``, else raglab.documents.corpus.lab_name's."""
    from raglab.documents.collect_files import read_folder
    from raglab.documents.corpus import lab_name
    from raglab.documents.corpus_folder import folder_file

    page = folder_file(folder, "page.toml")
    named = toml_file(page).get("name") if page else None
    if named:
        return str(named)
    documents = read_folder(folder)[0].documents
    return lab_name(Path(folder).resolve().name, [d.title for d in documents])
