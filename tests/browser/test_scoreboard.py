"""The scoreboard as a learner reads it: the labelled questions grouped by the mistake of plain search each shows,
each group's sentence, its questions one step away; the split winter answer told apart; no baseline marked best;
every table inside the page's width at a desktop's, scrolling in its own box on a phone."""

import pytest
from lab_page import SLOW
from playwright.sync_api import expect

from raglab.mistakes import MISTAKES

WINTER = "What time does the ferry leave in winter?"
FITS = "el => el.scrollWidth <= el.clientWidth"


def grid_cell(group, question: str, column: str):
    """The cell of ``question``'s row under the column headed ``column`` in a group's grid."""
    grid = group.locator("table.group-grid")
    heads = [h.text_content() for h in grid.locator("thead th").all()]
    row = grid.locator("tbody tr", has=group.page.locator("th", has_text=question))
    return row.locator("th, td").nth(heads.index(column))


def test_the_groups_say_which_technique_fixes_which_mistake(visit):
    page = visit.open()
    board = page.locator("#scoreboard")
    groups = board.locator("section.mistake")
    expect(groups).to_have_count(len(MISTAKES))  # the real model ran at build time: every rule found questions
    assert [g.locator("h4").inner_text() for g in groups.all()] == [m.name for m in MISTAKES]
    spread = board.locator("section.mistake[data-mistake=spread]")
    expect(spread.locator(".mistake-verdict")).to_contain_text("Document RAG 3 of 3")
    expect(spread.locator(".mistake-verdict")).to_contain_text("plain search 0 of 3")
    # the questions are one step away: folded, then open at a click
    cell = grid_cell(spread, WINTER, "Plain RAG")
    expect(cell).to_be_hidden()
    spread.locator(".mistake-more summary").click()
    expect(cell).to_be_visible()
    # every technique finds a winter passage first; only some hand over both halves of the answer
    assert cell.inner_text().split()[:2] == ["1", "(1/2)"]  # then, for a screen reader, what (1/2) means
    assert grid_cell(spread, WINTER, "Document RAG").inner_text().split()[:2] == ["1", "(2/2)"]
    assert "right" not in cell.get_attribute("class") and "right" in grid_cell(
        spread, WINTER, "Document RAG"
    ).get_attribute("class")
    # where HyDE had no hypothetical answer it is marked as fallen back, and not counted
    expect(spread.locator("tr[data-key=hyde] td.own")).to_contain_text("fell back to plain meaning search")


def test_no_baseline_and_no_technique_that_fell_back_is_marked_best(visit):
    page = visit.open()
    table = page.locator("#scoreboard table.scoreboard-table:not(.group-table)")
    expect(table.locator("td.best").first).to_be_attached()
    expect(table.locator("tr.baseline td.best")).to_have_count(0)
    expect(table.locator("tr[data-key=hyde] td.best")).to_have_count(0)
    expect(table.locator("tr[data-key=hyde] td.own")).to_contain_text("(else plain meaning search)")


def test_a_groups_rank_opens_its_question_in_the_technique(visit):
    page = visit.open()
    hops = page.locator("#scoreboard section.mistake[data-mistake=two_hops]")
    hops.locator(".mistake-more summary").click()
    link = hops.locator("table.group-grid a.open-question[data-technique='graph']").first
    question = link.get_attribute("data-q")
    link.click()
    expect(page.locator("#result-graph .summary")).to_contain_text(f"“{question}”", timeout=SLOW)


@pytest.mark.viewport(1280, 800)
def test_every_scoreboard_table_fits_a_desktop(visit):
    page = visit.open()
    page.evaluate("document.querySelectorAll('#scoreboard details').forEach(d => d.open = true)")
    boxes = page.locator("#scoreboard .scoreboard-scroll")
    expect(boxes.first).to_be_visible()
    wide = [i for i, box in enumerate(boxes.all()) if not box.evaluate(FITS)]
    assert wide == [], "tables cut off on the right at 1280 px"


@pytest.mark.viewport(390, 844)
def test_on_a_phone_the_grid_scrolls_in_its_own_box(visit):
    page = visit.open()
    page.evaluate("document.querySelectorAll('#scoreboard details').forEach(d => d.open = true)")
    grid = page.locator("#scoreboard .scoreboard-grid-box .scoreboard-scroll")
    expect(grid).to_be_visible()
    assert not grid.evaluate(FITS)  # wider than a phone, it scrolls sideways inside its box...
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # ...and the page does not
