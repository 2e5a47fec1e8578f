"""How the browser tests read the lab page, in one place."""

import re
from urllib.parse import urlencode

from playwright.sync_api import expect

from raglab.page.address import is_question

SLOW = 120_000  # the first graph run installs networkx; the first typed meaning question loads a model


def shown(page, key):
    """(id, score label) of every passage the model is given, as the page shows them (not the comparison, not
    hybrid's keyword and vector lists)."""
    hits = page.locator(f"#result-{key} ol.passages:not(.compare):not(.compact) > li.hit")
    return [
        (h.get_attribute("data-id"), h.locator(".score summary, span.score").first.inner_text()) for h in hits.all()
    ]


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


def expect_address(page, pairs: list | None = None, holds: str | None = None) -> None:
    """Wait until the page's address holds exactly ``pairs`` (as main.py writes them: the questions in the fragment
    after the place it points at, the rest in the query), or holds ``holds``: main.py writes the address just after
    it draws a result, so a test reading it at once could race."""
    if pairs is not None:
        query = [(n, v) for n, v in pairs if not is_question(n)]
        asked = [(n, v) for n, v in pairs if is_question(n)]
        fragment = r"#[^&=]*" + re.escape("&" + urlencode(asked)) if asked else r"(#[^&=]*)?"
        expect(page).to_have_url(
            re.compile(r"^[^?#]*" + re.escape(f"?{urlencode(query)}" if query else "") + fragment + "$")
        )
    if holds is not None:
        expect(page).to_have_url(re.compile(re.escape(holds)))


STREAMING_OR_ENDED = """n => {
    const panel = document.getElementById("model-plain");
    const streaming = panel.querySelector(".answer:has(.model-stop) .answer-text");
    return (streaming && streaming.textContent.length > 0) || panel.querySelectorAll(".answer-meta").length >= n;
}"""


def answered(page, count: int) -> None:
    """Wait until answer ``count`` streams its first token (every file loaded, the model running), stop it there (the
    rest of its 256 tokens shows nothing more about a download), and check it ended: "Stopped", or "Done" if it
    ended first."""
    page.wait_for_function(STREAMING_OR_ENDED, arg=count, timeout=SLOW)
    page.evaluate("() => document.querySelector('#model-plain .answer .model-stop')?.click()")
    answers = page.locator("#model-plain .answer-meta")
    expect(answers).to_have_count(count, timeout=SLOW)
    expect(answers.last).to_contain_text(re.compile(r"^(Done|Stopped)"))
