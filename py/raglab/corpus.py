"""The corpus: documents plus the editable data beside them (word list, entities, presets, labelled questions).

A corpus is a folder. Each document is a Markdown file named ``NN-slug.md`` (``03-ferry.md``): ``NN`` sets the
order, ``slug`` the passage ids, and the first line ``# Title`` the title; the rest is the text. Beside them,
all optional, TOML files that a course author can edit:

- ``synonyms.toml``: ``[related] boat = ["ferry"]``, the word list of query rewriting;
- ``entities.toml``: ``[[entity]] name = "Mira Okafor", aliases = ["Mira"]``, the names of the graph;
- ``presets.toml``: ``[presets] plain = ["How much does the ferry cost?"]`` per technique, plus the hand-written
  ``[rewrites]`` (multi-query) and ``[hypothetical]`` answers (HyDE), keyed by question;
- ``questions.toml``: ``[[question]] text = "...", answers = ["ferry-1"]``, the labelled question set.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .text import search_words, split_sentences


def default_corpus_dir() -> Path:
    """The Fernport corpus: ``$RAGLAB_CORPUS`` if set; else a copy packed inside the package (as the site ships
    it to Pyodide, ``raglab/corpus/fernport``); else the repository's ``corpus/fernport``."""
    if os.environ.get("RAGLAB_CORPUS"):
        return Path(os.environ["RAGLAB_CORPUS"])
    here = Path(__file__).resolve().parent
    packed = here / "corpus" / "fernport"
    return packed if packed.is_dir() else here.parents[1] / "corpus" / "fernport"

_DOC_NAME = re.compile(r"^(\d+)-([a-z0-9][a-z0-9_]*)\.md$")


class CorpusError(ValueError):
    """A corpus folder or one of its files cannot be read; the message says which and why."""


@dataclass(frozen=True)
class Document:
    slug: str
    title: str
    text: str

    @cached_property
    def sentences(self) -> list[str]:
        return split_sentences(self.text)


@dataclass(frozen=True)
class Entity:
    name: str
    aliases: tuple[str, ...] = ()

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class LabelledQuestion:
    text: str
    answers: tuple[str, ...]  # ids of the 2-sentence passages that answer it


@dataclass(frozen=True)
class Corpus:
    name: str
    documents: tuple[Document, ...]
    related_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    entities: tuple[Entity, ...] = ()
    presets: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rewrites: dict[str, tuple[str, ...]] = field(default_factory=dict)
    hypothetical: dict[str, str] = field(default_factory=dict)
    questions: tuple[LabelledQuestion, ...] = ()

    def document(self, slug: str) -> Document:
        for doc in self.documents:
            if doc.slug == slug:
                return doc
        raise KeyError(slug)

    def answers_for(self, question: str) -> tuple[str, ...] | None:
        """The labelled answer ids of a question, matched without regard to case or spacing; None if unlabelled."""
        key = _question_key(question)
        for q in self.questions:
            if _question_key(q.text) == key:
                return q.answers
        return None


def _question_key(text: str) -> str:
    return " ".join(text.lower().split())


def _read_toml(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise CorpusError(f"{path.name}: {e}") from e


def read_document(path: Path) -> Document:
    m = _DOC_NAME.match(path.name)
    if not m:
        raise CorpusError(f"{path.name}: a document is named NN-slug.md, like 03-ferry.md")
    lines = path.read_text(encoding="utf-8").strip().splitlines()
    if not lines or not lines[0].startswith("# "):
        raise CorpusError(f"{path.name}: the first line must be the title, as '# Title'")
    text = " ".join(line.strip() for line in lines[1:] if line.strip())
    if not text:
        raise CorpusError(f"{path.name}: the document has a title but no text")
    return Document(slug=m.group(2), title=lines[0][2:].strip(), text=text)


def _related_words(table: dict) -> dict[str, tuple[str, ...]]:
    # Keys and values go through the search-word rules, so the list matches what a question becomes.
    related: dict[str, tuple[str, ...]] = {}
    for key, values in table.get("related", {}).items():
        for word in search_words(key):
            extra = [w for value in values for w in search_words(value) if w != word]
            related[word] = tuple(dict.fromkeys(related.get(word, ()) + tuple(extra)))
    return related


def load_corpus(folder: str | Path | None = None) -> Corpus:
    folder = Path(folder) if folder is not None else default_corpus_dir()
    if not folder.is_dir():
        raise CorpusError(f"{folder}: no such corpus folder")
    paths = [p for p in folder.glob("*.md") if p.name.lower() != "readme.md"]
    misnamed = [p.name for p in paths if not _DOC_NAME.match(p.name)]
    if misnamed:
        raise CorpusError(f"{misnamed[0]}: a document is named NN-slug.md, like 03-ferry.md")
    docs = tuple(read_document(p) for p in sorted(paths, key=lambda p: int(_DOC_NAME.match(p.name)[1])))
    if not docs:
        raise CorpusError(f"{folder}: no documents (files named NN-slug.md)")
    slugs = [d.slug for d in docs]
    if len(set(slugs)) != len(slugs):
        raise CorpusError(f"{folder}: two documents share a slug")
    entities = tuple(
        Entity(e["name"], tuple(e.get("aliases", ()))) for e in _read_toml(folder / "entities.toml").get("entity", [])
    )
    presets = _read_toml(folder / "presets.toml")
    questions = tuple(
        LabelledQuestion(q["text"], tuple(q["answers"]))
        for q in _read_toml(folder / "questions.toml").get("question", [])
    )
    return Corpus(
        name=folder.name,
        documents=docs,
        related_words=_related_words(_read_toml(folder / "synonyms.toml")),
        entities=entities,
        presets={k: tuple(v) for k, v in presets.get("presets", {}).items()},
        rewrites={k: tuple(v) for k, v in presets.get("rewrites", {}).items()},
        hypothetical=dict(presets.get("hypothetical", {})),
        questions=questions,
    )
