"""The page boots Python from its own files only, and reads well before (or without) it."""

from pathlib import Path

from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
NETWORKX_WHEEL = "wheels/networkx-3.7-py3-none-any.whl"


def test_python_starts_and_shows_its_result_with_only_local_requests(visit):
    """Intent: the visitor sees "Ready" and Python's own sentence; nothing errs or leaves the host."""
    page = visit.open()
    documents = len(list((ROOT / "corpus" / "fernport").glob("*.md")))
    expect(page.locator("#result")).to_have_text(
        f"Python 3.14.2 imported raglab from py/raglab/ and found {documents} documents."
    )
    assert visit.console_errors == []
    assert visit.failed == []
    assert visit.off_host == []


def test_graph_library_loads_only_when_asked(visit):
    """Intent: networkx is not on the start-up path; one click installs it from the local wheel."""
    page = visit.open()
    assert visit.requested(NETWORKX_WHEEL) == 0
    page.get_by_role("button", name="Load the graph library").click()
    expect(page.locator("#graph-result")).to_contain_text("networkx 3.7 ready", timeout=30_000)
    expect(page.locator("#graph-result")).to_contain_text("bakery → harbour → ferry → lighthouse")
    assert visit.requested(NETWORKX_WHEEL) == 1
    assert visit.console_errors == []


def test_static_content_reads_without_javascript(visit_without_js):
    """Intent: with JavaScript off, the title and introduction show and no loading promise does."""
    page = visit_without_js.open(wait_for_python=False)
    expect(page.get_by_role("heading", name="RAG Lab", level=1)).to_be_visible()
    expect(page.locator("#intro")).to_contain_text("retrieval-augmented generation")
    expect(page.locator("#status")).to_be_hidden()
    assert visit_without_js.requested("pyodide/pyodide.asm.wasm") == 0
