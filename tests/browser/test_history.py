"""The back button and the address (issue 14): each question asked is a history entry, Back and Forward show the
earlier question and its result, the address holds every section used and opens them all again; and the small
things a visitor met: an unknown technique in a link, presets by keyboard, the box after a preset, HyDE without an
answer, a question that draws nothing, and what the page says about numpy."""

import json
from pathlib import Path
from urllib.parse import parse_qsl, unquote_plus, urlencode, urlsplit

import pytest
from lab_page import SLOW, expect_address, press, shown
from playwright.sync_api import expect

from raglab import Lab, run
from raglab.models.onnx_embed import OnnxEmbedder
from raglab.techniques import TECHNIQUES

ROOT = Path(__file__).resolve().parents[2]
TYPED = "When does the market open?"  # typed into plain search


@pytest.fixture(scope="module")
def lab():
    return Lab()


@pytest.fixture(scope="module")
def embed():
    return OnnxEmbedder(ROOT / ".cache" / "models" / "all-MiniLM-L6-v2")


def address(page) -> list:
    return parse_qsl(urlsplit(page.url).query)


def history_length(page) -> int:
    """The page's own history entries (a new tab's about:blank is the first)."""
    return page.evaluate("history.length") - 1


def ids(lab, key, question, **options):
    return [p.id for p in run(lab, key, question, **options).passages]


def ask(page, key, question):
    page.fill(f"#q-{key}", question)
    page.press(f"#q-{key}", "Enter")
    expect(page.locator(f"#result-{key} .summary")).to_contain_text(f"“{question}”", timeout=SLOW)


def test_back_and_forward_show_each_earlier_question(visit, lab):
    page = visit.open()
    first_plain, first_query, second_query = lab.corpus.presets["plain"][0], *lab.corpus.presets["query"][:2]
    assert history_length(page) == 1  # loading adds no entry

    ask(page, "plain", TYPED)
    press(page, "query", second_query)
    assert history_length(page) == 3
    expect_address(page, [("q.plain", TYPED), ("q.query", second_query)])
    page.evaluate("document.querySelector('#result-query .summary').classList.add('before')")
    press(page, "query", second_query)  # the same question again: no second entry
    expect(page.locator("#result-query .summary.before")).to_have_count(0)  # drawn again
    assert history_length(page) == 3
    third = "Who keeps the lighthouse?"
    ask(page, "plain", third)  # a third question, in the first technique again
    assert history_length(page) == 4
    expect_address(page, [("q.plain", third), ("q.query", second_query)])

    page.go_back()  # to the second question: plain back on the first typed question, query unchanged
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{TYPED}”")
    expect(page.locator("#q-plain")).to_have_value(TYPED)
    expect(page.locator("#result-query .summary")).to_contain_text(f"“{second_query}”")
    assert [i for i, _ in shown(page, "plain")] == ids(lab, "plain", TYPED)

    page.go_back()  # to the first question: query as the page began, plain still on the typed question
    expect(page.locator("#result-query .summary")).to_contain_text(f"“{first_query}”")
    expect(page.locator("#q-query")).to_have_value("")
    expect(page.locator("#q-plain")).to_have_value(TYPED)
    assert [i for i, _ in shown(page, "plain")] == ids(lab, "plain", TYPED)
    expect_address(page, [("q.plain", TYPED)])

    page.go_back()  # to the start
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{first_plain}”")
    expect(page.locator("#q-plain")).to_have_value("")

    page.go_forward()
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{TYPED}”")
    expect(page.locator("#q-plain")).to_have_value(TYPED)
    page.go_forward()
    expect(page.locator("#result-query .summary")).to_contain_text(f"“{second_query}”")
    expect(page.locator("#q-query")).to_have_value(second_query)
    assert [i for i, _ in shown(page, "query")] == ids(lab, "query", second_query)
    page.go_forward()
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{third}”")
    assert [i for i, _ in shown(page, "plain")] == ids(lab, "plain", third)
    assert visit.console_errors == []


def test_a_link_with_two_sections_opens_both_and_names_an_unknown_technique(visit, lab):
    hyde = lab.corpus.presets["hyde"][1]
    link = urlencode([("q.plain", TYPED), ("scoring.plain", "bm25"), ("q.hyde", hyde), ("technique", "bm99")])
    page = visit.open(f"?{link}#hyde")
    expect(page.locator("#result-hyde .summary")).to_contain_text(f"“{hyde}”", timeout=SLOW)
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{TYPED}”")
    assert [i for i, _ in shown(page, "plain")] == ids(lab, "plain", TYPED, scoring="bm25")
    expect(page.locator("#plain input[name=scoring][value=bm25]")).to_be_checked()
    expect(page.locator("#q-plain")).to_have_value(TYPED)
    expect(page.locator("#q-hyde")).to_have_value(hyde)
    line = page.locator(".link-message")
    expect(line).to_contain_text("“bm99”")
    for t in TECHNIQUES.values():
        expect(line).to_contain_text(t.name)
    # an older link: its questions moved to the fragment, in the same entry, so a reload never sends them (issue 36)
    expect_address(page, [("technique", "bm99"), ("q.plain", TYPED), ("scoring.plain", "bm25"), ("q.hyde", hyde)])
    assert urlsplit(page.url).fragment.startswith("hyde&")
    assert history_length(page) == 1
    sent = len(visit.requests)
    page.reload()
    expect(page.locator("#result-hyde .summary")).to_contain_text(f"“{hyde}”", timeout=SLOW)
    assert not [url for url in visit.requests[sent:] if "q." in urlsplit(url).query or TYPED in unquote_plus(url)]


