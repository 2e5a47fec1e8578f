"""The lab: a corpus with everything searched over it (chunks, keyword indexes, entity graph, passage vectors),
each built once, on first use, so a page that only runs plain search never builds the graph."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property

from .chunking import DEFAULT_SIZE, Chunk, chunk_documents
from .corpus import Corpus, Entity, load_corpus
from .entities import EntityGraph
from .keyword import KeywordIndex
from .vectors import Embedder, Vector


class Lab:
    def __init__(self, corpus: Corpus | None = None):
        self.corpus = corpus if corpus is not None else load_corpus()
        self._chunks: dict[int, list[Chunk]] = {}
        self._indexes: dict[int, KeywordIndex] = {}
        self._vectors: dict[tuple[int, int], list[Vector]] = {}

    def chunks(self, size: int = DEFAULT_SIZE) -> list[Chunk]:
        if size not in self._chunks:
            self._chunks[size] = chunk_documents(self.corpus.documents, size)
        return self._chunks[size]

    def index(self, size: int = DEFAULT_SIZE) -> KeywordIndex:
        if size not in self._indexes:
            self._indexes[size] = KeywordIndex(self.chunks(size))
        return self._indexes[size]

    @cached_property
    def bm25_index(self):
        from .bm25 import BM25Index

        return BM25Index(self.chunks(DEFAULT_SIZE))

    @cached_property
    def graph(self) -> EntityGraph:
        return EntityGraph(self.chunks(DEFAULT_SIZE), self.corpus.entities)

    def use_entities(self, entities: Iterable[Entity]) -> None:
        """Give the graph other names (a visitor's documents: the names found by rules, with their edits); the
        graph is built again on its next use."""
        self.corpus = replace(self.corpus, entities=tuple(entities))
        self.__dict__.pop("graph", None)  # the cached_property's value

    def vectors(self, embed: Embedder, size: int = DEFAULT_SIZE) -> list[Vector]:
        """The embedding of every chunk's text (the title is not embedded), computed once per embedder."""
        key = (size, id(embed))
        if key not in self._vectors:
            self._vectors[key] = list(embed([c.text for c in self.chunks(size)]))
        return self._vectors[key]
