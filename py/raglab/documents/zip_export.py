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
    out = io.BytesIO()
    width = max(2, len(str(len(documents))))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for n, doc in enumerate(documents, 1):
            archive.writestr(f"{n:0{width}}-{doc.slug}.md", document_markdown(doc))
        if related_words:
            archive.writestr("synonyms.toml", toml_table("related", related_words))
        if presets:
            archive.writestr("presets.toml", toml_table("presets", presets))
        if passage_size != DEFAULT_SIZE:
            archive.writestr(PASSAGES_FILE, passages_toml(passage_size))
        if entities := list(entities):
            note = "The names in these documents (found by rules, with your edits) for Graph RAG."
            archive.writestr("entities.toml", entities_toml(entities, note))
    return out.getvalue()
