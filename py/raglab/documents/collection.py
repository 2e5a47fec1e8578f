"""The visitor's own documents as the page keeps them: in order, with their word list, presets and passage size;
each added once (the same text twice is refused), under a slug of its own; kept as JSON records, and exported to
(and imported from) a zip in the corpus folder layout, so ``raglab --corpus`` reads what the page gave.

The passage size is the visitor's choice: passages of 2 sentences (as Fernport's), or one passage per document.
A folder or zip says which in ``passages.toml`` (``[passages] size = "document"``; no file: 2 sentences):

>>> passage_size_from(passages_toml("document")), passage_size_from("[passages]\\nsize = 2")
('document', 2)

>>> from raglab.documents.readers import read_file
>>> mine = Collection()
>>> mine.add(read_file("note.txt", b"Reef note: the tide reached mark 4.")).slug
'note'
>>> mine.add(read_file("Note.md", b"Reef note: the tide  reached mark 4."))
Traceback (most recent call last):
raglab.documents.readers.ReadError: Note.md is the same as note.txt, which is already in your documents.
>>> mine.add(read_file("Note.md", b"Another note.")).slug
'note_2'
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import re
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from ..graph.names import find_names
from . import readers
from .chunking import BLOCKS, DEFAULT_SIZE, WHOLE_DOCUMENT, PassageSize, check_passage_size, default_size
from .corpus import (
    DATA_FILES,
    DOCUMENT_NAME,
    SLUG,
    Corpus,
    CorpusError,
    Document,
    Entity,
    corpus_data,
    corpus_document,
    corpus_from_texts,
    folder_file,
    folder_files,
    load_corpus_folder,
    parse_toml,
    text_line,
    utf8_text,
    word_list_from,
)
from .readers import (
    ReadError,
    check_size,
    escape_controls,
    is_corpus_folder,
    open_zip,
    read_error,
    read_file,
    slug_for,
    unzip,
)
from .records import record_json
from .steps import Steps, count_steps, run_steps
from .text import search_words
from .zip_directory import LISTING, names_steps
from .zip_rows import in_zip_order

PASSAGES_FILE = "passages.toml"  # how a collection is cut into passages, beside the corpus layout's DATA_FILES


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
        if len(self.documents) >= readers.MAX_FILES:
            raise read_error(name, "too_many")
        if self._chars + len(doc.text) > readers.MAX_TOTAL_CHARS:
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
        """The documents as a corpus folder, zipped: ``01-slug.md`` each (see ``document_markdown``), and
        synonyms.toml, presets.toml and passages.toml when there is a word list, presets, or a passage size other
        than 2 sentences; entities.toml when names are given (the page's, found by rules with the visitor's
        edits), so `raglab --corpus` and `build.py --corpus` use the same names."""
        out = io.BytesIO()
        width = max(2, len(str(len(self.documents))))
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for n, doc in enumerate(self.documents, 1):
                archive.writestr(f"{n:0{width}}-{doc.slug}.md", document_markdown(doc))
            if self.related_words:
                archive.writestr("synonyms.toml", toml_table("related", self.related_words))
            if self.presets:
                archive.writestr("presets.toml", toml_table("presets", self.presets))
            if self.passage_size != DEFAULT_SIZE:
                archive.writestr(PASSAGES_FILE, passages_toml(self.passage_size))
            if entities := list(entities):
                note = "The names in these documents (found by rules, with your edits) for Graph RAG."
                archive.writestr("entities.toml", entities_toml(entities, note))
        return out.getvalue()

    @classmethod
    def from_zip(cls, data: bytes, name: str = "documents.zip") -> Collection:
        """The documents of a zip: a corpus folder's layout (what ``to_zip`` writes) read as a corpus, or else a
        zip of plain files, each read as a file (those that give nothing are in ``skipped``). All at once: the
        page reads a zip a member at a time (``zip_steps``)."""
        return run_steps(zip_steps(data, name))


def zip_steps(
    data: bytes, name: str = "documents.zip", leave: Callable[[str], bool] | None = None
) -> Steps[Collection]:
    """``Collection.from_zip`` a member at a time: yields each member's name before it is unzipped and read (the
    page answers and draws its progress between), and returns the collection. A CorpusError (a ReadError is one)
    when the zip, or a corpus folder's file in it, cannot be read. A zip of files' members whose name ``leave``
    picks are checked and unzipped, not read: they are the collection's ``unread`` (name, bytes), in order, for the
    caller's own readers (the page's pdf.js and mammoth, as for files dropped one by one).

    >>> packed = io.BytesIO()
    >>> with zipfile.ZipFile(packed, "w") as z:
    ...     z.writestr("a.txt", b"Boats sail."), z.writestr("b.txt", b"Ferries too.")
    (None, None)
    >>> steps = zip_steps(packed.getvalue())
    >>> next(steps), next(steps)
    ('a.txt', 'b.txt')
    >>> [d.slug for d in run_steps(steps).documents]
    ['a', 'b']
    """
    listed = yield from names_steps(name, data)  # in steps: a zip of too many files is said before zipfile lists it
    corpus_folder = is_corpus_folder(_base_name(n) for n in listed if not n.endswith("/") and not _hidden(n))
    if (
        not corpus_folder and (yield from count_steps(_counted, listed, LISTING)) > readers.MAX_FILES
    ):  # before one is unzipped
        raise read_error(name, "too_many")
    archive = open_zip(name, data)
    members = [m for m in archive.infolist() if not m.is_dir() and not _hidden(m.filename)]
    named = [(_base_name(m.filename), m) for m in members]  # a zipped folder: its files
    size, stated = default_size(corpus_folder), False
    for n, m in named:
        if n == PASSAGES_FILE:
            yield n
            size, stated = passage_size_from(utf8_text(n, unzip(archive, m)), n), True
            break
    if corpus_folder:
        for n, m in named:
            check_size(n, m.file_size)
        if sum(m.file_size for _, m in named) > 4 * readers.MAX_TOTAL_CHARS:  # UTF-8: at most 4 bytes a character
            raise read_error(name, "too_many", chars=True)
        texts = {}
        for n, m in named:
            if n.endswith((".md", ".toml")):
                yield n
                texts[n] = utf8_text(n, unzip(archive, m))
        corpus = corpus_from_texts("yours", texts, name)
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
        for n, bytes_said, unzipped in (f for f in files if leave(f[0])):  # ``size`` is the passages'
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
    collection.skipped, collection.unread, collection.members = problems, unread, [n for n, _ in named]
    collection.related_words, collection.presets = edits["related_words"], edits["presets"]
    collection.passage_size = size if stated or not notes else default_size(corpus_folder=True)
    return collection


def passages_toml(size: PassageSize) -> str:
    """passages.toml for a passage size (``passage_size_from`` reads it back).

    >>> print(passages_toml("document"), end="")
    # How the lab cuts these documents: sentences a passage, "blocks" (paragraphs, lists, tables) or "document"
    # (one passage each). Without this file: 2 sentences.
    [passages]
    size = "document"
    """
    value = str(size) if isinstance(size, int) else _toml_string(size)
    return (
        f'# How the lab cuts these documents: sentences a passage, "{BLOCKS}" (paragraphs, lists, tables) or "'
        f'{WHOLE_DOCUMENT}"\n# (one passage each). Without this file: {DEFAULT_SIZE} sentences.\n'
        f"[passages]\nsize = {value}\n"
    )


def passage_size_from(text: str, name: str = PASSAGES_FILE) -> PassageSize:
    """The passage size a passages.toml gives; a CorpusError naming the file when it gives none that can be used."""
    size = parse_toml(name, text).get("passages", {}).get("size", DEFAULT_SIZE)
    try:
        return check_passage_size(size)
    except ValueError as e:
        raise CorpusError(f"{name}: {e}") from e


def passage_size_in(folder: str | Path) -> PassageSize:
    """A folder's passage size, for ``Lab(corpus, passage_size)``: its passages.toml, else ``default_size`` (2
    sentences for a corpus folder, and for a folder holding corpus documents beside other files, as a course
    author's notes and a PDF: the notes are cut as they are without the PDF; blocks for a folder of a visitor's
    files)."""
    path = folder_file(folder, PASSAGES_FILE)
    if path:
        return passage_size_from(utf8_text(PASSAGES_FILE, path.read_bytes()))
    files = folder_files(Path(folder))[0] if Path(folder).is_dir() else []
    notes = any(corpus_document(p.name, p.read_bytes()) for p in files if DOCUMENT_NAME.match(p.name))
    return default_size(not files or notes or is_corpus_folder(p.name for p in files))


def _suffix(name: str) -> str:
    return name[name.rfind(".") :].lower() if "." in name else ""


def _counted(path: str) -> bool:
    """Whether a zip's entry is a file the lab keeps, counted against MAX_FILES (its data files are not)."""
    base = _base_name(path)
    return (
        not path.endswith("/")
        and not _hidden(path)
        and not base.endswith(".toml")
        and _suffix(base) in readers.READABLE
    )


