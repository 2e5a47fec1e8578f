"""Python only from the page's own files (issue 36): Python that a script on the page adds after the start never
runs, in a shadow root (open or closed) or in the document, also when an empty <py-script> is filled a couple of
microtasks after it was inserted. test_csp.py covers the same ways added straight into the document."""

from playwright.sync_api import expect

# Every way PyScript 0.7.31 runs Python it finds: its own type, polyscript's bare type with the site's Pyodide, its
# custom element, a click wired to a global of main.py's, a page file as src, and a worker. Each leaves words in the
# page (or a request, or a worker) if it runs.
IN_A_SHADOW_ROOT = """
<script type="py">import js; js.document.body.append("ran: shadow script")</script>
<script type="pyodide" version="../pyodide/pyodide.mjs">import js; js.document.body.append("ran: pyodide")</script>
<py-script>import js; js.document.body.append("ran: shadow py-script")</py-script>
<py-script src="./bench_hooks.py"></py-script>
<script type="py" src="./bench_hooks.py"></script>
<script type="py" worker>import js; js.postMessage("ran: worker")</script>
<button type="button" py-click="document.body.append">Click</button>
"""
LATE = 'import js; js.document.body.append("ran: late py-script")'

# Each root gets the markup; an empty <py-script> is put into the document and into an open root and filled two
# microtasks later. Resolves once PyScript has run every <py-script> it was given (the defused ones run an empty
# program and say py:done), with the shadow roots' buttons kept for the click.
INJECT = """([markup, late]) => new Promise((done) => {
    const slot = document.getElementById("result-plain");
    const hosts = ["open", "closed"].map((mode) => {
        const host = document.createElement("div");
        slot.append(host);
        const root = host.attachShadow({ mode });
        root.innerHTML = markup;
        return root;
    });
    window.__buttons = hosts.map((root) => root.querySelector("button"));
    const elements = hosts.flatMap((root) => [...root.querySelectorAll("py-script")]);
    for (const parent of [slot, hosts[0]]) {
        const empty = document.createElement("py-script");
        parent.append(empty);
        queueMicrotask(() => queueMicrotask(() => { empty.textContent = late; }));
        elements.push(empty);
    }
    let waiting = elements.length;
    for (const element of elements) element.addEventListener("py:done", () => --waiting || done(), { once: true });
})"""


def test_python_a_page_script_adds_in_a_shadow_root_or_fills_later_never_runs(visit):
    """Intent: each way above stays inert: no words added, no page file fetched as a program, no worker started,
    and the lab still answers afterwards."""
    page = visit.open()
    hooks_before = visit.requested("bench_hooks.py")
    workers = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.evaluate(INJECT, [IN_A_SHADOW_ROOT, LATE])
    page.evaluate("() => __buttons.forEach((b) => b.click())")
    # Python answers in a later task than the clicks': once this question is answered, a wired click has run.
    page.fill("#q-plain", "How much does the quillback ferry cost?")
    page.press("#q-plain", "Enter")
    expect(page.locator("#result-plain li.hit").first).to_contain_text("ferry-1")
    words = page.locator("body").text_content()
    assert "ran:" not in words and "[object" not in words
    assert visit.requested("bench_hooks.py") == hooks_before
    assert workers == []
