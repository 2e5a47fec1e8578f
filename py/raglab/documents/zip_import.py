"""A zip's documents as a collection, a member at a time: a corpus folder's layout (what ``zip_export`` writes) read
as a corpus, or else a zip of plain files, each read as a file."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from . import limits
from .collect_files import nothing_to_search, read_steps
from .collection import Collection
from .corpus import Document, utf8_text
from .corpus_data import DATA_FILES, corpus_data
from .corpus_folder import corpus_from_texts, is_corpus_folder
from .corpus_markdown import corpus_document
from .kinds import named_kind
from .passage_sizes import PASSAGES_FILE, passage_size_from, passage_size_of
from .read_errors import ReadError, check_size, read_error
from .readers import read_file
from .steps import Steps, count_steps, run_steps
from .zip_directory import LISTING, names_steps
from .zip_guards import open_zip, unzip
from .zip_rows import in_zip_order


def _raise(error: ReadError) -> bytes:
    raise error


def from_zip(data: bytes, name: str = "documents.zip") -> Collection:
    """The documents of a zip: a corpus folder's layout (what ``Collection.to_zip`` writes) read as a corpus, or
    else a zip of plain files, each read as a file (those that give nothing are in ``skipped``). All at once: the
    page reads a zip a member at a time (``zip_steps``)."""
    return run_steps(zip_steps(data, name))


def zip_steps(
    data: bytes, name: str = "documents.zip", leave: Callable[[str], bool] | None = None
) -> Steps[Collection]:
    """``from_zip`` a member at a time: yields each member's name before it is unzipped and read (the
    page answers and draws its progress between), and returns the collection. A CorpusError (a ReadError is one)
    when the zip, or a corpus folder's file in it, cannot be read. A zip of files' members whose name ``leave``
    picks are checked and unzipped, not read: they are the collection's ``unread`` (name, bytes), in order, for the
    caller's own readers (the page's pdf.js and mammoth, as for files dropped one by one).

    >>> from raglab.documents.steps import run_steps
    >>> from raglab.documents.zip_export import zipped
    >>> steps = zip_steps(zipped({"a.txt": "Boats sail.", "b.txt": "Ferries too."}))
    >>> next(steps), next(steps)
    ('a.txt', 'b.txt')
    >>> [d.slug for d in run_steps(steps).documents]
    ['a', 'b']
    """
    listed = yield from names_steps(name, data)  # in steps: a zip of too many files is said before zipfile lists it
    corpus_folder = is_corpus_folder(_base_name(n) for n in listed if not n.endswith("/") and not _hidden(n))
    if not corpus_folder and (yield from count_steps(_counted, listed, LISTING)) > limits.MAX_FILES:
        raise read_error(name, "too_many")  # before one is unzipped
    archive = open_zip(name, data)
    members = [m for m in archive.infolist() if not m.is_dir() and not _hidden(m.filename)]
    named = [(_base_name(m.filename), m) for m in members]  # a zipped folder: its files
    names = [n for n, _ in named]
    stated = None
    for n, m in named:
        if n == PASSAGES_FILE:
            yield n
            stated = passage_size_from(utf8_text(n, unzip(archive, m)), n)
            break
    if corpus_folder:
        for n, m in named:
            check_size(n, m.file_size)
        if sum(m.file_size for _, m in named) > 4 * limits.MAX_TOTAL_CHARS:  # UTF-8: at most 4 bytes a character
            raise read_error(name, "too_many", chars=True)
        texts = {}
        for n, m in named:
            if n.endswith((".md", ".toml")):
                yield n
                texts[n] = utf8_text(n, unzip(archive, m))
        corpus = corpus_from_texts("yours", texts, name)
        size = passage_size_of(stated, names, notes=False)
        return Collection(corpus.documents, corpus.related_words, corpus.presets, size)
    data_files = {}
    for n, m in named:
        if n in DATA_FILES:
            yield n
            data_files[n] = utf8_text(n, unzip(archive, m))
    edits = corpus_data(data_files)
    files: list[tuple[str, int, Callable[[], bytes]]] = [
        (n, m.file_size, functools.partial(unzip, archive, m)) for n, m in named if not n.endswith(".toml")
    ]
    unread: list[tuple[str, bytes]] = []
    if leave:
        read_here = [f for f in files if not leave(f[0])]
        for n, bytes_said, unzipped in (f for f in files if leave(f[0])):  # ``bytes_said``: the zip's word for its size
            yield n
            try:
                check_size(n, bytes_said)
                unread.append((n, unzipped()))
            except ReadError as e:
                read_here.append((n, bytes_said, functools.partial(_raise, e)))
        files = read_here
    notes: list[str] = []  # a course author's notes beside other files: read and cut as a corpus folder's are

    def read(n: str, data: bytes) -> Document:
        note = corpus_document(n, data)
        notes.extend([n] if note else [])
        return note or read_file(n, data)

    collection, problems = yield from read_steps(files, name, read, allow_none=bool(unread))
    collection.skipped, collection.unread, collection.members = problems, unread, names
    collection.related_words, collection.presets = edits["related_words"], edits["presets"]
    collection.passage_size = passage_size_of(stated, names, bool(notes))
    return collection


def _counted(path: str) -> bool:
    """Whether a zip's entry is a file the lab keeps, counted against MAX_FILES (its data files are not)."""
    base = _base_name(path)
    return not path.endswith("/") and not _hidden(path) and not base.endswith(".toml") and named_kind(base) is not None


def _hidden(path: str) -> bool:
    """macOS's zips add __MACOSX/ and ._ copies; no one means to search .DS_Store."""
    return path.startswith("__MACOSX/") or _base_name(path).startswith(".")


def _base_name(path: str) -> str:
    """A zip member's file name without its folders (zips use "/"): ``PurePosixPath(path).name`` by slicing, since
    every member is named before the first is read (``bench/README.md``, "Hostile files in the page")."""
    return path.rstrip("/").rpartition("/")[2]


def add_read(collection: Collection, read: Iterable[Document | ReadError], where: str) -> Collection:
    """A zip's ``unread`` members once the caller read them (a Document, or why not), added in order as
    ``read_steps`` adds what it reads, then all in the zip's order (``zip_rows``); a CorpusError naming ``where``
    when the zip then gives nothing.

    >>> from raglab.documents.steps import run_steps
    >>> from raglab.documents.zip_export import zipped
    >>> packed = zipped({"a.txt": "Boats sail.", "b.pdf": b"%PDF-1.4 ..."})
    >>> so_far = run_steps(zip_steps(packed, leave=lambda n: n.endswith(".pdf")))
    >>> [d.slug for d in so_far.documents], [n for n, _ in so_far.unread]
    (['a'], ['b.pdf'])
    >>> [d.slug for d in add_read(so_far, [read_file("b.txt", b"Ferries too.")], "x.zip").documents]
    ['a', 'b']
    """
    for item in read:
        try:
            if isinstance(item, ReadError):
                raise item
            collection.add(item)
        except ReadError as e:
            collection.skipped.append(e)
    collection.unread = []
    in_zip_order(collection)
    if not collection.documents:
        raise nothing_to_search(where, collection.skipped)
    return collection