def _hidden(path: str) -> bool:
    """macOS's zips add __MACOSX/ and ._ copies; no one means to search .DS_Store."""
    return path.startswith("__MACOSX/") or _base_name(path).startswith(".")


def _base_name(path: str) -> str:
    """A zip member's file name without its folders (zips use "/"): ``PurePosixPath(path).name``, at a tenth of the
    time (a zip of 3,000 files spent 30 ms on it before its first member was read)."""
    return path.rstrip("/").rpartition("/")[2]


def _text_key(text: str) -> str:
    """Two texts are the same when they differ only in case and spacing."""
    return hashlib.sha1(" ".join(text.split()).casefold().encode("utf-8")).hexdigest()


def read_files(
    files: Iterable[tuple[str, int, Callable[[], bytes]]],
    where: str,
    read: Callable[[str, bytes], Document] = read_file,
) -> tuple[Collection, list[ReadError]]:
    """A collection of files given as (name, size, a function giving its bytes) in order, each made a Document by
    ``read`` (the command line's keeps its readings: ``document_cache.CachedReader``); every file that gives
    nothing is a ReadError in the list. A CorpusError, naming ``where``, when no file gives anything."""
    return run_steps(read_steps(files, where, read))


def _raise(error: ReadError) -> bytes:
    raise error


