"""The names the rules find in a folder's documents, found when first read: the name finder the command line and the
build pass to ``documents.collect_files.read_folder`` for a folder with no ``entities.toml``."""

from __future__ import annotations

from collections.abc import Sequence

from ..documents.corpus import Document, Entity
from .names import find_names


class NamesByRules(Sequence[Entity]):
    """The names the rules find in ``documents`` (``graph.names.find_names``), found when first read. The command
    line reads its folder for every question and only Graph RAG reads the names, so a question that needs none never
    pays for finding them (``bench/README.md`` has the cost on a large folder).

    >>> from raglab.documents.readers import read_file
    >>> names = NamesByRules([read_file("a.txt", b"Mira Okafor runs the ferry. Mira Okafor sails at 9.")])
    >>> names.found, [e.name for e in names], names.found
    (False, ['Mira Okafor'], True)
    """

    def __init__(self, documents: Sequence[Document]):
        self._documents: Sequence[Document] = documents
        self._names: tuple[Entity, ...] | None = None

    @property
    def found(self) -> bool:
        return self._names is not None

    def _found(self) -> tuple[Entity, ...]:
        if self._names is None:
            self._names, self._documents = find_names(self._documents), ()
        return self._names

    def __getitem__(self, i):  # a position or a slice, as the tuple of names
        return self._found()[i]

    def __len__(self) -> int:
        return len(self._found())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._found() == tuple(other)

    def __hash__(self) -> int:  # equal to the tuple of its names, so hashed as it
        return hash(self._found())

    def __repr__(self) -> str:
        return f"NamesByRules({self._found()!r})"
