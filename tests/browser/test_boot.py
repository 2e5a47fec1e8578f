"""The page boots Python from its own files only, and reads well before (or without) it."""

from pathlib import Path
from urllib.parse import quote_plus

from playwright.sync_api import expect

from raglab import Lab, run
from raglab.show import score_label

ROOT = Path(__file__).resolve().parents[2]
NETWORKX_WHEEL = "wheels/networkx-3.7-py3-none-any.whl"


def test_python_starts_with_only_local_requests_and_no_errors(visit):
    """Intent: the visitor sees "Ready"; nothing errs or leaves the host; numpy is not asked for offline (and the
    runtime line, which only speaks of numpy while it downloads, says nothing)."""
    page = visit.open()
    expect(page.locator("#runtime")).to_have_text("")
    assert visit.console_errors == []
    assert visit.failed == []
    assert visit.off_host == []
    # Pyodide ran without stack switching (JSPI), as in Firefox: boot.js took it away before PyScript loaded it
    assert page.evaluate("'Suspending' in WebAssembly || 'promising' in WebAssembly") is False


def test_graph_library_loads_only_when_the_graph_runs(visit):
    """Intent: networkx is not on the start-up path; the graph technique installs it from the local wheel."""
    page = visit.open()
    assert visit.requested(NETWORKX_WHEEL) == 0
    page.locator("#graph a.preset").nth(1).click()
    expect(page.locator("#result-graph .summary")).to_have_text(
        "3 passages found for “Who is the lighthouse guide?”.", timeout=60_000
    )
    page.locator("#result-graph details.did summary").click()  # the graph is one step away
    expect(page.locator("#result-graph svg.graph-svg")).to_be_visible()
    assert visit.requested(NETWORKX_WHEEL) == 1
    assert visit.console_errors == []


def test_prerendered_page_reads_without_javascript(visit_without_js):
    """Intent: with JavaScript off, the documents and each technique's first results are there to read."""
    page = visit_without_js.open(wait_for_python=False)
    expect(page.get_by_role("heading", name="Give an AI your own documents", level=1)).to_be_visible()
    expect(page.locator("#documents")).to_contain_text("Its 10 documents are cut into 32 passages")
    expect(page.locator("#p-ferry-1")).to_contain_text("A ferry fare costs 6 coins")
    expect(page.locator("#result-plain .hit").first).to_contain_text("score 5.95")
    expect(page.locator("#result-graph .hit").nth(2)).to_contain_text("score 0.50")
    expect(page.locator("#result-multi_query .hit").first).to_contain_text("fused 0.0648")
    expect(page.locator("#status")).to_be_hidden()

    # Each preset shows its own result, pre-rendered: the address names it (#plain-preset-2), CSS shows it
    lab = Lab()
    for key in ("plain", "graph"):
        second = lab.corpus.presets[key][1]
        page.locator(f"#{key} a.preset", has_text=second).click()
        expect(page.locator(f"#{key}-preset-2")).to_be_visible()
        expect(page.locator(f"#result-{key}")).to_be_hidden()  # the first preset's result gives way
        assert quote_plus(second) in page.url and page.url.endswith(f"#{key}-preset-2")
        hits = page.locator(f"#{key}-preset-2 ol.passages:not(.compare):not(.compact) > li.hit")
        assert [
            (h.get_attribute("data-id"), h.locator(".score summary, span.score").first.inner_text()) for h in hits.all()
        ] == [(p.id, score_label(p)) for p in run(lab, key, second).passages]
    assert visit_without_js.requested("pyodide/pyodide.asm.wasm") == 0
