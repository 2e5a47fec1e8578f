"""Issue 36: nothing a visitor types leaves the device, not even a question asked in an embed before Python has
started. The question forms submit to no address (py/raglab/ui/compare_html.py's ASK_METHOD); one asked before the
start is marked by boot.js and asked by main.py once it starts, and its question goes into the fragment only."""

from urllib.parse import urlsplit

from lab_page import SLOW, expect_address
from playwright.sync_api import expect
from test_faults import hold, release

from conftest import PYTHON_START_TIMEOUT_MS
from raglab import Lab, run

SECRET = "quillback"  # a word no file of the site holds: no request, nor any Referer, may carry it
QUESTION = f"When does the ferry leave, {SECRET}?"


def test_a_question_asked_in_an_embed_before_python_starts_is_answered_and_never_sent(visit):
    """Intent: pressing Search while the lab's code is still on its way sends no request and changes no address (a
    GET form sent the question to the host in the query and reloaded the page); once Python starts, the question is
    answered as typed, and the address holds it in its fragment, never in the query."""
    page = visit.page
    sent = []  # every request of the visit: its address and its Referer
    page.context.on("request", lambda request: sent.append(f"{request.url} {request.headers.get('referer', '')}"))
    held = hold(page, "**/raglab.zip")  # Python cannot start until the test lets the lab's code through
    page.goto(visit.site_url + "?embed=1&technique=plain", wait_until="domcontentloaded")
    page.fill("#q-plain", QUESTION)
    page.press("#q-plain", "Enter")
    expect(page.locator("#plain form.ask[data-asked]")).to_have_count(1)  # boot.js kept it for Python
    expect(page.locator("#status")).not_to_have_attribute("data-state", "ready")
    assert urlsplit(page.url).query == "embed=1&technique=plain" and SECRET not in page.url
    release(held)

    expect(page.locator("#status")).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{QUESTION}”", timeout=SLOW)
    hits = page.locator("#result-plain ol.passages:not(.compare):not(.compact) > li.hit")
    assert [h.get_attribute("data-id") for h in hits.all()] == [p.id for p in run(Lab(), "plain", QUESTION).passages]
    expect_address(page, holds=f"#plain&q.plain=When+does+the+ferry+leave%2C+{SECRET}%3F")
    assert urlsplit(page.url).query == "embed=1&technique=plain"
    expect(page.locator("form.ask[data-asked]")).to_have_count(0)
    assert not [line for line in sent if SECRET in line], sent


def test_a_compare_question_asked_before_python_starts_is_compared_once_it_starts(visit):
    """Intent: the compare box answers a question typed and sent while the lab's code is on its way, as the
    sections do: kept for Python (nothing sent, no address changed), then compared once it starts; no request
    and no address ever holds it."""
    page = visit.page
    sent = []
    page.context.on("request", lambda request: sent.append(f"{request.url} {request.headers.get('referer', '')}"))
    held = hold(page, "**/raglab.zip")
    page.goto(visit.site_url, wait_until="domcontentloaded")
    page.fill("#q-compare", QUESTION)
    page.press("#q-compare", "Enter")
    expect(page.locator("form.compare-ask[data-asked]")).to_have_count(1)
    assert SECRET not in page.url
    release(held)

    expect(page.locator("#status")).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)
    expect(page.locator("#result-compare .summary")).to_contain_text(f"“{QUESTION}”", timeout=SLOW)
    expect(page.locator("#result-compare li.compare-row")).to_have_count(10, timeout=SLOW)
    expect(page.locator("form.ask[data-asked]")).to_have_count(0)
    assert SECRET not in page.url
    assert not [line for line in sent if SECRET in line], sent
