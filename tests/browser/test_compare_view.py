"""The compare view and the meaning map, as a learner uses them, at a desktop's and a phone's width: on Fernport
(a preset, a typed question, a row that opens its technique, a tapped dot) and on a visitor's own documents (the
meaning rows wait for their vectors, then the map is drawn). No axe violation on either."""

import pytest
from lab_page import SLOW, shown
from playwright.sync_api import expect
from test_accessibility import violations

MIRA = "When can I meet the man who taught Mira to bake?"
NOTES = {  # cut in 2 sentences (the page's choice below): 3 passages each
    "reef.txt": "The reef lies north of the harbour. Divers count parrotfish there every spring.\n\n"
    "Dr. Ada Marsh leads the count. Her team logs every fish by hand.\n\n"
    "Storms move the sand each winter, and the divers map it again.",
    "boats.txt": "Small boats leave the quay at dawn. The ferry to the reef costs four coins.\n\n"
    "Tickets are sold at the kiosk by the quay. The kiosk opens at seven.\n\n"
    "In fog the boats stay in, and the kiosk gives the coins back.",
}


def compared(page, question: str) -> None:
    """Wait until the compare view shows ``question`` and has stopped working."""
    expect(page.locator("#result-compare .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(page.locator("#result-compare.busy")).to_have_count(0, timeout=SLOW)


@pytest.mark.parametrize("width", [1280, 390])
def test_compare_on_fernport_and_on_your_documents(browser, site_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900}, service_workers="block")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url)
    expect(page.locator("#status")).to_have_text("Ready", timeout=60_000)
    view = page.locator("#result-compare")
    # pre-rendered: the first question of the list, every row and the map of the 32 passages
    expect(view.locator("li.compare-row")).to_have_count(10)
    expect(view.locator("circle.point")).to_have_count(32)
    expect(view.locator(".verdict")).to_contain_text("An answer first: Query RAG")
    first = page.locator("#compare a.compare-preset").first
    drawn_by_cpython = [(c.get_attribute("cx"), c.get_attribute("cy")) for c in view.locator("circle.point").all()]
    page.locator("#result-compare").evaluate("slot => slot.querySelector('.summary').remove()")
    first.click()  # the same question drawn again by the page's plain-Python projection: the same picture
    compared(page, first.inner_text())
    assert [
        (c.get_attribute("cx"), c.get_attribute("cy")) for c in view.locator("circle.point").all()
    ] == drawn_by_cpython

    page.locator("#compare a.compare-preset", has_text=MIRA).click()
    compared(page, MIRA)
    expect(view.locator(".verdict")).to_have_text(
        "An answer first: HyDE. Not first: Plain RAG, Query RAG, Graph RAG, Document RAG, Multi-query, "
        "Parent-document, Chunk size, Hybrid search, Plain meaning search."
    )
    graph = view.locator("li.compare-row[data-key=graph]")
    expect(graph.locator(".did")).to_have_text("hopped from Mira Okafor to Fernport Bakery, Tomas Reyes")
    expect(graph.locator("li.compared[data-id=lighthouse-2]")).to_have_attribute("data-move", "new")
    expect(view.locator(".probe-mark")).to_have_count(5)  # the question, 3 rewrites, HyDE's made-up answer
    hyde = view.locator(".map-text li.probe-text").last
    expect(hyde).to_contain_text("made-up answer (HyDE)")
    expect(hyde.locator("ol li").first).to_contain_text("lighthouse-2")
    expect(hyde.locator(".distortion")).to_contain_text("2 of the 3 passages nearest")
    view.locator("circle.point[data-id='lighthouse-2']").click()
    expect(view.locator(".map-point")).to_contain_text("Fernport Lighthouse [lighthouse-2]: Guided tours")
    assert violations(page) == []

    view.locator("a.open-technique[data-technique=graph]").click()  # the row opens its technique, same question
    expect(page.locator("#result-graph .summary")).to_contain_text(f"“{MIRA}”", timeout=SLOW)
    expect(page.locator("#result-graph.busy")).to_have_count(0, timeout=SLOW)
    assert [pid for pid, _ in shown(page, "graph")] == [
        p.get_attribute("data-id") for p in graph.locator("li.compared").all()
    ]

    page.fill("#q-compare", "Is there a swimming pool?")  # typed: the model embeds it, the map draws it
    page.press("#q-compare", "Enter")
    compared(page, "Is there a swimming pool?")
    expect(view.locator(".verdict")).to_have_text(
        "This question is not labelled, so the lab cannot say which passages answer it."
    )
    expect(view.locator(".probe-mark")).to_have_count(1)
    expect(view.locator(".map-text .probe-text ol li")).to_have_count(3)

    # your documents: the meaning rows wait for the vectors; once made, every row runs and the map is drawn
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("input[name=passages][value='2']").check()  # 2 sentences a passage: a map of 6 dots, not 2
    page.locator("#doc-files").set_input_files(
        [{"name": n, "mimeType": "text/plain", "buffer": t.encode()} for n, t in NOTES.items()]
    )
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(2)
    expect(view).to_contain_text("Type a question above to put it to every technique on your documents")
    page.fill("#q-compare", "How much is the boat to the reef?")
    page.press("#q-compare", "Enter")
    compared(page, "How much is the boat to the reef?")
    waiting = view.locator("li.compare-row.not-run")
    expect(waiting).to_have_count(4)
    expect(waiting.first).to_contain_text("Not run: needs every passage’s meaning vector first: 0 of 6 have one")
    expect(view.locator("li.compare-row[data-key=plain] li.compared").first).to_have_attribute("data-id", "boats-1")
    expect(view.locator("svg")).to_have_count(0)
    page.locator("#docs-vectors .make-vectors").click()
    expect(page.locator("#docs-vectors")).to_contain_text("Every one of your 6 passages has a meaning", timeout=SLOW)
    expect(view.locator(".vectors-since")).to_contain_text("press Compare again")
    page.press("#q-compare", "Enter")
    expect(view.locator("li.compare-row.not-run")).to_have_count(0, timeout=SLOW)
    compared(page, "How much is the boat to the reef?")
    expect(view.locator("circle.point")).to_have_count(6)
    expect(view.locator(".map-text .probe-text ol li")).to_have_count(3)
    assert "Fernport" not in view.inner_text()
    assert violations(page) == []
    assert errors == []
    context.close()


def test_a_link_to_a_question_of_the_list_opens_it_compared(visit):
    """The list's buttons are links (``?compare=...#compare``) for a page without JavaScript, and so for a shared
    link: once Python runs, the question it names is put to every technique."""
    page = visit.open("?compare=Can+I+bring+my+pet%3F#compare")
    compared(page, "Can I bring my pet?")
    expect(page.locator("#q-compare")).to_have_value("Can I bring my pet?")
    expect(page.locator("#result-compare li.compare-row")).to_have_count(10)
