"""The page's Content-Security-Policy (build.py writes it): strict, and enforced. Every other visit in the suite
fails on anything the policy refuses (conftest.py), so the lab itself runs whole under it."""

from lab_page import expect_address, press
from playwright.sync_api import expect

# What a renderer's slip could put in a result's slot: each way PyScript runs Python it finds in the page after its
# start (a script of its own type, the same for polyscript's bare type with the site's Pyodide, its custom element,
# and an attribute wiring a click to a global of main.py's), each leaving words in the page if it runs.
INJECTED = """
<script type="py">import js; js.document.body.append("ran: script")</script>
<script type="pyodide" version="../pyodide/pyodide.mjs">import js; js.document.body.append("ran: pyodide")</script>
<py-script>import js; js.document.body.append("ran: py-script")</py-script>
<button type="button" py-click="document.body.append">Click</button>
"""


def test_the_policy_refuses_what_the_lab_never_does(visit):
    """Intent: scripts only from the site (an injected inline script does not run, nor does Python added to the
    page after its start), fetches only to the site in this offline build, no plugins, no <base>; and the lab
    answers a question under that policy. No request made after a question is in the address carries it (no
    Referer)."""
    sent = []
    visit.page.context.on("request", lambda r: sent.append(" ".join([r.url, str(r.headers)])))
    page = visit.open()
    policy = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval' 'unsafe-eval'"
    assert directives["connect-src"] == "'self'" and directives["object-src"] == "'none'"
    with page.expect_console_message(lambda m: m.text.startswith("CSP violation: script-src")):
        ran = page.evaluate("""() => { const s = document.createElement('script');
            s.textContent = 'window.inlineRan = true'; document.head.append(s); return window.inlineRan === true; }""")
    assert ran is False
    visit.csp_violations.clear()  # refused on purpose, above
    # Python slipped into a result after Ready, and its button clicked. PyScript has handled what was added once
    # the <py-script> says it is done (its type's elements are run in the order they came); the click's handler has
    # run once the question asked after it is answered (Python answers in a later task).
    page.evaluate(
        """(markup) => new Promise((done) => {
            const slot = document.getElementById("result-plain");
            slot.innerHTML = markup;
            slot.querySelector("py-script").addEventListener("py:done", done, { once: true });
        })""",
        INJECTED,
    )
    page.click("#result-plain button")
    page.fill("#q-plain", "How much does the quillback ferry cost?")
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain li.hit").first).to_contain_text("ferry-1")
    expect_address(page, holds="quillback")  # the address holds the question: later requests must not carry it
    before = len(sent)
    for key in ("graph", "hyde"):  # the graph library's wheel and the meaning vectors are fetched now
        press(page, key, page.locator(f"#{key} a.preset").nth(1).get_attribute("data-q"))
    assert len(sent) > before and not [r for r in sent if "quillback" in r.lower()]
    words = page.locator("body").text_content()  # by now a second Pyodide (the bare type's) would have loaded too
    assert "ran:" not in words and "[object" not in words
