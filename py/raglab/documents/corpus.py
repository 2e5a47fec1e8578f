"""The corpus and its documents: a document's text, pages and sections, the names and labelled questions beside
them, and what the page calls a corpus nobody named.

A corpus is a folder (``corpus_folder.py``): each document a Markdown file named ``NN-slug.md`` (``03-ferry.md``,
``corpus_markdown.py``), beside it the TOML files a course author can edit (``corpus_data.py``). A CorpusError says
which file cannot be read and why.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .language import Language, language_of
from .steps import Steps
from .text import outline, outline_steps


def default_corpus_dir() -> Path:
    """The Fernport corpus: ``$RAGLAB_CORPUS`` if set; else a copy packed inside the package (as the site ships
    it to Pyodide, ``raglab/corpus/fernport``); else the repository's ``corpus/fernport``."""
    if os.environ.get("RAGLAB_CORPUS"):
        return Path(os.environ["RAGLAB_CORPUS"])
    package = Path(__file__).resolve().parents[1]  # raglab/, this file being raglab/documents/corpus.py
    packed = package / "corpus" / "fernport"
    return packed if packed.is_dir() else package.parents[1] / "corpus" / "fernport"


SLUG = re.compile(r"[a-z0-9][a-z0-9_]*")  # a slug starts every passage id ({slug}-{n}), so it holds no "-"
DOCUMENT_NAME = re.compile(rf"^(\d+)-({SLUG.pattern})\.md$")
MAX_PAGES = 10_000  # pages of one document: a PDF reader reads no more, and a page marker may not count past it


class CorpusError(ValueError):
    """A corpus folder or one of its files cannot be read; the message says which and why."""


SECTION_SEPARATOR = " › "  # between the headings of a section path: "4 Function reference › 4.3 DER functions"


@dataclass(frozen=True)
class Document:
    """A document: its text, and where that text came from.

    ``source`` is the file a visitor's document was read from ("report.pdf"; "" for the course's own documents).
    A PDF's pages are joined into one text; ``page_starts`` holds the offset where each page starts (page 1 at 0),
    and each sentence belongs to the page where it starts:

    >>> text, starts = join_pages(["The ferry crosses in 40 minutes. A fare", "costs 6 coins.", "Bikes ride free."])
    >>> doc = Document("report", "report.pdf", text, "report.pdf", starts)
    >>> list(zip(doc.sentences, doc.sentence_pages))
    [('The ferry crosses in 40 minutes.', 1), ('A fare costs 6 coins.', 1), ('Bikes ride free.', 3)]

    The text is blocks, one a line, a blank line between them; a block "## 4.3 DER functions" is a heading (as in
    Markdown), which is structure, not a sentence: each sentence knows the section it sits in.

    >>> doc = Document("m", "m.pdf", "# 4 Functions\\n\\nThey are listed.\\n\\n## 4.3 DER\\n\\nDER is a code. It is.")
    >>> doc.sentence_sections
    ['4 Functions', '4 Functions › 4.3 DER', '4 Functions › 4.3 DER']

    ``left_out`` holds what a reader read but left out of the text (a PDF's running headers, page numbers, table of
    contents), each as (the offset in ``text`` where it stood, its text, why it was left out), so a visitor can see
    how the document was read.
    """

    slug: str
    title: str
    text: str
    source: str = ""
    page_starts: tuple[int, ...] = ()  # empty for a document without pages
    left_out: tuple[tuple[int, str, str], ...] = ()

    @cached_property
    def _outline(self) -> tuple[list[tuple[int, str]], list[tuple[int, int, str]]]:
        return outline(self.text)

    def outline_steps(self) -> Steps[None]:
        """Its outline (sentences and headings, the costly part of cutting it) made a block a step
        (``text.outline_steps``) and kept as reading ``sentences`` would keep it; nothing to do when it is kept."""
        if "_outline" not in vars(self):
            vars(self)["_outline"] = yield from outline_steps(self.text)

    @cached_property
    def language(self) -> Language:
        """The language it is read in (language.py), found from its text once."""
        return language_of(self.text)

    @cached_property
    def sentences(self) -> list[str]:
        return [sentence for _, sentence in self._outline[0]]

    @cached_property
    def sentence_pages(self) -> list[int | None]:
        """The page each sentence starts on, counted from 1; None for every sentence of a document without pages."""
        if not self.page_starts:
            return [None] * len(self._outline[0])
        return [bisect_right(self.page_starts, start) for start, _ in self._outline[0]]

    @property
    def sentence_starts(self) -> list[int]:
        """Where each sentence starts in ``text``."""
        return [start for start, _ in self._outline[0]]

    @property
    def headings(self) -> list[tuple[int, int, str]]:
        """Each heading as (offset of its title in ``text``, level 1-6, title)."""
        return self._outline[1]

    @cached_property
    def sentence_sections(self) -> list[str]:
        """The section path of each sentence: its heading and the headings above it, "" before the first."""
        sections, path, heading = [], [], 0
        headings = self.headings
        for start, _ in self._outline[0]:
            while heading < len(headings) and headings[heading][0] < start:
                _, level, title = headings[heading]
                path = [(lvl, t) for lvl, t in path if lvl < level] + [(level, title)]
                heading += 1
            sections.append(SECTION_SEPARATOR.join(t for _, t in path))
        return sections

    @cached_property
    def sentence_words(self) -> list[int]:
        """How many words each sentence has (runs of non-space), for the passage length cap."""
        return [len(sentence.split()) for sentence in self.sentences]

    @cached_property
    def section_runs(self) -> list[tuple[int, int]]:
        """The sentences of each section, as (first, past the last) sentence index: a heading ends a run, so a
        passage never runs across one. One run for a document without headings.

        >>> Document("m", "m", "One. Two.\\n\\n# Part\\n\\nThree.").section_runs
        [(0, 2), (2, 3)]
        """
        starts = [start for start, _ in self._outline[0]]
        breaks = sorted({bisect_right(starts, offset) for offset, _, _ in self.headings} - {0, len(starts)})
        edges = [0, *breaks, len(starts)]
        return [(a, b) for a, b in zip(edges, edges[1:], strict=False) if b > a]

    @cached_property
    def word_count(self) -> int:
        """Words as the lists count them (runs of non-space): kept, as the cut is, so a list of thousands of
        documents sums counts rather than splitting every text again."""
        return len(self.text.split())

    @property
    def pages(self) -> int:
        return len(self.page_starts)

    def page_texts(self) -> list[str]:
        """Each page's text (join_pages' inverse): ``join_pages(doc.page_texts())`` gives the text back."""
        ends = (*self.page_starts[1:], len(self.text))
        return [self.text[start:end].strip() for start, end in zip(self.page_starts, ends, strict=True)]


