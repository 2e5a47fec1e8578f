"""What a visitor sees when using the lab: the spec's figures, typed questions, messages, links and embedding."""

import pytest
from lab_page import SLOW, expect_address, press, shown
from playwright.sync_api import expect

from raglab import Lab, run
from raglab.show import score_label

LEXICAL = ["plain", "query", "graph", "document", "parent", "chunk_size"]


@pytest.fixture(scope="module")
def lab():
    return Lab()


def test_every_lexical_preset_shows_the_cores_passages_and_scores(visit, lab):
    """Intent: each preset button shows exactly what the core computes (ids, order, score labels)."""
    page = visit.open()
    for key in LEXICAL:
        for question in lab.corpus.presets[key]:
            press(page, key, question)
            expected = [(p.id, score_label(p)) for p in run(lab, key, question).passages]
            assert shown(page, key) == expected, (key, question)
    assert visit.console_errors == []


def test_the_spec_figures_on_the_page(visit):
    """Intent: the spec's own numbers, as a visitor reads them."""
    page = visit.open()
    press(page, "plain", "How much does the ferry cost?")
    assert shown(page, "plain") == [("ferry-1", "score 5.95"), ("ferry-3", "score 2.46"), ("harbour-3", "score 2.46")]
    press(page, "query", "How much is a boat ticket?")
    assert [s for _, s in shown(page, "query")] == ["score 9.45", "score 2.46", "score 2.46"]
    expect(page.locator("#result-query")).to_contain_text("No passage found, so the model gets no help")
    press(page, "graph", "When can I meet the man who taught Mira to bake?")
    assert shown(page, "graph") == [
        ("bakery-2", "score 7.83"),
        ("bakery-1", "score 4.33"),
        ("lighthouse-2", "score 0.50"),
    ]
    expect(page.locator("#result-graph ul.links li")).to_have_count(4)
    press(page, "chunk_size", "What are the visitor rules?")
    assert shown(page, "chunk_size") == [
        ("rules-s1-1", "score 4.04"),
        ("rules-s2-1", "score 3.50"),
        ("rules-s4-1", "score 3.04"),
    ]


def test_a_score_opens_to_show_its_sum(visit):
    page = visit.open()
    first = page.locator("#result-plain li.hit").first
    first.locator("details.score summary").click()
    expect(first.locator(".sum")).to_have_text("5.95 = ferry 2.46 [ln(1 + 32/3)] + cost 3.50 [ln(1 + 32/1)]")


def test_a_typed_question_gets_its_results(visit):
    page = visit.open()
    expect(page.locator(".other-presets")).to_have_count(0)  # the no-JavaScript results go once Python runs
    page.fill("#q-plain", "When does the market open?")
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text("“When does the market open?”")
    assert shown(page, "plain")[0][0] == "market-3"
    expect_address(page, holds="q.plain=When+does+the+market+open")  # the address holds each section's question

    # BM25 on Snowball stems: its wheel installed from the site on first use, the core's passages and scores
    question = "How much do the ferries cost?"
    page.locator("#plain details.settings summary").click()  # the settings, one step away
    page.locator("#plain input[name=scoring][value=snowball]").check()
    page.fill("#q-plain", question)
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expected = run(Lab(), "plain", question, scoring="snowball")
    assert shown(page, "plain") == [(p.id, score_label(p)) for p in expected.passages]
    expect(page.locator("#result-plain")).to_contain_text("Snowball stems")
    assert visit.requested("wheels/snowballstemmer-3.1.1-py3-none-any.whl") == 1
    expect_address(page, holds="scoring.plain=snowball")


def test_stop_words_and_blank_questions_get_clear_messages(visit):
    page = visit.open()
    page.fill("#q-plain", "How is it?")
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .message")).to_contain_text("every word of “How is it?” is a stop word")
    page.fill("#q-query", "   ")
    page.press("#q-query", "Enter")
    expect(page.locator("#msg-query")).to_have_text("Type a question first.")
    expect(page.locator("#result-query .summary")).to_contain_text("“How much is a boat ticket?”")  # kept
    assert visit.console_errors == []


def test_deep_link_opens_a_technique_with_its_answer(visit):
    page = visit.open("?technique=graph&q=Who+is+the+lighthouse+guide%3F")
    expect(page.locator("#result-graph .summary")).to_have_text(
        "3 passages found for “Who is the lighthouse guide?”.", timeout=SLOW
    )
    expect(page.locator("#q-graph")).to_have_value("Who is the lighthouse guide?")


def test_embed_mode_shows_just_one_technique(visit):
    page = visit.open("?technique=query&embed=1&q=Can+I+bring+my+pet%3F")
    expect(page.locator("#query")).to_be_visible()
    for hidden in ["#plain", "#graph", "#word-list", "#try-first"]:
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator("#documents details").first).not_to_have_attribute("open", "")  # folded, to be opened
    expect(page.locator("#result-query .summary")).to_contain_text("“Can I bring my pet?”")


def test_copy_embed_code_gives_an_iframe(visit):
    page = visit.open()
    page.locator("#hyde button.embed-code").click()
    snippet = page.locator("#hyde textarea.embed-snippet")
    expect(snippet).to_be_visible()
    value = snippet.input_value()
    assert value.startswith('<iframe src="http://127.0.0.1:') and "technique=hyde&amp;embed=1" in value
    assert 'title="RAG Lab: HyDE"' in value


def test_html_in_a_question_is_shown_as_text(visit):
    page = visit.open()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    attack = "<img src=x onerror=alert(1)> ferry"
    page.fill("#q-plain", attack)
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_have_text(f"3 passages found for “{attack}”.")
    assert page.locator("#result-plain img").count() == 0
    expect(page.locator("#result-plain details.prompt pre")).to_contain_text(f"Question: {attack}")
    assert dialogs == []


def test_phone_width_and_keyboard(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("#status")).to_have_text("Ready", timeout=60_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Start at the plain RAG section, as a keyboard user who followed its link would, and Tab through it.
    page.evaluate("(s => { s.tabIndex = -1; s.focus(); })(document.getElementById('plain'))")
    reached = set()
    for _ in range(25):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("document.activeElement.className || document.activeElement.tagName"))
    assert {"preset", "INPUT", "embed-code"} <= reached
    page.locator("#q-plain").focus()
    page.keyboard.type("ferry")
    page.keyboard.press("Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text("“ferry”")
    context.close()


def test_scoreboard_question_opens_in_its_technique(visit):
    page = visit.open()
    board = page.locator("#scoreboard")
    expect(board).to_contain_text("labelled questions")
    board.locator(".scoreboard-grid-box summary").click()  # folded, to spare keyboard users its many links
    link = board.locator(".scoreboard-grid-box a.open-question[data-technique='graph']").first
    question = link.get_attribute("data-q")
    link.click()
    expect(page.locator("#result-graph .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(page.locator("#q-graph")).to_have_value(question)
