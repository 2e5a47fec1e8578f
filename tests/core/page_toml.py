"""A corpus folder's page.toml read as build.py reads it, for the tests that render the page from it."""

from pathlib import Path

from raglab.documents.corpus import utf8_text
from raglab.documents.toml_read import parse_toml


def load_page_text(corpus_dir: Path) -> dict:
    path = Path(corpus_dir) / "page.toml"
    return parse_toml(path.name, utf8_text(path.name, path.read_bytes()))
