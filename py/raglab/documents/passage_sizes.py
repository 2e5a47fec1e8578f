"""How a collection or a folder is cut into passages: its ``passages.toml``, else the course notes' rule
(``passage_size_of``), and the page's stored or chosen value.

The passage size is the visitor's choice: passages of 2 sentences (as Fernport's), or one passage per document.
A folder or zip says which in ``passages.toml`` (``[passages] size = "document"``; no file: 2 sentences):

>>> passage_size_from(passages_toml("document")), passage_size_from("[passages]\\nsize = 2")
('document', 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from .chunking import BLOCKS, DEFAULT_SIZE, WHOLE_DOCUMENT, PassageSize, check_passage_size, default_size
from .corpus import DOCUMENT_NAME, CorpusError, utf8_text
from .corpus_folder import folder_file, folder_files, is_corpus_folder
from .corpus_markdown import corpus_document
from .toml_read import parse_toml
from .toml_write import toml_string

PASSAGES_FILE = "passages.toml"  # how a collection is cut into passages, beside the corpus layout's DATA_FILES


def passages_toml(size: PassageSize) -> str:
    """passages.toml for a passage size (``passage_size_from`` reads it back).

    >>> print(passages_toml("document"), end="")
    # How the lab cuts these documents: sentences a passage, "blocks" (paragraphs, lists, tables) or "document"
    # (one passage each). Without this file: 2 sentences.
    [passages]
    size = "document"
    """
    value = str(size) if isinstance(size, int) else toml_string(size)
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


def passage_size_of(stated: PassageSize | None, names: Iterable[str], notes: bool) -> PassageSize:
    """The passage size of a folder or a zip of the files ``names``: what its passages.toml ``stated``, else
    ``default_size``: 2 sentences for a corpus folder, and for files beside a course author's notes (``notes``:
    corpus documents among them), so the notes are cut as they are without the files; blocks for a visitor's files.

    >>> passage_size_of(None, ["01-notes.md", "slides.pdf"], True), passage_size_of(None, ["slides.pdf"], False)
    (2, 'blocks')
    >>> passage_size_of("document", ["01-notes.md", "slides.pdf"], True)
    'document'
    """
    if stated is not None:
        return stated
    names = list(names)
    return default_size(not names or notes or is_corpus_folder(names))


def passage_size_in(folder: str | Path) -> PassageSize:
    """A folder's passage size, for ``Lab(corpus, passage_size)``: its passages.toml, else ``passage_size_of``'s
    rule."""
    path = folder_file(folder, PASSAGES_FILE)
    if path:
        return passage_size_from(utf8_text(PASSAGES_FILE, path.read_bytes()))
    files = folder_files(Path(folder))[0] if Path(folder).is_dir() else []
    notes = any(corpus_document(p.name, p.read_bytes()) for p in files if DOCUMENT_NAME.match(p.name))
    return passage_size_of(None, (p.name for p in files), notes)


def passage_size_in_record(value: object) -> PassageSize:
    """A radio's value ("2", "document") or the meta record's (2, "document") as a passage size.

    >>> passage_size_in_record("2"), passage_size_in_record("document")
    (2, 'document')
    """
    text = str(value)
    return check_passage_size(int(text) if text.isdigit() else value)
