"""The page's Content-Security-Policy (build.py writes it): strict, and enforced. Every other visit in the suite
fails on anything the policy refuses (conftest.py), so the lab itself runs whole under it."""

from lab_page import expect_address, press
from playwright.sync_api import expect


def test_the_policy_refuses_what_the_lab_never_does(visit):
    """Intent: scripts only from the site (an injected inline script does not run), fetches only to the site in
    this offline build, no plugins, no <base>; and the lab answers a question under that policy. No request made
    after a question is in the address carries it (no Referer)."""
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
    page.fill("#q-plain", "How much does the quillback ferry cost?")
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain li.hit").first).to_contain_text("ferry-1")
    expect_address(page, holds="quillback")  # the address holds the question: later requests must not carry it
    before = len(sent)
    for key in ("graph", "hyde"):  # the graph library's wheel and the meaning vectors are fetched now
        press(page, key, page.locator(f"#{key} a.preset").nth(1).get_attribute("data-q"))
    assert len(sent) > before and not [r for r in sent if "quillback" in r.lower()]
