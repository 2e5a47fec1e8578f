"""Every test is marked by the folder it lives in: core, meaning or browser (a docstring example, wherever it is, is
core). So `pytest -m core` (make test-core) is the fast loop, and no test has to remember its own mark."""

from pathlib import Path

import pytest

SUITES = ("core", "meaning", "browser")  # the folders of tests/, each its marker (pyproject.toml declares them)
TESTS = Path(__file__).parent


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items):
    for item in items:
        folder = item.path.relative_to(TESTS).parts[0] if item.path.is_relative_to(TESTS) else "core"
        item.add_marker(folder if folder in SUITES else "core")


@pytest.fixture(autouse=True, scope="session")
def _vectors_kept_apart(tmp_path_factory):
    """The command line keeps vectors between calls (raglab.search.vector_cache): in the tests, in a folder of their
    own, never the visitor's ~/.cache."""
    patch = pytest.MonkeyPatch()
    patch.setenv("RAGLAB_CACHE", str(tmp_path_factory.mktemp("raglab-cache")))
    yield
    patch.undo()
