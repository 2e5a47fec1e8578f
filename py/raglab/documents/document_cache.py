"""Read files kept between command-line calls: ``raglab --corpus DIR ask ...`` reads a folder's PDFs once (pypdf
and the PDF layout are most of a call's time on a folder of manuals: bench/README.md, "Timings the core relies on"), and
a later call on the same folder reads only a file whose bytes changed.

Each reading is kept under a hash of the reader's version, the file's name and its bytes' sha256: the name gives
the document its slug and title, and the version (``reader_version``: the source of this folder's modules, with
pypdf's and mammoth's versions) changes whenever the way a file is read may change, so a new reader never reuses
an old reading. A file that gives nothing is kept too, as its ReadError (else a scanned PDF's pages are parsed on
every call). Each reading is one JSON record (``records.document_record``; never pickle) in one SQLite file
beside the meaning vectors: ``documents.sqlite`` in ``cache_folder()``. A record that cannot be read back is read
again and replaced; a cache that cannot be opened or written is read around. Removing the file only costs the time
to read again. CPython only (the page keeps its documents in IndexedDB).

>>> import tempfile
>>> from raglab.documents.readers import read_file
>>> reads = []
>>> def read(name, data):
...     reads.append(name)
...     return read_file(name, data)
>>> with tempfile.TemporaryDirectory() as folder:
...     cached = CachedReader(read, Path(folder) / "d.sqlite", version="toy 1")
...     first = cached("tide.txt", b"The tide reached mark 4.")
...     again = cached("tide.txt", b"The tide reached mark 4.")
...     changed = cached("tide.txt", b"The tide reached mark 5.")
>>> reads, again == first, changed.text
(['tide.txt', 'tide.txt'], True, 'The tide reached mark 5.')
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

from .corpus import CorpusError, Document
from .read_errors import ReadError
from .readers import read_file
from .records import document_from_record, document_record

Read = Callable[[str, bytes], Document]
RECORD_VERSION = 1  # the shape of a kept record; a record of another shape is read again


def cache_folder() -> Path:
    """Where the command line keeps what it made: ``$RAGLAB_CACHE``, else ``$XDG_CACHE_HOME/raglab``, else
    ``~/.cache/raglab``."""
    folder = os.environ.get("RAGLAB_CACHE")
    if folder:
        return Path(folder)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "raglab"


@cache
def reader_version() -> str:
    """The readers' version: a hash of the source of the documents layer (readers, markup, the PDF layout and what
    they use) and of the versions of pypdf and mammoth, which give a PDF's text items and a .docx's HTML. Any edit
    there reads every file again once; hashing the source rather than bumping a number by hand cannot be forgot.

    >>> len(reader_version())
    64
    """
    from importlib.metadata import PackageNotFoundError, version  # slow to import: only when a folder is read

    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\n" + path.read_bytes())
    for package in ("pypdf", "mammoth"):
        try:
            digest.update(f"{package} {version(package)}\n".encode())
        except PackageNotFoundError:
            digest.update(f"{package} none\n".encode())
    return digest.hexdigest()


def reading_key(version: str, name: str, data: bytes) -> str:
    """The key of a file's reading: the reader's version, the file's name and its bytes' sha256, hashed.

    >>> reading_key("v1", "a.txt", b"Boats sail.") == reading_key("v1", "b.txt", b"Boats sail.")
    False
    >>> reading_key("v1", "a.txt", b"Boats sail.") == reading_key("v2", "a.txt", b"Boats sail.")
    False
    """
    return hashlib.sha256(f"{version}\n{name}\n{hashlib.sha256(data).hexdigest()}".encode()).hexdigest()


class CachedReader:
    """``read(name, data) -> Document`` (or a ReadError), asking the wrapped ``read`` only for a file not read
    before by this version of the readers, and keeping what it gives. ``path``: default
    ``cache_folder() / "documents.sqlite"``; ``version``: default ``reader_version()``."""

    def __init__(self, read: Read = read_file, path: Path | None = None, version: str | None = None):
        self.read, self.version = read, version or reader_version()
        self.path: Path | None = path or cache_folder() / "documents.sqlite"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._db() as db:
                db.execute("CREATE TABLE IF NOT EXISTS readings (key TEXT PRIMARY KEY, record TEXT NOT NULL)")
        except (OSError, sqlite3.Error):  # not a folder, not a database, read-only: read as if nothing were kept
            self.path = None

    def __call__(self, name: str, data: bytes) -> Document:
        key = reading_key(self.version, name, data)
        kept = self._kept(key)
        if kept is None:
            try:
                doc = self.read(name, data)
            except ReadError as e:
                self._keep(key, {"version": RECORD_VERSION, "error": {"name": e.name, "kind": e.kind, "text": str(e)}})
                raise
            self._keep(key, {"version": RECORD_VERSION, "document": document_record(doc)})
            return doc
        if isinstance(kept, ReadError):
            raise kept
        return kept

    def _kept(self, key: str) -> Document | ReadError | None:
        """The kept reading, or None when there is none or it cannot be read back (it is then read and replaced)."""
        try:
            with self._db() as db:
                row = db.execute("SELECT record FROM readings WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            record = json.loads(row[0])
            if record["version"] != RECORD_VERSION:
                return None
            if "error" in record:
                error = record["error"]
                return ReadError(str(error["name"]), str(error["kind"]), str(error["text"]))
            return document_from_record(record["document"])
        except (sqlite3.Error, ValueError, TypeError, KeyError, CorpusError):  # ValueError: json's too
            return None

    def _keep(self, key: str, record: dict) -> None:
        try:
            with self._db() as db:
                db.execute("INSERT OR REPLACE INTO readings VALUES (?, ?)", (key, json.dumps(record)))
        except sqlite3.Error:  # a full disk, a locked file: the reading is still returned, only not kept
            pass

    @contextlib.contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        if self.path is None:
            raise sqlite3.OperationalError("no cache")
        db = sqlite3.connect(self.path, timeout=10)  # another raglab writing its readings at the same time
        try:
            with db:  # commits, or rolls back on an error
                yield db
        finally:
            db.close()