def join_pages(pages: Sequence[str]) -> tuple[str, tuple[int, ...]]:
    """One text from a document's pages and the offset where each page starts; an empty page starts where the
    next text would. Pages are blocks apart (a blank line), except where a sentence runs on to the next page: the
    page ends with no end mark and the next starts in lower case, and a space joins them.

    >>> join_pages(["Page one.", "", "Page three."])
    ('Page one.\\n\\nPage three.', (0, 9, 11))
    >>> join_pages(["A fare", "costs 6 coins."])
    ('A fare costs 6 coins.', (0, 7))
    """
    parts: list[str] = []
    starts: list[int] = []
    length = 0
    for page in pages:
        if page and parts:
            joint = " " if _page_runs_on(parts[-1], page) else "\n\n"
            parts.append(joint)
            length += len(joint)
        starts.append(length)
        if page:
            parts.append(page)
            length += len(page)
    return "".join(parts), tuple(starts)


def _page_runs_on(page: str, next_page: str) -> bool:
    """Whether a sentence runs on from ``page`` into ``next_page`` (which then continues its last block)."""
    last_block = page.rsplit("\n", 1)[-1]
    return page[-1] not in ".!?:;" and next_page[0].islower() and not last_block.startswith("#")


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
    entities: Sequence[Entity] = ()  # a tuple, or a folder's names found by rules when first read
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


# Words that say what kind of files a folder holds, or where it is, not what they are about: "pdfs", "my-docs".
FOLDER_WORDS = frozenset(
    "pdf pdfs doc docs docx document documents file files text texts txt md markdown html htm data download "
    "downloads tmp temp folder new untitled my input inputs corpus misc stuff scan scans copy course courses notes "
    "lecture lectures slides handouts".split()
)
UNNAMED = "the lab’s documents"  # what the page calls documents with no name of their own


def lab_name(folder: str, titles: Sequence[str]) -> str:
    """What the page calls a corpus nobody named (no ``name`` in page.toml, no ``build.py --title``): its one
    document's title; else its folder's name, "-" and "_" read as spaces, when that reads as a name (it has a word
    of 3 letters or more that is not a kind of file or folder, FOLDER_WORDS); else UNNAMED.

    >>> lab_name("pdfs", ["R-intro.pdf"]), lab_name("course_handbook", ["a.txt", "b.txt"])
    ('R-intro.pdf', 'course handbook')
    >>> lab_name("pdfs", ["a.pdf", "b.pdf"]), lab_name("My-Docs", ["a", "b"]), lab_name("course", ["a", "b"])
    ('the lab’s documents', 'the lab’s documents', 'the lab’s documents')
    """
    if len(titles) == 1:
        return titles[0]
    readable = " ".join(re.split(r"[-_\s]+", folder)).strip()
    if any(len(w) >= 3 and w not in FOLDER_WORDS for w in re.findall(r"[^\W\d_]+", readable.lower())):
        return readable
    return UNNAMED


def utf8_text(name: str, data: bytes) -> str:
    """A corpus file's text, which is UTF-8 (a byte order mark is fine)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        byte = f"byte {e.start + 1} is 0x{data[e.start]:02x}"
        raise CorpusError(f"{name}: not UTF-8 text ({byte}); save it as UTF-8") from e
