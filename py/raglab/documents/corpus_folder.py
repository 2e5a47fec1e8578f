"""A corpus folder read: the files the lab reads in it (regular files inside it, in name order), and the corpus
they make, its documents (``corpus_markdown``) and its data files (``corpus_data``)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

from .corpus import DOCUMENT_NAME, Corpus, CorpusError, default_corpus_dir, utf8_text
from .corpus_data import DATA_FILES, corpus_data
from .corpus_markdown import parse_document
from .kinds import named_kind


def load_corpus(folder: str | Path | None = None) -> Corpus:
    return load_corpus_folder(Path(folder) if folder is not None else default_corpus_dir())[0]


def load_corpus_folder(folder: Path) -> tuple[Corpus, list[tuple[str, str]]]:
    """A corpus folder's corpus, and the entries it skipped (``folder_files``) as (name, kind)."""
    if not folder.is_dir():
        raise CorpusError(f"{folder}: no such corpus folder")
    for path in folder.iterdir():
        if path.is_dir() and (path.name in DATA_FILES or DOCUMENT_NAME.match(path.name)):
            raise CorpusError(f"{path.name}: a folder, but the corpus reads a file by that name; rename the folder")
    paths, skipped = folder_files(folder)
    texts = {
        p.name: utf8_text(p.name, _file_bytes(p))
        for p in paths
        if (p.suffix == ".md" and p.name.lower() != "readme.md") or p.name in DATA_FILES
    }
    return corpus_from_texts(folder.name, texts, str(folder)), skipped


def folder_files(folder: Path) -> tuple[list[Path], list[tuple[str, str]]]:
    """The files of a folder the lab reads, in name order: regular files inside it (hidden ones and sub-folders
    left out); and each entry it will not read, as (name, why): "not_regular" (a pipe, which would wait forever for
    a writer, a socket or a device) or "outside" (a link to a file outside the folder)."""
    inside = folder.resolve()
    paths, skipped = [], []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.name.startswith(".") or path.is_dir():
            continue
        why = _not_read(path, inside)
        if why:
            skipped.append((path.name, why))
        else:
            paths.append(path)
    return paths, skipped


def folder_file(folder: str | Path, name: str) -> Path | None:
    """``folder / name`` if the lab reads it, as ``folder_files`` would (a regular file inside the folder), else
    None: the way a folder's own settings (passages.toml; page.toml and the DATA_FILES build.py packs) are read."""
    path = Path(folder) / name
    if not os.path.lexists(path) or path.is_dir():
        return None
    return None if _not_read(path, Path(folder).resolve()) else path


def _not_read(path: Path, inside: Path) -> str | None:
    try:
        target = path.resolve(strict=True)
        regular = stat.S_ISREG(target.stat().st_mode)
    except (OSError, RuntimeError):  # a broken link, or a loop of links
        return "not_regular"
    if not target.is_relative_to(inside):
        return "outside"
    return None if regular else "not_regular"


def _file_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as e:
        raise CorpusError(f"{path.name}: cannot be read ({e.strerror or e})") from e


def corpus_from_texts(name: str, files: Mapping[str, str], where: str = "") -> Corpus:
    """A corpus from its files' names and contents, as a folder (or a zip of one) holds them; ``where`` names the
    folder in messages. Markdown files other than README.md are documents; DATA_FILES are read when present."""
    where = where or name
    paths = [n for n in files if n.endswith(".md") and n.lower() != "readme.md"]
    misnamed = [n for n in paths if not DOCUMENT_NAME.match(n)]
    if misnamed:
        raise CorpusError(f"{misnamed[0]}: a document is named NN-slug.md, like 03-ferry.md")
    docs = tuple(parse_document(n, files[n]) for n in sorted(paths, key=lambda n: int(n.split("-", 1)[0])))
    if not docs:
        raise CorpusError(f"{where}: no documents (files named NN-slug.md)")
    slugs = [d.slug for d in docs]
    if len(set(slugs)) != len(slugs):
        raise CorpusError(f"{where}: two documents share a slug")
    return Corpus(name=name, documents=docs, **corpus_data(files))


def is_corpus_folder(names: Iterable[str]) -> bool:
    """Whether these files are a corpus folder: ``NN-slug.md`` documents and no other kind of document (a
    visitor's "2024-plan.md" beside a PDF is a file to read, not a corpus document).

    >>> is_corpus_folder(["01-cats.md", "synonyms.toml"]), is_corpus_folder(["2024-plan.md", "notes.pdf"])
    (True, False)
    """
    numbered = False
    for name in names:  # stops at the first other kind of document (a zip of 10,000 text files: at the first)
        if named_kind(name) not in (None, "markdown"):
            return False
        numbered = numbered or bool(DOCUMENT_NAME.match(name))
    return numbered
