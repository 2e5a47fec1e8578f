"""A phone, 390 or 320 px wide: nothing is wider than the screen whatever the documents hold (a long URL, a long
identifier, a code line without a space, a wide table), in the results, the prompt, the score sums, the source view,
the lists of documents and names, nor on Fernport's page; "Back to the top" covers no text. (The menu at each width:
test_visit.py.)"""

from __future__ import annotations

import pytest
from lab_page import SLOW
from playwright.sync_api import expect

URL = (
    "https://archive.harbour-trust.example.org/records/2023/ledgers/quillfish-sightings-by-month-and-by-boat/"
    "index-of-every-sighting-since-the-first-ledger.html"
)
IDENTIFIER = "ASN1_SYNTAX_ERROR_VERY_LONG_IDENTIFIER_WITHOUT_BREAKS"
NAME = "Harbourmastersofficeforquillfishledgersandboatrecords"  # a name found by rules, one long word
CODE = 'quillfish_records=load_records(path="/var/lib/harbour-trust/quillfish/records.json",strict=True,retries=3)'
NOTES = f"""# Harbour notes

The Quillfish Ledger of {NAME} is kept at {URL} for anyone who asks.

The Quillfish Ledger reader stops with {IDENTIFIER} when a quillfish record is broken.

```
{CODE}
```

| boat | quillfish counted | harbour | skipper | month | weather | tide | notes |
|------|-------------------|---------|---------|-------|---------|------|-------|
| Marsh Wren | 350 | Vantor Reef | Ellery Marsh | April | calm | low | {NAME} |
"""
QUESTION = "Where is the quillfish ledger kept?"

# What is meant to scroll sideways on a phone, inside its own box: the scoreboard's grid.
SIDEWAYS = ".scoreboard-scroll"

# Every element and every run of text whose right edge is past the window, outside SIDEWAYS; and every other box
# that scrolls (a dialog, a list with a height) but holds something wider than itself, which it would hide.
PAST_THE_EDGE = """(sideways) => {
    const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
        + [...e.classList].map((c) => '.' + c).join('');
    const past = [];
    const check = (rect, node, what) => {
        if (rect.width > 0 && rect.right > innerWidth + 0.5 && !node.closest(sideways))
            past.push(`${what} +${Math.round(rect.right - innerWidth)} px`);
    };
    for (const e of document.body.querySelectorAll('*')) {
        check(e.getBoundingClientRect(), e, name(e));
        if (/auto|scroll/.test(getComputedStyle(e).overflowX) && !e.matches(sideways)
            && e.scrollWidth > e.clientWidth + 1)
            past.push(`${name(e)} holds ${e.scrollWidth - e.clientWidth} px more than its width`);
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t; (t = texts.nextNode()); ) {
        const range = document.createRange();
        range.selectNodeContents(t);
        // (a visually hidden text is clipped to its 1 px box: it is read aloud, never seen past the edge)
        const e = t.parentElement;
        if (t.data.trim() && !e.closest('.visually-hidden'))
            check(range.getBoundingClientRect(), e, `text in ${name(e)}`);
    }
    return past;
}"""

# The lines of text in paragraphs and list items that the link to the top overlaps, with each line of a passage
# brought to the link's height in turn. Only lines in the reading area count: below the navigation band, which
# stays at the top over the text scrolling under it, and above the window's bottom edge.
COVERED = """(passage) => {
    const link = document.querySelector('.to-top');
    const lines = () => [...passage.querySelectorAll('.text')].flatMap((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        return [...range.getClientRects()];
    });
    const covered = [];
    for (let n = 0; n < lines().length; n++) {
        const line = lines()[n];  // (where it is now: the page scrolled for the line before)
        const box = link.getBoundingClientRect();
        scrollBy(0, (line.top + line.bottom) / 2 - (box.top + box.bottom) / 2);
        const top = document.querySelector('nav.toc').getBoundingClientRect().bottom;
        const at = link.getBoundingClientRect();
        for (const e of document.querySelectorAll('main p, main li')) {
            const range = document.createRange();
            range.selectNodeContents(e);
            for (const r of range.getClientRects()) {
                const readable = r.top >= top && r.bottom <= innerHeight;
                const overlaps = r.left < at.right && r.right > at.left && r.top < at.bottom && r.bottom > at.top;
                if (readable && overlaps) covered.push(`${e.textContent.trim().slice(0, 40)} at y ${r.top}`);
            }
        }
    }
    return [...new Set(covered)];
}"""


def phone(width: int, height: int):
    return pytest.param(width, marks=pytest.mark.viewport(width, height), id=f"{width}x{height}")


PHONES = [phone(390, 844), phone(320, 640)]


def fits(page) -> None:
    """The page is no wider than the window, and nothing sticks out of it."""
    wider = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    past = page.evaluate(PAST_THE_EDGE, SIDEWAYS)
    assert wider <= 0 and past == [], (f"the page is {wider} px wider than the window", past)


def open_every_fold(page) -> None:
    """Every <details> open: the score sums, the prompt, each document's text, the names, the scoreboard's grid."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")


@pytest.mark.parametrize("width", PHONES)
def test_your_long_lines_fit_a_phone(visit, width):
    """Intent: a visitor's URL, identifier, code line and table wrap inside the screen in the passages found, their
    score sums, the prompt, the source view and the kept documents' and names' lists; "Back to the top" covers
    none of a passage's text."""
    page = visit.open()
    expect(page.locator("#yours[data-loaded]")).to_have_count(1, timeout=SLOW)
    page.locator("#doc-files").set_input_files(
        {"name": "harbour-notes.md", "mimeType": "text/markdown", "buffer": NOTES.encode()}
    )
    page.locator("#docs-read .keep-read").click()
    expect(page.locator("#docs-kept li.kept-doc")).to_have_count(1, timeout=SLOW)
    expect(page.locator("input[name=corpus][value=yours]")).to_be_checked()

    page.fill("#q-plain", QUESTION)
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain .summary")).to_contain_text(f"“{QUESTION}”", timeout=SLOW)
    expect(page.locator("#result-plain.busy")).to_have_count(0, timeout=SLOW)
    passage = page.locator("#result-plain li.hit", has_text=URL[-40:])
    expect(passage).to_have_count(1)
    open_every_fold(page)
    expect(page.locator("#result-plain details.prompt pre")).to_contain_text(IDENTIFIER)
    expect(page.locator(".names-list")).to_contain_text(NAME, timeout=SLOW)
    fits(page)
    assert passage.evaluate(COVERED) == []

    passage.locator("button.show-source").click()
    view = page.locator("dialog.source-view[open]")
    expect(view.locator("#source-here")).to_contain_text(URL[-40:])
    expect(view).to_contain_text(CODE[-40:])
    fits(page)


@pytest.mark.parametrize("width", PHONES)
def test_fernports_page_fits_a_phone(visit, width):
    """Intent: Fernport's page as loaded, every fold open (the formulas, the prompts, the graph, the documents, the
    scoreboard), is no wider than the screen."""
    page = visit.open()
    open_every_fold(page)
    fits(page)