def test_presets_answer_space_and_enter_and_typing_replaces_a_preset(visit):
    page = visit.open()
    presets = page.locator("#plain a.preset")
    page.evaluate("window.sameDocument = true")  # gone if Enter followed the link instead
    presets.nth(1).focus()
    scrolled = page.evaluate("scrollY")
    page.keyboard.press(" ")
    question = presets.nth(1).get_attribute("data-q")
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    assert abs(page.evaluate("scrollY") - scrolled) < 50  # Space pressed it: the page did not scroll a screen
    presets.nth(2).focus()
    page.keyboard.press("Enter")
    question = presets.nth(2).get_attribute("data-q")
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    assert page.evaluate("window.sameDocument") is True
    expect(page.locator("#q-plain")).to_have_value(question)
    page.locator("#q-plain").click()
    page.keyboard.type("ferry")
    expect(page.locator("#q-plain")).to_have_value("ferry")


def test_hyde_without_an_answer_searches_by_the_questions_meaning(visit, lab, embed):
    """Intent: issue 21. A typed question with no hypothetical answer is searched by its own meaning, as the command
    line does, and the section says so in one line (it offers the model's answer, never refuses)."""
    page = visit.open()
    typed = "Who sells fish at the market?"
    page.fill("#q-hyde", typed)
    page.press("#q-hyde", "Enter")
    expect(page.locator("#result-hyde .summary")).to_contain_text(f"“{typed}”", timeout=SLOW)
    expect(page.locator("#result-hyde")).to_contain_text("No hypothetical answer for this question yet")
    expect(page.locator("#msg-hyde")).to_have_text("")
    assert [i for i, _ in shown(page, "hyde")] == [p.id for p in run(lab, "hyde", typed, embed=embed).passages]


def test_an_address_whose_path_begins_with_two_slashes_starts_and_keeps_its_questions(visit):
    """A path of "//" (a link written as ``host//``) is no other host's: the lab starts and writes its questions
    into the same page's address."""
    page = visit.open("/?q.plain=" + TYPED.replace(" ", "+"))  # an older link: moved into the fragment
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{TYPED}”", timeout=SLOW)
    ask(page, "plain", "Who keeps the lighthouse?")
    expect_address(page, holds="q.plain=Who+keeps+the+lighthouse")
    assert urlsplit(page.url).path == "//", page.url


def test_a_question_that_draws_nothing_marks_the_result_it_keeps(visit, lab):
    page = visit.open()
    shown_before = lab.corpus.presets["hyde"][0]
    typed = "x" * 501  # past the box's maxlength, as a script (or an old browser) could send it
    page.evaluate(f"document.querySelector('#q-hyde').value = {typed!r}")
    page.press("#q-hyde", "Enter")
    expect(page.locator("#msg-hyde")).to_contain_text("The question is 501 characters long")
    expect(page.locator("#result-hyde .earlier-note")).to_contain_text(
        f"The result below is for an earlier question, “{shown_before}”, not for “"
    )
    expect(page.locator("#result-hyde .earlier .summary")).to_contain_text(f"“{shown_before}”")
    press(page, "hyde", lab.corpus.presets["hyde"][1])
    expect(page.locator("#result-hyde .earlier-note")).to_have_count(0)
    page.go_back()  # to the start: drawn again as it began, not in the dimmed wrapper it was in when drawn over
    expect(page.locator("#result-hyde > .result .summary")).to_contain_text(f"“{shown_before}”")
    expect(page.locator("#result-hyde .earlier, #result-hyde .earlier-note")).to_have_count(0)


def test_numpy_is_named_only_when_it_downloads(visit, dist):
    """Offline the runtime line says nothing; when the build names numpy's wheel, the first meaning search says it
    downloads, with its size, and the line goes quiet again when it could not be used (this one is no wheel)."""
    page = visit.page
    wheel = "numpy-test-py3-none-any.whl"
    config = json.loads((dist / "pyscript.json").read_text())
    config["raglab"]["numpy_url"] = f"{visit.site_url}{wheel}"
    page.route("**/pyscript.json", lambda route: route.fulfill(json=config))
    page.route(f"**/{wheel}", lambda route: route.fulfill(body=b"0" * 2_345_678))
    page = visit.open()
    runtime = page.locator("#runtime")
    expect(runtime).to_have_text("")
    page.evaluate("""() => { window.said = [];
        const line = document.getElementById('runtime');
        new MutationObserver(() => said.push(line.textContent)).observe(line, {childList: true}); }""")
    press(page, "hyde", page.locator("#hyde a.preset").nth(1).get_attribute("data-q"))
    page.wait_for_function("said.length >= 2", timeout=SLOW)
    host = urlsplit(visit.site_url).netloc
    assert page.evaluate("said") == [
        f"Downloading numpy (the maths library, 2.3 MB) from {host} for meaning search…",
        "",
    ]