def read_steps(
    files: Iterable[tuple[str, int, Callable[[], bytes]]],
    where: str,
    read: Callable[[str, bytes], Document] = read_file,
    allow_none: bool = False,
) -> Steps[tuple[Collection, list[ReadError]]]:
    """``read_files`` a file at a time: yields each file's name before it is read. ``allow_none``: no CorpusError
    when nothing gives a document (the caller has more to read)."""
    collection = Collection()
    problems: list[ReadError] = []
    for name, size, data in files:
        yield name
        try:
            check_size(name, size)
            collection.add(read(name, data()))
        except ReadError as e:
            problems.append(e)
            if e.kind in ("too_many", "zip_total"):  # no file after it can be kept, or unzipped
                break
    if not collection.documents and not allow_none:
        raise nothing_to_search(where, problems)
    return collection, problems


def nothing_to_search(where: str, problems: Sequence[ReadError]) -> CorpusError:
    why = "\n".join(f"  {e}" for e in problems)
    return CorpusError(
        f"{where} gives nothing to search:\n{why}"
        if problems
        else f"{where} holds no files to search: the lab reads {readers.READ_KINDS} files."
    )


def add_read(collection: Collection, read: Iterable[Document | ReadError], where: str) -> Collection:
    """A zip's ``unread`` members once the caller read them (a Document, or why not), added in order as
    ``read_steps`` adds what it reads, then all in the zip's order (``zip_rows``); a CorpusError naming ``where``
    when the zip then gives nothing.

    >>> packed = io.BytesIO()
    >>> with zipfile.ZipFile(packed, "w") as z:
    ...     z.writestr("a.txt", b"Boats sail."), z.writestr("b.pdf", b"%PDF-1.4 ...")
    (None, None)
    >>> zipped = run_steps(zip_steps(packed.getvalue(), leave=lambda n: n.endswith(".pdf")))
    >>> [d.slug for d in zipped.documents], [n for n, _ in zipped.unread]
    (['a'], ['b.pdf'])
    >>> [d.slug for d in add_read(zipped, [read_file("b.txt", b"Ferries too.")], "x.zip").documents]
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


def document_markdown(doc: Document) -> str:
    """A document as a corpus folder holds it: "# Title", then ``<!-- source: ... -->`` for a visitor's file,
    then the text, a PDF's page by page after ``<!-- page N -->`` lines (``corpus.parse_document`` reads both).

    >>> from raglab.documents.corpus import join_pages
    >>> text, starts = join_pages(["Page one.", "", "Page three."])
    >>> print(document_markdown(Document("r", "r.pdf", text, "r.pdf", starts)))
    # r.pdf
    <BLANKLINE>
    <!-- source: r.pdf -->
    <BLANKLINE>
    <!-- page 1 -->
    Page one.
    <BLANKLINE>
    <!-- page 2 -->
    <BLANKLINE>
    <!-- page 3 -->
    Page three.
    <BLANKLINE>
    """
    source = escape_controls(doc.source)  # one line: a name read before names were kept so may hold a line break
    head = [f"# {' '.join(doc.title.split())}"] + ([f"<!-- source: {source} -->"] if source else [])
    pages = doc.page_texts() if doc.page_starts else [doc.text]
    texts = ["\n".join(map(text_line, page.split("\n"))) for page in pages]
    if doc.page_starts:
        body = [f"<!-- page {n} -->" + (f"\n{text}" if text else "") for n, text in enumerate(texts, 1)]
    else:
        body = texts
    return "\n\n".join(head + body) + "\n"


RECORD_VERSION = 1  # what document_record writes; a record of another version is left aside when read back


def document_record(doc: Document) -> dict:
    """A document as plain JSON data, for the browser's store (IndexedDB)."""
    record = {
        "version": RECORD_VERSION,
        "slug": doc.slug,
        "title": doc.title,
        "source": doc.source,
        "text": doc.text,
        "page_starts": list(doc.page_starts),
    }
    if doc.left_out:
        record["left_out"] = [list(line) for line in doc.left_out]
    return record


