"""The corpus: documents plus the editable data beside them (word list, entities, presets, labelled questions).

A corpus is a folder. Each document is a Markdown file named ``NN-slug.md`` (``03-ferry.md``): ``NN`` sets the
order, ``slug`` the passage ids, and the first line ``# Title`` the title; the rest is the text, its paragraphs
kept (hard-wrapped lines are joined). Two kinds of HTML comment line are data, not text: ``<!-- source:
report.pdf -->`` names the file a document was read from, and ``<!-- page 3 -->`` starts page 3 of a PDF's text
(so an exported PDF keeps its pages). Beside the documents, all optional, TOML files that a course author can
edit:

- ``synonyms.toml``: ``[related] boat = ["ferry"]``, the word list of query rewriting;
- ``entities.toml``: ``[[entity]] name = "Mira Okafor", aliases = ["Mira"]``, the names of the graph;
- ``presets.toml``: ``[presets] plain = ["How much does the ferry cost?"]`` per technique, plus the hand-written
  ``[rewrites]`` (multi-query) and ``[hypothetical]`` answers (HyDE), keyed by question;
- ``questions.toml``: ``[[question]] text = "...", answers = ["ferry-1"]``, the labelled question set.

Where a list is expected, one text is a list of one (``boat = "ferry"``); any other mistake is a CorpusError that
names the file and the entry.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .language import Language, language_of
from .steps import Steps
from .text import outline, outline_steps, paragraphs, search_words


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
_PAGE_MARKER = re.compile(r"page\s+(\d{1,9})")  # inside "<!-- ... -->"
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
            joint = " " if _runs_on(parts[-1], page) else "\n\n"
            parts.append(joint)
            length += len(joint)
        starts.append(length)
        if page:
            parts.append(page)
            length += len(page)
    return "".join(parts), tuple(starts)


def _runs_on(page: str, next_page: str) -> bool:
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


MAX_TOML_DEPTH = 20  # tables inside each other, by brackets or dotted keys: the corpus files need 3; tomllib ran out
# of stack at 340 "[", and a key of 8,000 parts (related.a.a.a… = 1) made a table 8,000 deep that the next
# recursive step (a repr, a copy, the page's conversion) could not walk


def parse_toml(name: str, text: str) -> dict:
    """A TOML file's data, once its lists and tables are found nested no deeper than MAX_TOML_DEPTH, by brackets or
    by dotted keys: tomllib calls itself for each "[", so 5,000 of them raised a RecursionError (a traceback), and a
    key of 8,000 parts made a table 8,000 deep that overflowed the browser's stack in the page.

    >>> parse_toml("synonyms.toml", "a = " + "[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: synonyms.toml: lists or tables nested more than 20 deep, the most the lab reads
    >>> parse_toml("presets.toml", "related." + "a." * 8000 + "a = 1")
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: presets.toml: lists or tables nested more than 20 deep, the most the lab reads
    """
    too_deep = CorpusError(f"{name}: lists or tables nested more than {MAX_TOML_DEPTH} deep, the most the lab reads")
    if toml_depth(text, MAX_TOML_DEPTH) > MAX_TOML_DEPTH:
        raise too_deep
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CorpusError(f"{name}: {e}") from e
    except RecursionError as e:  # only if toml_depth misread a string: the bound holds either way
        raise too_deep from e


_TOML_MARK = re.compile(r"""[\[\]{}#"'.=,\n]""")
_TOML_STRING_END = {  # from just after its opening quotes to just after its closing ones, by TOML 1.0's rules
    '"""': re.compile(r'(?:[^"\\]|\\.|"{1,2}(?!"))*"{3,5}', re.DOTALL),
    "'''": re.compile(r"(?:[^']|'{1,2}(?!'))*'{3,5}"),
    '"': re.compile(r'(?:[^"\\\n]|\\.)*"'),
    "'": re.compile(r"[^'\n]*'"),
}


def toml_depth(text: str, stop: int) -> int:
    """How deep a TOML text's lists and tables nest ("[" and "{" outside strings and comments, and each part of a
    dotted key after the first, counted under its table header's parts), found in one pass that ends once it passes
    ``stop``; an unclosed string ends it too (tomllib then says where). A "." counts only in a key (at a line's start,
    in a header, after "{" or an inline table's ","), so a number's point never does.

    >>> toml_depth('a = [[1], {b = "]]]"}]  # [[[', 20), toml_depth("[[entity]]", 20), toml_depth("[" * 50, 3)
    (2, 2, 4)
    >>> toml_depth("[a.b]\\nc.d = 1.5\\ne = [1.5, 2.5]", 20), toml_depth("x = {a.b.c = 1}", 20)
    (3, 3)
    """
    opened: list[str] = []  # the "[" and "{" open where the scan is
    deepest = at = header = key_parts = 0  # header: the parts of the last [table] header's key
    in_key, in_header = True, False
    while deepest <= stop and (mark := _TOML_MARK.search(text, at)):
        char, at = mark.group(), mark.end()
        if char in "[{":
            if char == "[" and in_key and not opened:  # a [table] or [[array]] header
                in_header, header = True, 1
            opened.append(char)
            in_key, key_parts = char == "{" or in_header, 0
        elif char in "]}":
            if opened:
                opened.pop()
            if in_header and not opened:
                in_header = in_key = False
        elif char == "." and in_key:
            key_parts += 1
            if in_header:
                header = key_parts + 1
        elif char == "=":
            in_key = False
        elif char == ",":
            in_key, key_parts = bool(opened) and opened[-1] == "{", 0
        elif char == "\n" and not opened:
            in_key, key_parts = True, 0
        elif char == "#":
            at = text.find("\n", at)  # a comment ends with its line
            if at < 0:
                break
        elif char in "\"'":
            quotes = char * 3 if text.startswith(char * 3, mark.start()) else char
            end = _TOML_STRING_END[quotes].match(text, mark.start() + len(quotes))
            if not end:
                break
            at = end.end()
        deepest = max(deepest, len(opened) + (key_parts if in_header else header + key_parts))
    return deepest


def read_document(path: Path) -> Document:
    return parse_document(path.name, utf8_text(path.name, path.read_bytes()))


def parse_document(name: str, content: str) -> Document:
    """A document from its file name and Markdown.

    >>> parse_document("02-notes.md", "# Notes\\n\\nFirst line\\nwraps here.\\n\\nSecond paragraph.\\n").text
    'First line wraps here.\\n\\nSecond paragraph.'
    >>> doc = parse_document("01-report.md", "# report.pdf\\n<!-- source: report.pdf -->\\n"
    ...                      "<!-- page 1 -->\\nOne.\\n<!-- page 2 -->\\n<!-- page 3 -->\\nThree.")
    >>> doc.source, doc.text, doc.page_starts, doc.sentence_pages
    ('report.pdf', 'One.\\n\\nThree.', (0, 4, 6), [1, 3])
    """
    m = DOCUMENT_NAME.match(name)
    if not m:
        raise CorpusError(f"{name}: a document is named NN-slug.md, like 03-ferry.md")
    lines = content.strip().splitlines()
    if not lines or not lines[0].startswith("# "):
        raise CorpusError(f"{name}: the first line must be the title, as '# Title'")
    source, pages, page, paged = "", {1: []}, 1, False  # the lines of each page; no markers: all on "page" 1
    for line in lines[1:]:
        comment = _data_comment(line)
        if comment and comment[0] == "source":
            source = source or comment[1]
        elif comment:
            number = int(comment[1])
            if number > MAX_PAGES:
                raise CorpusError(
                    f"{name}: a page marker says page {number:,}; a document has at most {MAX_PAGES:,} pages"
                )
            if number < page or (number == page and paged):
                raise CorpusError(f"{name}: page markers count up, so page {number} cannot come after page {page}")
            page, paged = number, True
            pages.setdefault(page, [])
        else:
            pages[page].append(_unescaped_line(line))
    if paged:
        text, starts = join_pages(["\n\n".join(paragraphs("\n".join(pages.get(n, ())))) for n in range(1, page + 1)])
    else:
        text, starts = "\n\n".join(paragraphs("\n".join(pages[1]))), ()
    if not text:
        raise CorpusError(f"{name}: the document has a title but no text")
    return Document(slug=m.group(2), title=lines[0][2:].strip(), text=text, source=source, page_starts=starts)


def corpus_document(name: str, data: bytes) -> Document | None:
    """A Markdown file as a corpus folder reads it, wherever it is, when it is written as one: named ``NN-slug.md``
    and its first line ``# Title``; else None (it is then read as any file is). So a course author's notes keep
    their ids and titles in a folder that also holds a PDF: ``01-welcome.md`` gives ``welcome-1``, not
    ``01_welcome-1``, and its ``# Title``, not its file name.

    >>> doc = corpus_document("01-welcome.md", "# Welcome to the course\\n\\nRead the notes first.".encode())
    >>> doc.slug, doc.title, doc.text
    ('welcome', 'Welcome to the course', 'Read the notes first.')
    >>> corpus_document("2024-plan.md", b"Plan for the year."), corpus_document("01-a.txt", b"# A")
    (None, None)
    """
    if not DOCUMENT_NAME.match(name):
        return None
    content = utf8_text(name, data)
    if not content.lstrip().startswith("# "):
        return None
    return parse_document(name, content)


def _data_comment(line: str) -> tuple[str, str] | None:
    """("source", file) or ("page", number) for a data comment line, None for any other line; read by slicing, not
    by a pattern that could read a long line once from each of its spaces.

    >>> _data_comment("<!-- source: report.pdf -->"), _data_comment(" <!--page 3--> "), _data_comment("<!-- x -->")
    (('source', 'report.pdf'), ('page', '3'), None)
    """
    line = line.strip()
    if not (line.startswith("<!--") and line.endswith("-->")) or len(line) < 7:
        return None
    inner = line[4:-3].strip()
    if inner.startswith("source:"):
        return "source", inner[7:].strip()
    page = _PAGE_MARKER.fullmatch(inner)
    return ("page", page[1]) if page else None


def text_line(line: str) -> str:
    """A line of a document's text as a corpus document holds it: as it is, but one more backslash before a line
    that would read as a data comment, so that ``parse_document`` reads it back as text (a .txt file's line
    "<!-- page 50 -->" kept as text, not a 50-page document). Markdown shows "\\<" as "<".

    >>> text_line("<!-- page 50 -->"), _unescaped_line(text_line("<!-- page 50 -->")), text_line("<!-- a note -->")
    ('\\\\<!-- page 50 -->', '<!-- page 50 -->', '<!-- a note -->')
    """
    return "\\" + line.strip() if _data_comment(line.strip().lstrip("\\")) else line


def _unescaped_line(line: str) -> str:
    """What ``text_line`` was given."""
    bare = line.strip()
    return bare[1:] if bare.startswith("\\") and _data_comment(bare.lstrip("\\")) else line


def word_list_from(pairs: Iterable[tuple[str, Sequence[str]]]) -> dict[str, tuple[str, ...]]:
    """The word list of query rewriting from (word, related words) pairs. Keys and values go through the
    search-word rules, so the list matches what a question becomes.

    >>> word_list_from([("Boats", ["ferry", "the crossings"]), ("boat", ["ferry", "ship"])])
    {'boat': ('ferry', 'crossing', 'ship')}
    """
    related: dict[str, tuple[str, ...]] = {}
    for key, values in pairs:
        for word in search_words(key):
            extra = [w for value in values for w in search_words(value) if w != word]
            related[word] = tuple(dict.fromkeys(related.get(word, ()) + tuple(extra)))
    return related


def load_corpus(folder: str | Path | None = None) -> Corpus:
    return load_corpus_folder(Path(folder) if folder is not None else default_corpus_dir())[0]


def load_corpus_folder(folder: Path) -> tuple[Corpus, list[tuple[str, str]]]:
    """A corpus folder's corpus, and the entries it skipped (``folder_files``) as (name, kind)."""
    if not folder.is_dir():
        raise CorpusError(f"{folder}: no such corpus folder")
    for path in folder.iterdir():
        if path.is_dir() and (path.name in DATA_FILES or DOCUMENT_NAME.match(path.name)):
            raise CorpusError(f"{path.name}: a folder, but the corpus reads a file by that name; rename the folder")
    paths, skipped = folder_files(folder)
    texts = {
        p.name: utf8_text(p.name, _file_bytes(p))
        for p in paths
        if (p.suffix == ".md" and p.name.lower() != "readme.md") or p.name in DATA_FILES
    }
    return corpus_from_texts(folder.name, texts, str(folder)), skipped


def folder_files(folder: Path) -> tuple[list[Path], list[tuple[str, str]]]:
    """The files of a folder the lab reads, in name order: regular files inside it (hidden ones and sub-folders
    left out); and each entry it will not read, as (name, why): "not_regular" (a pipe, which would wait forever for
    a writer, a socket or a device) or "outside" (a link to a file outside the folder)."""
    inside = folder.resolve()
    paths, skipped = [], []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.name.startswith(".") or path.is_dir():
            continue
        why = _not_read(path, inside)
        if why:
            skipped.append((path.name, why))
        else:
            paths.append(path)
    return paths, skipped


def folder_file(folder: str | Path, name: str) -> Path | None:
    """``folder / name`` if the lab reads it, as ``folder_files`` would (a regular file inside the folder), else
    None: the way a folder's own settings (passages.toml; page.toml and the DATA_FILES build.py packs) are read."""
    path = Path(folder) / name
    if not os.path.lexists(path) or path.is_dir():
        return None
    return None if _not_read(path, Path(folder).resolve()) else path


def _not_read(path: Path, inside: Path) -> str | None:
    try:
        target = path.resolve(strict=True)
        regular = stat.S_ISREG(target.stat().st_mode)
    except (OSError, RuntimeError):  # a broken link, or a loop of links
        return "not_regular"
    if not target.is_relative_to(inside):
        return "outside"
    return None if regular else "not_regular"


def _file_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as e:
        raise CorpusError(f"{path.name}: cannot be read ({e.strerror or e})") from e


DATA_FILES = ("synonyms.toml", "entities.toml", "presets.toml", "questions.toml")


def utf8_text(name: str, data: bytes) -> str:
    """A corpus file's text, which is UTF-8 (a byte order mark is fine)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        byte = f"byte {e.start + 1} is 0x{data[e.start]:02x}"
        raise CorpusError(f"{name}: not UTF-8 text ({byte}); save it as UTF-8") from e


def corpus_from_texts(name: str, files: Mapping[str, str], where: str = "") -> Corpus:
    """A corpus from its files' names and contents, as a folder (or a zip of one) holds them; ``where`` names the
    folder in messages. Markdown files other than README.md are documents; DATA_FILES are read when present."""
    where = where or name
    paths = [n for n in files if n.endswith(".md") and n.lower() != "readme.md"]
    misnamed = [n for n in paths if not DOCUMENT_NAME.match(n)]
    if misnamed:
        raise CorpusError(f"{misnamed[0]}: a document is named NN-slug.md, like 03-ferry.md")
    docs = tuple(parse_document(n, files[n]) for n in sorted(paths, key=lambda n: int(n.split("-", 1)[0])))
    if not docs:
        raise CorpusError(f"{where}: no documents (files named NN-slug.md)")
    slugs = [d.slug for d in docs]
    if len(set(slugs)) != len(slugs):
        raise CorpusError(f"{where}: two documents share a slug")
    return Corpus(name=name, documents=docs, **corpus_data(files))


def corpus_data(files: Mapping[str, str]) -> dict:
    """The editable data beside the documents, from those of DATA_FILES present in ``files``, as Corpus fields.
    Every entry is checked: a mistake is one message that names the file and the entry."""
    toml = {n: _Checked(n, parse_toml(n, files[n]) if n in files else {}) for n in DATA_FILES}
    synonyms, presets = toml["synonyms.toml"], toml["presets.toml"]
    return dict(
        related_words=word_list_from(
            (word, synonyms.texts(v, f"related.{word}")) for word, v in synonyms.table("related").items()
        ),
        entities=tuple(
            _entity(toml["entities.toml"], e, n) for n, e in enumerate(toml["entities.toml"].tables("entity"), 1)
        ),
        presets={key: presets.texts(v, f"presets.{key}") for key, v in presets.table("presets").items()},
        rewrites={q: presets.texts(v, f"the rewrites of “{q}”") for q, v in presets.table("rewrites").items()},
        hypothetical={
            q: presets.text(v, f"the hypothetical answer to “{q}”") for q, v in presets.table("hypothetical").items()
        },
        questions=tuple(
            _question(toml["questions.toml"], q, n) for n, q in enumerate(toml["questions.toml"].tables("question"), 1)
        ),
    )


def _entity(file: _Checked, entry: dict, n: int) -> Entity:
    if "name" not in entry:
        raise file.error(f'entity {n} has no name; give it one, as name = "Mira Okafor"')
    name = file.text(entry["name"], f"the name of entity {n}")
    return Entity(name, file.texts(entry.get("aliases", []), f"the aliases of {name}"))


def _question(file: _Checked, entry: dict, n: int) -> LabelledQuestion:
    if "text" not in entry:
        raise file.error(f'question {n} has no text; give it one, as text = "How much does the ferry cost?"')
    text = file.text(entry["text"], f"the text of question {n}")
    if "answers" not in entry:
        raise file.error(
            f"question {n} (“{text}”) has no answers; give the ids of the passages that answer it, "
            'as answers = ["ferry-1"]'
        )
    return LabelledQuestion(text, file.texts(entry["answers"], f"the answers of question {n}"))


@dataclass(frozen=True)
class _Checked:
    """A data file's TOML, read as the corpus expects it: tables, lists of tables, texts and lists of texts.

    One text where a list is expected is a list of one: ``boat = "ferry"`` means ``boat = ["ferry"]`` (taken as
    a list of letters, it became "f, e, r, y").

    >>> synonyms = _Checked("synonyms.toml", {"related": {"boat": "ferry"}})
    >>> synonyms.texts(synonyms.table("related")["boat"], "related.boat")
    ('ferry',)
    >>> _Checked("presets.toml", {"presets": 3}).table("presets")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: presets.toml: presets must be a table (a line [presets], then key = ...), not 3
    """

    name: str
    toml: dict

    def error(self, message: str) -> CorpusError:
        return CorpusError(f"{self.name}: {message}")

    def table(self, key: str) -> dict:
        value = self.toml.get(key, {})
        if not isinstance(value, dict):
            raise self.error(f"{key} must be a table (a line [{key}], then key = value lines), not {value!r}")
        return value

    def tables(self, key: str) -> list[dict]:
        value = self.toml.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.error(f"{key} must be entries, each starting with a line [[{key}]], not {value!r}")
        return value

    def text(self, value, where: str) -> str:
        if not isinstance(value, str):
            raise self.error(f'{where} must be a text in quotes, like "ferry", not {value!r}')
        return value

    def texts(self, value, where: str) -> tuple[str, ...]:
        if isinstance(value, str):
            return (value,)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(f'{where} must be a text or a list of texts, like ["ferry", "ship"], not {value!r}')
        return tuple(value)
