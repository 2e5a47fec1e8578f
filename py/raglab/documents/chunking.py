"""Chunking: cut each document into passages of a fixed number of sentences.

Ids count from 1 inside each document: 2-sentence passages are the lab's default and are called
``{slug}-{n}`` (``ferry-1``); the other sizes carry their size, ``{slug}-s{size}-{n}`` (``rules-s1-1``).
The Fernport corpus gives 56 chunks of 1 sentence, 32 of 2 and 20 of 4.

A visitor may keep each document whole instead (abstracts, FAQ entries): the passage size ``WHOLE_DOCUMENT``
gives one passage per document, the document's whole text, called ``{slug}-1`` like the first passage of any
document.

>>> from raglab.documents.corpus import Document
>>> doc = Document("rules", "Visitor rules", "Camp at the campsite. No fires in the woods. Dogs on a lead.")
>>> [c.id for c in chunk_documents([doc], 2)]
['rules-1', 'rules-2']
>>> chunk_documents([doc], 1)[2].text
'Dogs on a lead.'
>>> [(c.id, c.sentences) for c in chunk_documents([doc], WHOLE_DOCUMENT)]
[('rules-1', 3)]

A passage of a visitor's file knows where it comes from, down to the page of a PDF:

>>> from raglab.documents.corpus import join_pages
>>> text, starts = join_pages(["Camp at the campsite.", "No fires in the woods. Dogs on a lead."])
>>> [c.where for c in chunk_documents([Document("rules", "rules.pdf", text, "rules.pdf", starts)], 2)]
['rules.pdf, p. 1', 'rules.pdf, p. 2']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .blocks import block_spans
from .corpus import Document
from .steps import Steps, run_steps

DEFAULT_SIZE = 2  # sentences per passage, as in the spec
CHUNK_SIZES = (1, 2, 4)  # the sizes the chunk-size technique compares
# The word budget of a passage: a passage of sentences stops before a sentence that would take it past this many
# words (a real manual's long sentences made two-sentence passages of 150 words, which bury what matched in them),
# and a passage of blocks holds blocks up to it; a single longer sentence is kept whole. Fernport's longest four
# sentences are 72 words, so no Fernport passage changes.
MAX_PASSAGE_WORDS = 120
WHOLE_DOCUMENT = "document"  # a passage size: each document is one passage
BLOCKS = "blocks"  # a passage size: the blocks a person sees, packed inside a section up to MAX_PASSAGE_WORDS
PassageSize = int | str  # sentences per passage, WHOLE_DOCUMENT or BLOCKS
# What a visitor may choose for their documents, with the words "Your documents" shows (the first is the default,
# VISITOR_SIZE: a visitor's files have paragraphs, lists, tables and headings, which a passage should follow).
PASSAGE_CHOICES: tuple[tuple[PassageSize, str], ...] = (
    (BLOCKS, "passages that follow the document: its paragraphs, lists and tables, inside each section"),
    (DEFAULT_SIZE, f"passages of {DEFAULT_SIZE} sentences"),  # ", as <the site's corpus>" when its size too
    (WHOLE_DOCUMENT, "one passage per document (short documents such as abstracts or FAQ entries)"),
)


def default_size(corpus_folder: bool) -> PassageSize:
    """The one rule for which cut applies when nothing says otherwise (no passages.toml, no stored choice): a corpus
    folder (Fernport's layout, ``NN-slug.md``, the spec's figures) is cut into DEFAULT_SIZE sentences; a visitor's
    files, in the page or as ``--corpus DIR``, follow their blocks.

    >>> default_size(corpus_folder=True), default_size(corpus_folder=False)
    (2, 'blocks')
    """
    return DEFAULT_SIZE if corpus_folder else BLOCKS


@dataclass(frozen=True, slots=True)
class Chunk:
    """A piece of one document: ``sentences`` consecutive sentences starting at sentence ``first`` (0-based), cut
    by ``size`` (a number of sentences, or BLOCKS); a whole document's passage holds all its sentences (``size`` =
    their count) and its text as the document has it."""

    id: str
    slug: str
    title: str
    text: str
    size: PassageSize
    first: int
    sentences: int  # how many sentences it really holds (the last chunk of a document may be shorter)
    page: int | None = None  # the page of a PDF its first sentence starts on
    source: str = ""  # the file its document was read from ("" for the course's own documents)
    section: str = ""  # the headings it sits under: "4 Function reference › 4.3 DER functions" ("" for none)
    number: int = 1  # its place in its document, from 1 (the n of ``{slug}-{n}``)

    @property
    def where(self) -> str:
        """Where a visitor finds it: "report.pdf, p. 3" in a PDF, "notes.txt" in another file, "" otherwise."""
        page = f"p. {self.page}" if self.page is not None else ""
        return ", ".join(part for part in (self.source, page) if part)

    @property
    def sized_id(self) -> str:
        return chunk_id(self.slug, self.size, self.number, sized=True)


def chunk_id(slug: str, size: PassageSize, n: int, sized: bool = False) -> str:
    """``ferry-1`` for the default size, for blocks and for a whole document; ``ferry-s1-1`` for other sizes, or for
    a number of sentences when ``sized`` (the chunk-size technique names all three sizes alike: ``rules-s2-1``)."""
    if size == BLOCKS or (size in (DEFAULT_SIZE, WHOLE_DOCUMENT) and not sized):
        return f"{slug}-{n}"
    return f"{slug}-s{size}-{n}"


def check_passage_size(size) -> PassageSize:
    """A passage size as a setting gives it (a TOML value, the page's stored choice): a whole number of sentences
    from 1, BLOCKS or WHOLE_DOCUMENT; a ValueError saying what is allowed otherwise.

    >>> check_passage_size("document"), check_passage_size(2), check_passage_size("blocks")
    ('document', 2, 'blocks')
    """
    if size in (WHOLE_DOCUMENT, BLOCKS) or (isinstance(size, int) and not isinstance(size, bool) and size >= 1):
        return size
    raise ValueError(
        f"a passage is a whole number of sentences from 1, “{BLOCKS}” (the document's paragraphs, lists and "
        f"tables) or “{WHOLE_DOCUMENT}” (one passage per document), not {size!r}"
    )


def passages_phrase(size: PassageSize) -> str:
    """How a sentence names the passages of a size.

    >>> passages_phrase(2), passages_phrase(1), passages_phrase(WHOLE_DOCUMENT), passages_phrase(BLOCKS)
    ('passages of 2 sentences', 'passages of 1 sentence', 'one passage per document', 'passages of blocks')
    """
    if size == WHOLE_DOCUMENT:
        return "one passage per document"
    if size == BLOCKS:
        return "passages of blocks"
    return f"passages of {size} sentence{'s' * (size != 1)}"


def passages_kind(size: PassageSize) -> str:
    """The passages of a size as a label names them: "2-sentence passages", "block passages", "whole documents"."""
    if size == BLOCKS:
        return "block passages"
    return "whole documents" if size == WHOLE_DOCUMENT else f"{size}-sentence passages"


def passage_count(doc: Document, size: PassageSize) -> int:
    """How many passages of ``size`` a document gives: ``len(chunk_document(doc, size))``, without making them.
    A whole document is one passage, and is not cut into sentences to say so; a section of n sentences gives
    n / size passages, rounded up (the last may be shorter), from the document's cut, which it keeps (see
    ``cut_sentences``).

    >>> doc = Document("rules", "Rules", "Camp here. No fires. Dogs on a lead.")
    >>> passage_count(doc, 1), passage_count(doc, 2), passage_count(doc, 4), passage_count(doc, WHOLE_DOCUMENT)
    (3, 2, 1, 1)
    """
    if size == WHOLE_DOCUMENT:
        return 1 if doc.text else 0
    return len(_spans(doc, size))


def cut_sentences(doc: Document) -> Document:
    """``doc``, cut into sentences now rather than when its passages are first counted or made. The cut is the
    costly part of chunking (bench/README.md, "Timings the page's glue relies on") and the document keeps
    it, so a page that cuts each file as it is read, or a few documents at a time, never cuts thousands in one
    task; counting passages at any size is then a division."""
    return run_steps(cut_sentences_steps(doc))


def cut_sentences_steps(doc: Document) -> Steps[Document]:
    """``cut_sentences`` with the costly parts in steps: the text's outline (``text.outline_steps``) a block a
    step, then each thing the cut keeps (a 300-page PDF's word counts are tens of milliseconds each in the page):
    the page cuts a long file between its tasks.

    >>> from raglab.documents.steps import run_steps
    >>> doc = Document("m", "m", "One. Two.\\n\\n# Part\\n\\nThree.")
    >>> run_steps(cut_sentences_steps(doc)).sentences, doc.section_runs
    (['One.', 'Two.', 'Three.'], [(0, 2), (2, 3)])
    """
    yield from doc.outline_steps()
    for part in _CUT:  # each kept (cached) in a step of its own: the word counts split every word of the text
        getattr(doc, part)
        yield
    return doc


_CUT = ("sentences", "sentence_pages", "section_runs", "sentence_words", "word_count")  # what a cut document keeps


def _spans(doc: Document, size: PassageSize) -> list[tuple[int, int]]:
    """Each passage of ``size`` as (first, past the last) sentence index: ``size`` sentences at a time inside each
    section, so a passage never runs across a heading (a section's last passage may be shorter), and never past
    MAX_PASSAGE_WORDS by adding a sentence (a passage may then hold fewer).

    >>> _spans(Document("m", "m", "One. Two. Three.\\n\\n# Part\\n\\nFour. Five."), 2)
    [(0, 2), (2, 3), (3, 5)]
    >>> _spans(Document("m", "m", "Short one. " + "Long " * 119 + "words. Next."), 2)  # 2 + 120 + 1 words
    [(0, 1), (1, 2), (2, 3)]

    BLOCKS cuts by the document's blocks (``blocks.block_spans``) within the same budget.
    """
    if size == BLOCKS:
        return block_spans(doc, MAX_PASSAGE_WORDS)
    if not isinstance(size, int) or size < 1:
        raise ValueError(f"a chunk holds at least 1 sentence, not {size}")
    words = doc.sentence_words
    spans = []
    for first, end in doc.section_runs:
        start = first
        while start < end:
            stop, total = start + 1, words[start]
            while stop < min(start + size, end) and total + words[stop] <= MAX_PASSAGE_WORDS:
                total += words[stop]
                stop += 1
            spans.append((start, stop))
            start = stop
    return spans


def with_headings(section: str, text: str) -> str:
    """A passage as searched with its headings (contextual chunk headers): its section path, a colon, its text.
    A passage cut from its headings loses what they say ("4.3 DER functions" above "They encode a value."); put
    back, a question in the headings' words finds it. Off by default: the spec's passages are their sentences.

    >>> with_headings("4 Reference › 4.3 DER", "They encode a value."), with_headings("", "No heading.")
    ('4 Reference › 4.3 DER: They encode a value.', 'No heading.')
    """
    return f"{section}: {text}" if section else text


def passage_texts(doc: Document, size: PassageSize, headings: bool = False) -> list[str]:
    """The texts of a document's passages of ``size``, in order: ``[c.text for c in chunk_document(doc, size)]``
    without making the chunks, which costs several times as much (bench/README.md, "Timings the core relies on"): a
    page embeds a visitor's passages before it has made them, a few documents at a time.

    >>> passage_texts(Document("rules", "Rules", "Camp here. No fires. Dogs on a lead."), 2)
    ['Camp here. No fires.', 'Dogs on a lead.']
    """
    if size == WHOLE_DOCUMENT:
        return [doc.text] if doc.sentences else []
    sents, sections = doc.sentences, doc.sentence_sections
    return [
        with_headings(sections[a], " ".join(sents[a:b])) if headings else " ".join(sents[a:b])
        for a, b in _spans(doc, size)
    ]


def chunk_document(doc: Document, size: PassageSize, headings: bool = False) -> list[Chunk]:
    """A document's passages of ``size``; with ``headings``, each passage's text begins with its section path."""
    if size == WHOLE_DOCUMENT:
        n = len(doc.sentences)
        return (
            [
                Chunk(
                    chunk_id(doc.slug, size, 1),
                    doc.slug,
                    doc.title,
                    doc.text,
                    n,
                    0,
                    n,
                    doc.sentence_pages[0],
                    doc.source,
                )
            ]
            if n
            else []
        )
    sents, pages, sections = doc.sentences, doc.sentence_pages, doc.sentence_sections
    return [
        Chunk(
            id=chunk_id(doc.slug, size, n),
            slug=doc.slug,
            title=doc.title,
            text=with_headings(sections[a], " ".join(sents[a:b])) if headings else " ".join(sents[a:b]),
            size=size,
            first=a,
            sentences=b - a,
            page=pages[a],
            source=doc.source,
            section=sections[a],
            number=n,
        )
        for n, (a, b) in enumerate(_spans(doc, size), 1)
    ]


def chunk_documents(docs: Iterable[Document], size: PassageSize = DEFAULT_SIZE, headings: bool = False) -> list[Chunk]:
    """All chunks of all documents, in corpus order (the order that breaks ties)."""
    return [chunk for doc in docs for chunk in chunk_document(doc, size, headings)]


def whole_document(doc: Document) -> Chunk:
    """A whole document as one chunk, under its slug (document search and parent document show these)."""
    n = len(doc.sentences)
    return Chunk(doc.slug, doc.slug, doc.title, doc.text, n, 0, n, source=doc.source)
