"""The lab: a corpus with everything searched over it (chunks, keyword indexes, entity graph, passage vectors),
each built once, on first use, so a page that only runs plain search never builds the graph.

A lab has a passage size of its own: 2 sentences, as the spec's (Fernport's, and a visitor's by default), or
``WHOLE_DOCUMENT``, one passage per document (abstracts, FAQ entries). Everything that searches "the passages"
(the keyword indexes, BM25, the graph, the vectors, and so every technique but chunk size and parent document,
which compare sizes of their own) uses it.

>>> from raglab.documents.corpus import Corpus, Document
>>> docs = (Document("cats", "Cats", "Cats purr. Cats nap. Cats hunt."),)
>>> [c.id for c in Lab(Corpus("mine", docs)).chunks()], [c.id for c in Lab(Corpus("mine", docs), "document").chunks()]
(['cats-1', 'cats-2'], ['cats-1'])
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from .documents.analysis import languages_in, search_words
from .documents.chunking import (
    DEFAULT_SIZE,
    WHOLE_DOCUMENT,
    Chunk,
    PassageSize,
    check_passage_size,
    chunk_document,
    chunk_documents,
    passage_texts,
)
from .documents.corpus import Corpus, Document, Entity
from .documents.corpus_folder import load_corpus
from .documents.language import ENGLISH, Language
from .graph.entities import EntityGraph
from .search.keyword import KeywordIndex
from .search.projection import Axes, axes_steps
from .search.vectors import Embedder, PassageVectors, Vector

if TYPE_CHECKING:
    from .search.bm25 import BM25Index


@dataclass(frozen=True)
class Preparing:
    """How far ``Lab.prepare_in_steps`` is: ``done`` of ``total`` documents cut into passages (stage "cut"), then
    ``done`` of ``total`` passages indexed (stage "indexed")."""

    stage: str
    done: int
    total: int


class Lab:
    def __init__(self, corpus: Corpus | None = None, passage_size: PassageSize = DEFAULT_SIZE, headings: bool = False):
        self.corpus = corpus if corpus is not None else load_corpus()
        self.passage_size = check_passage_size(passage_size)
        self.headings = headings  # search each passage with its section path before it (chunking.with_headings)
        self._headed: Lab | None = None
        self._chunks: dict[PassageSize, list[Chunk]] = {}
        self._by_document: dict[PassageSize, dict[str, tuple[int, int]]] = {}  # slug -> its chunks' (start, end)
        self._indexes: dict[PassageSize, KeywordIndex] = {}
        self._vectors: dict[tuple[PassageSize, int], list[Vector]] = {}
        self._bm25: dict[str, BM25Index[Chunk]] = {}  # words -> its index (search/bm25.py, imported on first use)
        self._axes: dict[int, Axes] = {}  # embedder -> the meaning map's axes over the passages' vectors

    def chunks(self, size: PassageSize | None = None) -> list[Chunk]:
        """The passages (``size`` None: the lab's own size), or the chunks of another size."""
        size = self.passage_size if size is None else size
        if size not in self._chunks:
            self._chunks[size] = chunk_documents(self.corpus.documents, size, self.headings)
        return self._chunks[size]

    def document_chunks(self, doc: Document, size: PassageSize) -> list[Chunk]:
        """``doc``'s chunks of ``size``: the lab's own when it has cut its documents to that size (a document's
        chunks stand together, in order), else ``doc`` cut alone (the rest of the corpus is not cut for it)."""
        if size not in self._chunks:
            return chunk_document(doc, size, self.headings)
        if size not in self._by_document:
            spans: dict[str, tuple[int, int]] = {}
            for i, chunk in enumerate(self._chunks[size]):
                spans[chunk.slug] = (spans.get(chunk.slug, (i, i))[0], i + 1)
            self._by_document[size] = spans
        start, end = self._by_document[size].get(doc.slug, (0, 0))
        return self._chunks[size][start:end]

    def passage_texts(self) -> list[str]:
        """The passages' texts, in order (``[c.text for c in lab.chunks()]``), without making the chunks when they
        are not made yet, and whole documents' without cutting them into sentences: a page counts and embeds a
        visitor's passages while ``prepare_in_steps`` makes them."""
        size = self.passage_size
        if size in self._chunks:
            return [c.text for c in self._chunks[size]]
        if size == WHOLE_DOCUMENT:
            return [d.text for d in self.corpus.documents]
        return [text for doc in self.corpus.documents for text in passage_texts(doc, size, self.headings)]

    def index(self, size: PassageSize | None = None) -> KeywordIndex:
        size = self.passage_size if size is None else size
        if size not in self._indexes:
            self._indexes[size] = KeywordIndex(self.chunks(size), self.passage_words)
        return self._indexes[size]

    @cached_property
    def languages(self) -> dict[str, Language]:
        """Each document's language by its slug (documents/language.py): its passages' words are read in it."""
        return {doc.slug: doc.language for doc in self.corpus.documents}

    @cached_property
    def question_languages(self) -> tuple[Language, ...]:
        """The languages a question is read in: every language of the documents, in their order (English alone
        for English documents, so the spec's words are unchanged)."""
        return languages_in(list(self.languages.values()))

    def search_words(self, question: str) -> list[str]:
        """A question's search words, read in each of the documents' languages (documents/analysis.py)."""
        return search_words(question, self.question_languages)

    def passage_words(self, chunk: Chunk) -> list[str]:
        """A passage's search words, read in its document's language."""
        return search_words(chunk.text, (self.languages.get(chunk.slug, ENGLISH),))

    def prepare_in_steps(self, step: int = 64) -> Iterator[Preparing]:
        """Cut the passages and index their words ``step`` documents, then ``step`` passages, at a time, saying how
        far it is after each step, so a page can get a large collection ready before the first question without
        freezing (``index()`` would do it all in one task on that question: bench/README.md, "Timings the page's
        glue relies on"). Nothing changes but when the work is done.

        >>> lab = Lab()
        >>> steps = list(lab.prepare_in_steps(step=4))
        >>> [(p.stage, p.done, p.total) for p in steps[:3]], steps[-1]
        ([('cut', 4, 10), ('cut', 8, 10), ('cut', 10, 10)], Preparing(stage='indexed', done=32, total=32))
        >>> len(steps), lab.index().postings == KeywordIndex(chunk_documents(lab.corpus.documents)).postings
        (11, True)
        """
        size = self.passage_size
        if size in self._indexes:
            return
        documents = self.corpus.documents
        if size not in self._chunks:
            chunks: list[Chunk] = []
            for start in range(0, len(documents), step):
                for doc in documents[start : start + step]:
                    chunks += chunk_document(doc, size, self.headings)
                    _ = doc.language  # found a step at a time here, not all at once as the index is built
                yield Preparing("cut", min(start + step, len(documents)), len(documents))
            self._chunks.setdefault(size, chunks)  # (unless a question asked meanwhile cut them all at once)
        chunks = self._chunks[size]
        for n, index in enumerate(KeywordIndex.in_steps(chunks, step, self.passage_words), 1):
            if size in self._indexes:  # a question asked meanwhile built it all at once
                return
            if index is None:
                yield Preparing("indexed", min(n * step, len(chunks)), len(chunks))
            else:
                self._indexes[size] = index

    def bm25_index_for(self, words: str = "bm25") -> BM25Index[Chunk]:
        """The BM25 index of the passages, on the lab's words ("bm25") or Snowball stems ("snowball"), made once."""
        from .search.analyzers import collection_analyzers
        from .search.bm25 import BM25Index

        if words not in self._bm25:
            ask, read = collection_analyzers(self.languages, self.question_languages, snowball=words == "snowball")
            self._bm25[words] = BM25Index(self.chunks(), ask, analyze_passage=read)
        return self._bm25[words]

    @cached_property
    def graph(self) -> EntityGraph:
        return EntityGraph(self.chunks(), self.corpus.entities)

    def with_headings(self) -> Lab:
        """The same documents with each passage searched under its section path (contextual chunk headers), made
        once; this lab itself when it already is, or when no document has a heading (Fernport's), since every
        passage is then searched by its text alone either way.

        >>> lab = Lab()
        >>> lab.with_headings() is lab
        True
        """
        if self.headings or not any(doc.headings for doc in self.corpus.documents):
            return self
        if self._headed is None:
            self._headed = Lab(self.corpus, self.passage_size, headings=True)
        return self._headed

    def use_entities(self, entities: Iterable[Entity]) -> None:
        """Give the graph other names (a visitor's documents: the names found by rules, with their edits); the
        graph is built again on its next use."""
        self.corpus = replace(self.corpus, entities=tuple(entities))
        self._headed = None
        self.__dict__.pop("graph", None)  # the cached_property's value

    def vectors(self, embed: Embedder, size: PassageSize | None = None) -> list[Vector]:
        """The embedding of every chunk's text (the title is not embedded), computed once per embedder."""
        size = self.passage_size if size is None else size
        key = (size, id(embed))
        if key not in self._vectors:
            self._vectors[key] = PassageVectors(embed([c.text for c in self.chunks(size)]))
        return self._vectors[key]

    def axes_steps(self, embed: Embedder) -> Generator[int, None, Axes]:
        """The meaning map's axes over the passages' vectors (search/projection.py), found in steps the first time
        for an embedder and kept."""
        key = id(embed)
        if key not in self._axes:
            self._axes[key] = yield from axes_steps(self.vectors(embed))
        return self._axes[key]
