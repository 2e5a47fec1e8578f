"""Files read into a collection, one by one: a list of (name, size, bytes) or a folder's; each file that gives
nothing is said beside the collection, and nothing at all to search is a CorpusError."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from .collection import Collection
from .corpus import Corpus, CorpusError, Document, Entity, utf8_text
from .corpus_data import DATA_FILES, corpus_data
from .corpus_folder import folder_files, is_corpus_folder, load_corpus_folder
from .corpus_markdown import corpus_document
from .kinds import READ_KINDS
from .read_errors import ReadError, check_size, read_error
from .readers import read_file
from .steps import Steps, run_steps


def read_files(
    files: Iterable[tuple[str, int, Callable[[], bytes]]],
    where: str,
    read: Callable[[str, bytes], Document] = read_file,
) -> tuple[Collection, list[ReadError]]:
    """A collection of files given as (name, size, a function giving its bytes) in order, each made a Document by
    ``read`` (the command line's keeps its readings: ``document_cache.CachedReader``); every file that gives
    nothing is a ReadError in the list. A CorpusError, naming ``where``, when no file gives anything."""
    return run_steps(read_steps(files, where, read))


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
        else f"{where} holds no files to search: the lab reads {READ_KINDS} files."
    )


def read_folder(
    folder: str | Path,
    read: Callable[[str, bytes], Document] = read_file,
    find_names: Callable[[Sequence[Document]], Sequence[Entity]] | None = None,
) -> tuple[Corpus, list[ReadError]]:
    """A folder as the lab searches it. A corpus folder (``NN-slug.md`` files, and no other kind of document) is
    loaded as one, and any error in it raised. Any other folder is a visitor's files: each file read in name
    order by ``read``, with the folder's TOML files (DATA_FILES) if there. Without ``entities.toml`` its names are
    ``find_names(documents)`` (the graph's names found by rules, ``graph.names_by_rules.NamesByRules``, passed in
    since this layer is below the graph; None: no names). A Markdown file written as a corpus document
    (``NN-slug.md``, first line ``# Title``) is read as a corpus folder reads it (``corpus_document``: its id and
    title the same with or without a PDF beside it), and each file that gives nothing returned as a ReadError
    beside the corpus. Only regular files inside the folder are read: a link out of it, a pipe or a device is a
    ReadError too, never opened. A CorpusError when nothing at all can be searched."""
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
    if not data.get("entities") and find_names:  # no hand-written names: the graph's found by rules, as the page's
        data["entities"] = find_names(documents)
    return Corpus(folder.name, documents, **data), problems
