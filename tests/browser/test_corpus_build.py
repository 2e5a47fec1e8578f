"""A lab built with `build.py --corpus DIR` on a course author's tiny folder (documents and presets.toml), as a
visitor sees it: its documents, its presets, and a typed question, answered by the page's own Python.

The site is built once for this module (tools/site.py, as the suite's own site, with `corpus=` the folder and
the hybrid lesson's ledger as a second corpus) and served on its own port; `visit` (conftest.py) visits it through
the `site_url` below.
"""

from dataclasses import replace
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from lab_page import SLOW, expect_address, press, shown
from playwright.sync_api import expect
from tools.site import build_site, served, settings_for_tests

from raglab import Lab, load_corpus, run
from raglab.documents.collect_files import read_folder
from raglab.documents.passage_sizes import passage_size_in
from raglab.graph.names_by_rules import NamesByRules
from raglab.show import score_label

DOCUMENTS = {
    "01-tides.md": "# Tide table\n\nHigh tide at Gull Point comes at 6:10 and 18:40. Low tide follows six hours "
    "later.\n\nSwimmers should leave the water an hour before high tide.\n",
    "02-shells.md": "# Shell guide\n\nRazor shells are long and thin. Cockles are round, with ridges.\n\nThe "
    "museum pays 2 coins for every whole whelk shell.\n",
}
LEDGER = Path(__file__).resolve().parents[2] / "corpus" / "ledger"
PRESET = "When is high tide?"
TYPED = "What does the museum pay for a shell?"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("course") / "seaside"
    folder.mkdir()
    for name, text in DOCUMENTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "presets.toml").write_text(f'[presets]\nplain = ["{PRESET}"]\n', encoding="utf-8")
    # No questions.toml: no scoreboard, and the page must start without one (and without any other preset).
    return folder


@pytest.fixture(scope="module")
def site_url(folder, tmp_path_factory):  # the `visit` fixture visits this site
    # Two corpora: the course folder (index.html) and the hybrid lesson's ledger (ledger.html), with a switch
    site = build_site(tmp_path_factory.mktemp("dist"), replace(settings_for_tests(), corpus=folder, more=(LEDGER,)))
    with served(site) as url:
        yield url


def expected(folder, question):
    """What the core gives for the question on the folder, read as the build read it."""
    corpus, _ = read_folder(folder, find_names=NamesByRules)
    return [(p.id, score_label(p)) for p in run(Lab(corpus, passage_size_in(folder)), "plain", question).passages]


def test_the_course_documents_a_preset_and_a_typed_question(visit, folder):
    """Intent: the built page shows the folder's documents (not Fernport's); its preset and a typed question are
    answered in the page with plain RAG, exactly as the core answers them on that folder."""
    page = visit.open()
    page.locator("#documents summary").click()
    expect(page.locator("#documents article.doc h3")).to_have_text(["Tide table", "Shell guide"])
    expect(page.locator("#documents")).to_contain_text("Swimmers should leave the water an hour before high tide.")
    expect(page.locator("#plain a.preset")).to_have_text([PRESET])
    expect(page.locator("#q-plain")).to_have_attribute("placeholder", "Ask about seaside")

    page.fill("#q-plain", TYPED)
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{TYPED}”", timeout=SLOW)
    assert shown(page, "plain") == expected(folder, TYPED) != []

    press(page, "plain", PRESET)  # back from the typed question: answered by the page's Python, not pre-rendered
    assert shown(page, "plain") == expected(folder, PRESET) != []
    assert "Fernport" not in page.locator("body").inner_text()
    expect(page.locator("#scoreboard")).to_have_count(0)  # no labelled questions
    expect(page.locator("#graph a.preset")).to_have_count(0)  # no preset there: the question box alone
    assert visit.console_errors == []


def test_two_corpora_a_switch_and_links_that_carry_the_corpus(visit, folder):
    """Intent: a site built on two folders offers a switch; its link (corpus=ledger) opens the ledger's page, whose
    questions are answered on the ledger as the core answers them, and whose address keeps corpus=ledger."""
    page = visit.open()
    switch = page.get_by_role("navigation", name="Documents this lab can search")
    expect(switch.locator("a[aria-current=page]")).to_have_text("seaside")
    switch.get_by_role("link", name="Larkspur Print Works").click()
    expect(page.locator("#status")).to_have_text("Ready", timeout=SLOW)
    assert urlsplit(page.url).path.endswith("/ledger.html")
    expect(switch.locator("a[aria-current=page]")).to_have_text("Larkspur Print Works")
    question = "How much is INV-2041?"
    page.fill("#q-plain", question)
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    assert (
        shown(page, "plain")
        == [(p.id, score_label(p)) for p in run(Lab(load_corpus(LEDGER)), "plain", question).passages]
        != []
    )
    expect_address(page, [("corpus", "ledger"), ("q.plain", question)])  # a link to this answer opens this page
    page.goto(visit.site_url + "?" + urlencode({"corpus": "ledger", "q.plain": question}))
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    assert urlsplit(page.url).path.endswith("/ledger.html")
    for hostile in ("__proto__", "constructor", "toString"):  # own keys only: no page of that name is looked up
        page.goto(visit.site_url + "?" + urlencode({"corpus": hostile}))
        expect(page.locator("#status")).to_have_text("Ready", timeout=SLOW)
        assert urlsplit(page.url).path == urlsplit(visit.site_url).path, page.url
    assert visit.console_errors == []
