"""Finding one's way: a skip link, navigation that stays at hand on a phone and a desktop, the documents folded,
word-list terms that open their definition in place, "Try this first" steps that link to their sections."""

import pytest
from playwright.sync_api import expect

from raglab.techniques import TECHNIQUES


@pytest.mark.parametrize("width", [390, 1280])
def test_navigation_stays_at_hand_and_reaches_every_section(browser, site_url, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("#status")).to_have_text("Ready", timeout=60_000)
    expect(page.locator("#documents details")).not_to_have_attribute("open", "")
    expect(page.locator("#documents summary")).to_have_text("Read the 10 documents (32 passages)")

    page.keyboard.press("Tab")
    skip = page.locator("a.skip")
    expect(skip).to_be_focused()
    assert skip.bounding_box()["x"] >= 0  # on screen once focused

    tabs = 1
    while page.evaluate("document.activeElement.getAttribute('href')") != "#plain":
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs <= 10, "Plain RAG's link is more than 10 Tabs from the top"
    for key in TECHNIQUES:  # every technique from the navigation, which stays on screen while the page scrolls
        page.locator(f".toc a[href='#{key}']").click()
        expect(page.locator(f"#{key} h2")).to_be_in_viewport()
        box = page.locator(".toc").bounding_box()
        assert box["y"] <= 1 and box["height"] < 80, (key, box)
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
    assert {s.get_attribute("href") for s in steps.all()} == {f"#{k}" for k in TECHNIQUES}
    expect(
        page.locator("#try-first li", has_text="press “How much is a boat ticket?”: the keyword list").locator(
            "a.section-link"
        )
    ).to_have_text("Hybrid search")
