"""The visitor's documents as a corpus folder, zipped, so ``raglab --corpus`` and ``build.py --corpus`` read what
the page gave (``zip_import`` reads it back)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Mapping, Sequence

from .chunking import DEFAULT_SIZE, PassageSize
from .corpus import Document, Entity
from .corpus_markdown import document_markdown
from .passage_sizes import PASSAGES_FILE, passages_toml
from .toml_write import entities_toml, toml_table


def folder_zip(
    documents: Sequence[Document],
    related_words: Mapping[str, Iterable[str]],
    presets: Mapping[str, Iterable[str]],
    passage_size: PassageSize,
    entities: Iterable[Entity] = (),
) -> bytes:
    """The documents as a corpus folder, zipped: ``01-slug.md`` each (see ``document_markdown``), and
    synonyms.toml, presets.toml and passages.toml when there is a word list, presets, or a passage size other
    than 2 sentences; entities.toml when names are given."""
    width = max(2, len(str(len(documents))))
    files = {f"{n:0{width}}-{doc.slug}.md": document_markdown(doc) for n, doc in enumerate(documents, 1)}
    if related_words:
        files["synonyms.toml"] = toml_table("related", related_words)
    if presets:
        files["presets.toml"] = toml_table("presets", presets)
    if passage_size != DEFAULT_SIZE:
        files[PASSAGES_FILE] = passages_toml(passage_size)
    if entities := list(entities):
        note = "The names in these documents (found by rules, with your edits) for Graph RAG."
        files["entities.toml"] = entities_toml(entities, note)
    return zipped(files)


def zipped(files: Mapping[str, str | bytes]) -> bytes:
    """A zip of ``files`` (a member's name: its text or bytes), deflated, in their order.

    >>> import zipfile, io
    >>> zipfile.ZipFile(io.BytesIO(zipped({"a.txt": "Boats sail.", "b/c.md": b"# C"}))).namelist()
    ['a.txt', 'b/c.md']
    """
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()