def document_from_record(record: object) -> Document:
    """A document read back from its record, checked against what ``document_record`` writes (a record kept before
    records had a version is version 1); a CorpusError when it does not fit.

    >>> document_from_record({"slug": "a", "title": "A", "text": "Boats sail."}).text
    'Boats sail.'
    >>> document_from_record({"version": 2, "slug": "a", "title": "A", "text": "x"})
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: A document kept in this browser cannot be read back (version 2).
    """
    if not isinstance(record, Mapping):
        kind = type(record).__name__
        raise CorpusError(f"A document kept in this browser cannot be read back (not a record: {kind}).")
    if record.get("version", RECORD_VERSION) != RECORD_VERSION:
        raise CorpusError(f"A document kept in this browser cannot be read back (version {record.get('version')!r}).")
    try:
        if not all(isinstance(record[k], str) for k in ("slug", "title", "text")):
            raise TypeError("its slug, title and text are not all text")
        return Document(
            slug=record["slug"],
            title=record["title"],
            text=record["text"],
            source=str(record.get("source", "")),
            page_starts=tuple(int(n) for n in record.get("page_starts", ())),
            left_out=tuple((int(at), str(line), str(why)) for at, line, why in record.get("left_out", ())),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise CorpusError(f"A document kept in this browser cannot be read back ({e!r}).") from e


def collection_from_records(records: Mapping[str, str]) -> tuple[Collection, object, str]:
    """The collection kept in a browser, read back from its records as the page writes them (JSON strings: ``meta``
    with the order, the word list, the passage size and the corpus searched; ``doc:<slug>`` each document), the
    stored corpus value (``raglab.page.corpus_named`` reads it), and one sentence about what did not fit ("" when
    everything did). A damaged record is left aside and the rest kept: a damaged ``meta`` keeps every readable
    document in key order, with the defaults; a missing one is made again from the ``doc:`` records there, and a
    document kept but not listed (a Keep cut short before its ``meta``) comes after those listed, so the next Keep,
    which writes the list again, drops no document that was in the store.

    >>> good = json.dumps(document_record(Document("a", "A", "Boats sail.")))
    >>> meta = json.dumps({"order": ["a", "b"], "words": "boat: ferry", "passages": 2, "corpus": "yours"})
    >>> c, corpus, said = collection_from_records({"meta": meta, "doc:a": good, "doc:b": "{not json"})
    >>> [d.slug for d in c.documents], c.related_words, corpus, said
    (['a'], {'boat': ('ferry',)}, 'yours', '1 of your kept documents could not be read back; the rest are here.')
    >>> c, corpus, said = collection_from_records({"meta": '{"order": "a", "words": ["x"]}', "doc:a": good})
    >>> [d.slug for d in c.documents], corpus, said
    (['a'], None, 'The list of your kept documents could not be read back; every document that could is here.')
    >>> b = json.dumps(document_record(Document("b", "B", "Ferries wait.")))
    >>> c, corpus, said = collection_from_records({"meta": meta.replace('"a", "b"', '"b"'), "doc:a": good, "doc:b": b})
    >>> [d.slug for d in c.documents], said
    (['b', 'a'], '1 of your kept documents was missing from their list; it is back at its end.')
    >>> c, corpus, said = collection_from_records({"doc:b": b, "doc:a": good})
    >>> [d.slug for d in c.documents], corpus, said
    (['a', 'b'], None, 'The list of your kept documents was missing; it was made again from the 2 documents kept.')
    """
    c = Collection()
    problems = []
    kept = sorted(key.removeprefix("doc:") for key in records if key.startswith("doc:"))
    try:
        meta = record_json(records.get("meta", "{}"))
        if not isinstance(meta, dict) or not isinstance(meta.get("order", []), list):
            raise ValueError("not a meta record")
        order = [str(slug) for slug in meta.get("order", [])]
    except (ValueError, TypeError):  # not JSON, not text, not the meta record's shape
        meta, order = {}, kept
        problems.append("The list of your kept documents could not be read back; every document that could is here.")
    listed = set(order)
    unlisted = [slug for slug in kept if slug not in listed]
    listed_by_meta, said_unlisted = "meta" in records and order is not kept, len(problems)  # said once read
    order = order + unlisted
    damaged = 0
    for slug in dict.fromkeys(order):  # each once
        raw = records.get(f"doc:{slug}")
        if raw is None:
            continue
        try:
            doc = document_from_record(record_json(raw))
            if doc.slug != slug:
                raise CorpusError(f"the record under {slug} holds {doc.slug}")
            c.documents.append(doc)
        except (ValueError, TypeError, CorpusError):  # not JSON, not text, not a document record
            damaged += 1
    if "meta" not in records:  # made again from the documents that could be read
        n = len(c.documents)
        problems.insert(
            0,
            f"The list of your kept documents was missing; it was made again from the {n} "
            f"{'document' if n == 1 else 'documents'} kept.",
        )
        said_unlisted += 1
    if (n := len({d.slug for d in c.documents} & set(unlisted))) and listed_by_meta:
        problems.insert(
            said_unlisted,
            f"{n} of your kept documents {'was' if n == 1 else 'were'} missing from their list; "
            f"{'it is' if n == 1 else 'they are'} back at its end.",
        )
    if damaged:
        problems.append(
            f"{damaged} of your kept documents could not be read back; the rest are here."
            if damaged < len(order)
            else "Your kept documents could not be read back."
        )
    try:
        words = meta.get("words", "")
        c.related_words = parse_word_list(words if isinstance(words, str) else "")
        if not isinstance(words, str):
            raise ValueError("not text")
    except (ValueError, CorpusError):
        problems.append("Your word list could not be read back; it is empty.")
    try:
        c.passage_size = passage_size_in_record(meta.get("passages", default_size(corpus_folder=False)))
    except ValueError:
        problems.append("How your documents are cut could not be read back; they are cut as at first.")
    return c, meta.get("corpus"), " ".join(problems)


def unread_vectors(damaged: int) -> str:
    """The sentence for kept vector records that were no vectors (null, a number, another length), forgotten so
    that each is made again from its passage ("" none).

    >>> unread_vectors(1)
    '1 kept meaning vector could not be read back; it was set aside, and “Make meaning vectors” makes it again.'
    """
    if not damaged:
        return ""
    one = damaged == 1
    return (
        f"{damaged} kept meaning {'vector' if one else 'vectors'} could not be read back; "
        f"{'it was' if one else 'they were'} set aside, and “Make meaning vectors” makes "
        f"{'it' if one else 'them'} again."
    )


def passage_size_in_record(value: object) -> PassageSize:
    """A radio's value ("2", "document") or the meta record's (2, "document") as a passage size.

    >>> passage_size_in_record("2"), passage_size_in_record("document")
    (2, 'document')
    """
    text = str(value)
    return check_passage_size(int(text) if text.isdigit() else value)


# "10:00: ten" is the word "10:00": the colon that ends the word is the first one a space follows (or, when no
# colon has a space after it, the first one).
_WORD_AND_RELATED = re.compile(r"(.*?):(?:\s+|$)(.*)")
_WORD_AND_RELATED_TIGHT = re.compile(r"([^:]*):(.*)")


def parse_word_list(text: str) -> dict[str, tuple[str, ...]]:
    """The word list as the visitor writes it: one word a line, a colon, its related words separated by commas;
    blank lines and "#" comments ignored. Words go through the search-word rules, as in synonyms.toml.

    >>> parse_word_list("# mine\\nBoats: ferry, the crossings\\n\\nticket: fare")
    {'boat': ('ferry', 'crossing'), 'ticket': ('fare',)}
    >>> parse_word_list("boat: ferry\\nboat ferry")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    raglab.documents.corpus.CorpusError: Line 2 of the word list has no colon: write a word, a colon and its ...
    """
    pairs = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()  # no search word holds a "#"
        if not line:
            continue
        parts = _WORD_AND_RELATED.fullmatch(line) or _WORD_AND_RELATED_TIGHT.fullmatch(line)
        if not parts:
            raise CorpusError(
                f"Line {n} of the word list has no colon: write a word, a colon and its related "
                "words, like “boat: ferry, crossing”."
            )
        key, related = parts[1], [v.strip() for v in parts[2].split(",") if v.strip()]
        if not search_words(key):
            raise CorpusError(
                f"Line {n} of the word list starts with “{key.strip()}”, which is not a search word "
                "(it is empty, or a filler word)."
            )
        if not any(word_list_from([(key, related)]).values()):
            raise CorpusError(f"Line {n} of the word list gives “{key.strip()}” no related search words.")
        pairs.append((key, related))
    return word_list_from(pairs)


def word_list_text(related: Mapping[str, Iterable[str]]) -> str:
    """The word list as the visitor edits it (``parse_word_list`` reads it back the same).

    >>> print(word_list_text({"boat": ("ferry", "crossing"), "ticket": ("fare",)}))
    boat: ferry, crossing
    ticket: fare
    """
    return "\n".join(f"{word}: {', '.join(words)}" for word, words in related.items())


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")  # TOML, unlike JSON, escapes DEL


def entities_toml(entities: Iterable[Entity], comment: str = "") -> str:
    """entities.toml for names (found by rules, with a visitor's edits), read back as a hand-written list is.

    >>> print(entities_toml([Entity("Ada Lovelace", ("Lovelace",)), Entity("London")], "Found by rules."), end="")
    # Found by rules.
    <BLANKLINE>
    [[entity]]
    name = "Ada Lovelace"
    aliases = ["Lovelace"]
    <BLANKLINE>
    [[entity]]
    name = "London"
    aliases = []
    """
    entries = [
        f"[[entity]]\nname = {_toml_string(e.name)}\naliases = [{', '.join(map(_toml_string, e.aliases))}]\n"
        for e in entities
    ]
    return "\n".join([f"# {comment}\n" if comment else "", *entries]).lstrip("\n")


def toml_table(name: str, entries: Mapping[str, Iterable[str]]) -> str:
    """One TOML table of string lists, as synonyms.toml and presets.toml hold them. JSON's strings are TOML's
    basic strings (TOML also escapes DEL), and every key is quoted, so any word or question is written safely.

    >>> print(toml_table("related", {"boat": ("ferry",), "10:00": ("ten",)}))
    [related]
    "boat" = ["ferry"]
    "10:00" = ["ten"]
    <BLANKLINE>
    """
    rows = [f"{_toml_string(key)} = [{', '.join(_toml_string(v) for v in values)}]" for key, values in entries.items()]
    return "\n".join([f"[{name}]", *rows]) + "\n"


def read_folder(
    folder: str | Path, read: Callable[[str, bytes], Document] = read_file
) -> tuple[Corpus, list[ReadError]]:
    """A folder as the lab searches it. A corpus folder (``NN-slug.md`` files, and no other kind of document) is
    loaded as one, and any error in it raised. Any other folder is a visitor's files: each file read in name
    order by ``read`` (with the folder's TOML files, DATA_FILES, if there; without ``entities.toml``, the names are
    found by rules), but a Markdown file written as a corpus document (``NN-slug.md``, first line ``# Title``) is
    read as a corpus folder reads it (``corpus_document``: its id and title the same with or without a PDF beside
    it), and each that gives nothing returned as a ReadError beside the corpus. Only regular files inside
    the folder are read: a link out of it, a pipe or a device is a ReadError too, never opened. A CorpusError when
    nothing at all can be searched."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CorpusError(f"{folder}: no such corpus folder")
    paths, skipped = folder_files(folder)
    unread = [read_error(name, kind) for name, kind in skipped]
    if is_corpus_folder(p.name for p in paths):
        corpus, _ = load_corpus_folder(folder)
        return corpus, unread
    data = corpus_data({p.name: utf8_text(p.name, p.read_bytes()) for p in paths if p.name in DATA_FILES})
    files = [(p.name, p.stat().st_size, p.read_bytes) for p in paths if p.suffix.lower() != ".toml"]
    collection, problems = read_files(files, str(folder), lambda n, data: corpus_document(n, data) or read(n, data))
    problems = unread + problems
    documents = tuple(collection.documents)
    if not data.get("entities"):  # no hand-written names: the graph uses the names found by rules, as the page does
        data["entities"] = NamesByRules(documents)
    return Corpus(folder.name, documents, **data), problems


class NamesByRules(Sequence[Entity]):
    """The names the rules find in ``documents`` (``graph.names.find_names``), found when first read. The command
    line reads its folder for every question and only Graph RAG reads the names: on 16 MB of text finding them took
    17 s and 470 MB (``bench/README.md``), for a question that needed none.

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
