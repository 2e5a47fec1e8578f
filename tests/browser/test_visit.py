"""Finding one's way: a skip link, every place one step away on a desktop and two phones, the documents folded,
word-list terms that open their definition in place, "Try this first" steps that link to their sections."""

import pytest
from playwright.sync_api import expect

from raglab.techniques import TECHNIQUES


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844), (320, 568)])
def test_every_place_is_one_step_away_at_every_width(browser, site_url, width, height):
    """Intent: issue 34. The menu fits the screen it is on: beside a wide page every place is listed at once, in
    the window; on a phone "Contents" opens the list, every place in the window. From anywhere on the page each
    place is one choice away, the menu stays at hand, the list closes once a place is chosen, and the place shows;
    the mouse wheel over the column scrolls the column when it is taller than the window, not the page."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("#status")).to_have_text("Ready", timeout=60_000)
    expect(page.locator("#documents details")).not_to_have_attribute("open", "")
    expect(page.locator("#documents summary")).to_have_text("Read the 10 documents (32 passages)")

    page.keyboard.press("Tab")
    skip = page.locator("a.skip")
    expect(skip).to_be_focused()
    assert skip.bounding_box()["x"] >= 0  # on screen once focused

    wide = width >= 1216
    places = page.locator("#toc-places a")
    hrefs = [a.get_attribute("href") for a in places.all()]
    assert {f"#{k}" for k in TECHNIQUES} < set(hrefs) and len(hrefs) == 15, hrefs
    for href in [*hrefs[::-1], *hrefs]:  # every place, from the bottom of the page and from the top
        if not wide:
            page.locator(".toc-open").click()
        for a in places.all():  # the whole list in the window: nothing to scroll to
            expect(a).to_be_in_viewport(ratio=1)
        page.locator(f"#toc-places a[href='{href}']").click()
        target = page.locator(href)
        heading = target.locator("h2").first if target.locator("h2").count() else target
        expect(heading).to_be_in_viewport()
        expect(page.locator("#toc-places")).to_be_visible(visible=wide)  # on a phone, closed: the place shows
        box = page.locator(".toc").bounding_box()
        assert box["y"] <= 1 and (box["height"] < 70 if not wide else box["width"] < 260), (href, box)
    if wide:  # a window shorter than the column: the wheel over it scrolls the column, not the page
        page.set_viewport_size({"width": width, "height": 360})
        at = page.evaluate("scrollY")
        page.locator(".toc").hover()
        page.mouse.wheel(0, 300)
        page.wait_for_function("document.querySelector('.toc').scrollTop > 0")
        assert page.evaluate("scrollY") == at
    page.locator(".to-top").click()
    expect(page.locator("header.intro h1")).to_be_in_viewport()
    context.close()


def test_terms_open_in_place_and_steps_link_to_sections(visit):
    page = visit.open()
    term = page.locator("header.intro button.term").first
    term.click()
    definition = page.locator(f"#{term.get_attribute('popovertarget')}")
    expect(definition).to_be_visible()
    expect(definition.locator("a")).to_have_attribute("href", "#w-language-model")
    assert page.evaluate("window.scrollY") == 0  # in place: the page did not jump to the word list
    page.keyboard.press("Escape")
    expect(definition).to_be_hidden()
    steps = page.locator("#try-first a.section-link")
    assert {s.get_attribute("href") for s in steps.all()} == {f"#{k}" for k in [*TECHNIQUES, "documents", "yours"]}
    expect(
        page.locator("#try-first li", has_text="press “How much is a boat ticket?”: the keyword list").locator(
            "a.section-link"
        )
    ).to_have_text("Hybrid search")
