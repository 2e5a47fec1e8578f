"""The visitor's own documents as the page keeps them: in order, with their word list, presets and passage size;
each added once (the same text twice is refused), under a slug of its own. Kept as JSON records (``records.py``),
exported to a zip in the corpus folder layout (``zip_export.py``) and read from one (``zip_import.py``), so
``raglab --corpus`` reads what the page gave.

>>> from raglab.documents.readers import read_file
>>> mine = Collection()
>>> mine.add(read_file("note.txt", b"Reef note: the tide reached mark 4.")).slug
'note'
>>> mine.add(read_file("Note.md", b"Reef note: the tide  reached mark 4."))
Traceback (most recent call last):
raglab.documents.read_errors.ReadError: Note.md is the same as note.txt, which is already in your documents.
>>> mine.add(read_file("Note.md", b"Another note.")).slug
'note_2'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import replace

from . import limits
from .chunking import BLOCKS, PassageSize, check_passage_size
from .corpus import SLUG, Corpus, CorpusError, Document, Entity
from .file_names import slug_for
from .read_errors import ReadError, read_error
from .zip_export import folder_zip


class Collection:
    """The visitor's documents. ``documents`` is a plain list the page may fill from its records; ``add`` is the
    checked way in. ``related_words``: the word list of query rewriting; ``presets``: questions per technique;
    ``passage_size``: how the lab cuts them (``Lab(collection.corpus(), collection.passage_size)``)."""

    def __init__(
        self,
        documents: Iterable[Document] = (),
        related_words: Mapping[str, tuple[str, ...]] | None = None,
        presets: Mapping[str, tuple[str, ...]] | None = None,
        passage_size: PassageSize = BLOCKS,  # default_size(corpus_folder=False)
    ):
        self.documents: list[Document] = []
        self.related_words = dict(related_words or {})
        self.presets = dict(presets or {})
        self.passage_size = check_passage_size(passage_size)
        self.skipped: list[ReadError] = []  # the files from_zip could not use
        self.unread: list[tuple[str, bytes]] = []  # zip_steps: the members its ``leave`` left to the caller
        self.members: list[str] = []  # zip_steps: its files' names, in the zip's order (``zip_rows``)
        self._indexed: list[Document] = []  # the documents _by_text was made from
        self._by_text: dict[str, Document] = {}
        self._slugs: set[str] = set()  # the slugs and characters of _indexed
        self._chars = 0
        for doc in documents:
            self.add(doc)

    def add(self, doc: Document) -> Document:
        """Add a document, under a fresh slug if its own is taken (files read one by one may pick the same);
        returns it as kept. A ReadError ("duplicate", "too_many") when it cannot be."""
        name = doc.source or doc.title
        key, index = _text_key(doc.text), self._index()
        if key in index:
            raise read_error(name, "duplicate", same=index[key].source or index[key].title)
        if len(self.documents) >= limits.MAX_FILES:
            raise read_error(name, "too_many")
        if self._chars + len(doc.text) > limits.MAX_TOTAL_CHARS:
            raise read_error(name, "too_many", chars=True)
        if doc.slug in self._slugs or not SLUG.fullmatch(doc.slug):
            doc = replace(doc, slug=slug_for(doc.slug, self._slugs))
        self.documents.append(doc)
        self._indexed.append(doc)
        self._noted(doc, +1)
        index[key] = doc
        return doc

    def _index(self) -> dict[str, Document]:
        # The page may change ``documents`` itself (it restores them from its records); then the index of texts,
        # slugs and characters is made again. Comparing the lists compares the same objects, so it is quick; the
        # rest is kept as documents come and go, so adding 5,000 documents is not 5,000 sums over all of them.
        if self._indexed != self.documents:
            self._indexed = list(self.documents)
            self._by_text = {_text_key(d.text): d for d in self.documents}
            self._slugs, self._chars = set(), 0
            for d in self.documents:
                self._noted(d, +1)
        return self._by_text

    def _noted(self, doc: Document, sign: int) -> None:
        self._chars += sign * len(doc.text)
        (self._slugs.add if sign > 0 else self._slugs.discard)(doc.slug)

    def remove(self, slug: str) -> Document:
        in_step = self._indexed == self.documents
        for i, doc in enumerate(self.documents):
            if doc.slug == slug:
                del self.documents[i]
                if in_step:
                    del self._indexed[i]
                    self._by_text.pop(_text_key(doc.text), None)
                    self._noted(doc, -1)
                return doc
        raise KeyError(slug)

    def corpus(self, name: str = "yours") -> Corpus:
        if not self.documents:
            raise CorpusError("You have no documents yet: add a file or paste a text first.")
        return Corpus(
            name=name,
            documents=tuple(self.documents),
            related_words=dict(self.related_words),
            presets=dict(self.presets),
        )

    def to_zip(self, entities: Iterable[Entity] = ()) -> bytes:
        """The documents as a corpus folder, zipped (``zip_export.folder_zip``), with the names given (the page's,
        found by rules with the visitor's edits) in entities.toml."""
        return folder_zip(self.documents, self.related_words, self.presets, self.passage_size, entities)


def _text_key(text: str) -> str:
    """Two texts are the same when they differ only in case and spacing."""
    return hashlib.sha1(" ".join(text.split()).casefold().encode("utf-8")).hexdigest()
