"""The worked examples in the docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = ["text", "chunking", "keyword", "fusion", "vectors", "rewrite", "prompt", "result", "show", "vector_table",
           "metrics", "model_prompts", "ui.model_panel", "model_writes", "techniques.registry", "ui.page_html",
           "readers", "collection", "corpus", "markup", "names", "related", "ui.documents_html", "ui.names_html", "lab",
           "links"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"raglab.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert attempted > 0 and failed == 0
