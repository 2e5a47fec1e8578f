"""Chunking: cut each document into passages of a fixed number of sentences.

Ids count from 1 inside each document: 2-sentence passages are the lab's default and are called
``{slug}-{n}`` (``ferry-1``); the other sizes carry their size, ``{slug}-s{size}-{n}`` (``rules-s1-1``).
The Fernport corpus gives 56 chunks of 1 sentence, 32 of 2 and 20 of 4.

>>> from raglab.corpus import Document
>>> doc = Document("rules", "Visitor rules", "Camp at the campsite. No fires in the woods. Dogs on a lead.")
>>> [c.id for c in chunk_documents([doc], 2)]
['rules-1', 'rules-2']
>>> chunk_documents([doc], 1)[2].text
'Dogs on a lead.'

A passage of a visitor's file knows where it comes from, down to the page of a PDF:

>>> from raglab.corpus import join_pages
>>> text, starts = join_pages(["Camp at the campsite.", "No fires in the woods. Dogs on a lead."])
>>> [c.where for c in chunk_documents([Document("rules", "rules.pdf", text, "rules.pdf", starts)], 2)]
['rules.pdf, p. 1', 'rules.pdf, p. 2']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .corpus import Document

DEFAULT_SIZE = 2  # sentences per passage, as in the spec
CHUNK_SIZES = (1, 2, 4)  # the sizes the chunk-size technique compares


@dataclass(frozen=True)
class Chunk:
    """A piece of one document: ``size`` consecutive sentences starting at sentence ``first`` (0-based)."""

    id: str
    slug: str
    title: str
    text: str
    size: int
    first: int
    sentences: int  # how many sentences it really holds (the last chunk of a document may be shorter)
    page: int | None = None  # the page of a PDF its first sentence starts on
    source: str = ""  # the file its document was read from ("" for the course's own documents)

    @property
    def where(self) -> str:
        """Where a visitor finds it: "report.pdf, p. 3" in a PDF, "notes.txt" in another file, "" otherwise."""
        page = f"p. {self.page}" if self.page is not None else ""
        return ", ".join(part for part in (self.source, page) if part)

    @property
    def sized_id(self) -> str:
        return chunk_id(self.slug, self.size, self.first // self.size + 1, sized=True)


def chunk_id(slug: str, size: int, n: int, sized: bool = False) -> str:
    """``ferry-1`` for the default size; ``ferry-s1-1`` for other sizes, or for any size when ``sized`` (the
    chunk-size technique names all three sizes alike: ``rules-s2-1``)."""
    return f"{slug}-{n}" if size == DEFAULT_SIZE and not sized else f"{slug}-s{size}-{n}"


def chunk_document(doc: Document, size: int) -> list[Chunk]:
    if size < 1:
        raise ValueError(f"a chunk holds at least 1 sentence, not {size}")
    sents, pages = doc.sentences, doc.sentence_pages
    return [
        Chunk(
            id=chunk_id(doc.slug, size, i // size + 1),
            slug=doc.slug,
            title=doc.title,
            text=" ".join(sents[i : i + size]),
            size=size,
            first=i,
            sentences=len(sents[i : i + size]),
            page=pages[i],
            source=doc.source,
        )
        for i in range(0, len(sents), size)
    ]


def chunk_documents(docs: Iterable[Document], size: int = DEFAULT_SIZE) -> list[Chunk]:
    """All chunks of all documents, in corpus order (the order that breaks ties)."""
    return [chunk for doc in docs for chunk in chunk_document(doc, size)]


def whole_document(doc: Document) -> Chunk:
    """A whole document as one chunk, under its slug (document search and parent document show these)."""
    n = len(doc.sentences)
    return Chunk(doc.slug, doc.slug, doc.title, doc.text, n, 0, n, source=doc.source)
