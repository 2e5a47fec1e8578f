"""bench/scifact.py's rank fusion breaks ties as the lab does (raglab.search.fusion.fuse_ranks, TIE_RULE): its
examples."""

import doctest
import importlib


def test_rrf_examples():
    module = importlib.import_module("bench.scifact")
    finder = doctest.DocTestFinder()
    (test,) = [t for t in finder.find(module) if t.name.endswith(".rrf")]
    result = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE).run(test)
    assert result.attempted > 0 and result.failed == 0
