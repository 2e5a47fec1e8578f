"""Meaning vectors kept between command-line calls: ``raglab --corpus DIR ask hybrid ...`` embeds a folder's
passages once, and later calls on the same folder embed only the question (and the passages of a changed file).

Each vector is kept under a hash of the model, its weights and the text, as the page keeps a visitor's (so the same
text gives the same key whatever folder it comes from, and other weights never reuse it), in one SQLite file:
``$RAGLAB_CACHE/vectors.sqlite``, by default ``~/.cache/raglab/vectors.sqlite`` (``$XDG_CACHE_HOME`` honoured).
Removing the file only costs the time to embed again. CPython only (the page keeps its vectors in IndexedDB).

>>> import tempfile
>>> calls = []
>>> def embed(texts):
...     calls.append(list(texts))
...     return [[float(len(t)), 0.0] for t in texts]
>>> with tempfile.TemporaryDirectory() as folder:
...     cached = CachedEmbedder(embed, "toy-model fp32", Path(folder) / "v.sqlite")
...     first, again = cached(["Boats sail.", "Gulls fly."]), cached(["Gulls fly.", "New text."])
>>> calls, again
([['Boats sail.', 'Gulls fly.'], ['New text.']], [[10.0, 0.0], [9.0, 0.0]])
"""

from __future__ import annotations

import hashlib
import sqlite3
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

from ..documents.document_cache import cache_folder

Embed = Callable[[list[str]], list[list[float]]]


def default_cache_path() -> Path:
    """Where the command line keeps vectors: the file ``vectors.sqlite`` in its cache folder (``$RAGLAB_CACHE``,
    else ``$XDG_CACHE_HOME/raglab``, else ``~/.cache/raglab``), beside the files it has read."""
    return cache_folder() / "vectors.sqlite"


def vector_key(model: str, text: str) -> str:
    """The key of a text's vector: the model (with its weights) and the text, hashed.

    >>> len(vector_key("all-MiniLM-L6-v2 fp32", "Boats sail."))
    64
    >>> vector_key("all-MiniLM-L6-v2 fp32", "Boats sail.") == vector_key("all-MiniLM-L6-v2 fp16", "Boats sail.")
    False
    """
    return hashlib.sha256(f"{model}\n{text}".encode()).hexdigest()


class CachedEmbedder:
    """``embed(texts) -> vectors``, asking the wrapped ``embed`` only for texts whose vectors are not kept yet
    (each distinct text once, in one call), and keeping what it gives."""

    def __init__(self, embed: Embed, model: str, path: Path | None = None):
        self.embed, self.model = embed, model
        self.path = path or default_cache_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(self.path) as db:
            db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vector BLOB NOT NULL)")

    def __call__(self, texts: Sequence[str]) -> list[list[float]]:
        keys = [vector_key(self.model, t) for t in texts]
        kept = self._kept(set(keys))
        missing = list(dict.fromkeys(t for t, k in zip(texts, keys, strict=True) if k not in kept))
        if missing:
            made = self.embed(missing)
            rows = [(vector_key(self.model, t), array("f", v).tobytes()) for t, v in zip(missing, made, strict=True)]
            with sqlite3.connect(self.path) as db:
                db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)
            kept.update((key, array("f", blob).tolist()) for key, blob in rows)  # as a later call reads them back
        return [kept[k] for k in keys]

    def _kept(self, keys: set[str]) -> dict[str, list[float]]:
        found: dict[str, list[float]] = {}
        wanted = list(keys)
        with sqlite3.connect(self.path) as db:
            for start in range(0, len(wanted), 500):  # SQLite caps the parameters of one statement
                part = wanted[start : start + 500]
                rows = db.execute(f"SELECT key, vector FROM vectors WHERE key IN ({','.join('?' * len(part))})", part)
                found.update((key, array("f", blob).tolist()) for key, blob in rows)
        return found
