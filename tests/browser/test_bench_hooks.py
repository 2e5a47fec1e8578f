"""The tests' site is a --bench-hooks build (tools/site.py, `make test`): the benchmarks' hooks are installed there,
as main.py installs what the config's "hooks" name. tests/core/test_published_site.py: the published site has none."""

from playwright.sync_api import expect

MARKS_JS = """() => performance.getEntriesByType("mark").map((m) => m.name).filter((n) => n.startsWith("raglab:"))"""


def test_the_hooks_mark_the_pages_moments_and_install_raglab_bench(visit):
    """Intent: bench/scifact_page.py reads the page's moments as performance marks (LabPage.mark, which only the
    hooks make marks): by the time the kept documents are searchable, the kept records and vectors were read and
    marked; and ``raglabBench`` answers with a ranking."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1)
    marks = page.evaluate(MARKS_JS)
    assert {"raglab:records-read", "raglab:vectors-read"} <= set(marks), marks
    got = page.evaluate("raglabBench.run('plain', 'How much does the ferry cost?', JSON.stringify({top_k: 3}))")
    assert len(got["ids"]) == 3 and got["ms"] >= 0
