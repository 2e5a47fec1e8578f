"""How the browser tests read the lab page, in one place."""

from playwright.sync_api import expect

SLOW = 120_000  # the first graph run installs networkx; the first typed meaning question loads a model


def shown(page, key):
    """(id, score label) of every passage the model is given, as the page shows them (not the comparison, not
    hybrid's keyword and vector lists)."""
    hits = page.locator(f"#result-{key} ol.passages:not(.compare):not(.compact) > li.hit")
    return [(h.get_attribute("data-id"), h.locator(".score summary, span.score").first.inner_text())
            for h in hits.all()]


def press(page, key, question):
    """Press a preset button and wait until its result is shown."""
    page.locator(f"#{key} a.preset", has_text=question).click()
    expect(page.locator(f"#result-{key} .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(page.locator(f"#result-{key}.busy")).to_have_count(0, timeout=SLOW)


def written(folder, files: dict[str, str]):
    """``files`` (name -> text) written into ``folder``, which is returned: a module's documents to bring."""
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder
