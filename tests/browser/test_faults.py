"""Every load and every question has one owner and one end: a download that fails in any of four ways, on any file
of either model or on the worker itself, says what failed and offers "Try again", and the retry works in the same
visit; late events of an ended request change nothing; a slow answer never draws over a newer one.

Faults are made with Playwright routes, once each; a fault matrix runs in one page per model, with "Remove it"
between the cases so that the next case downloads afresh. Every wait is for something the visitor sees."""

import re

from lab_page import SLOW, answered, expect_address, shown
from playwright.sync_api import expect
from tools.build.pins import EMBED_DTYPE

from raglab.models.onnx_embed import MODEL_FILES

HUB = "**/hub/onnx-community/Qwen3-0.6B-ONNX/resolve/main/"
EMBED = "**/models/all-MiniLM-L6-v2/"
RUNTIME = "**/transformers/ort-wasm-simd-threaded.asyncify.wasm"
WORKER = "**/worker.js"
FAULTS = ("500", "404", "bad body", "abort")  # each once; "500 always" fails every request


def fault_once(page, pattern: str, fault: str) -> list:
    """Route `pattern` so that its next request fails with `fault`, and every later one goes through."""
    hits = []

    def handle(route):
        hits.append(route.request.url)
        if len(hits) > 1 and fault != "500 always":
            route.continue_()
            return
        if fault == "abort":
            route.abort()
        elif fault == "bad body":  # a 200 whose body is the first half of the real file
            body = route.fetch().body()
            route.fulfill(status=200, body=body[: len(body) // 2], content_type="application/octet-stream")
        else:
            route.fulfill(status=int(fault.split()[0]), body="broken")

    page.route(pattern, handle)
    return hits


def expected_failure(fault: str, name: str) -> re.Pattern:
    """The sentence a visitor reads, by fault (the file's own name is in every download failure)."""
    return re.compile(
        {
            "500 always": rf"the server answered 500 \(Internal Server Error\) for .*{re.escape(name)}",
            "500": rf"the server answered 500 \(Internal Server Error\) for .*{re.escape(name)}",
            "404": rf"the server answered 404 \(Not Found\) for .*{re.escape(name)}",
            "abort": rf"the connection failed while fetching .*{re.escape(name)}",
            "bad body": r"arrived but could not be read",
        }[fault]
    )


def remove(page, part: str) -> None:
    button = page.locator(f"#model-store button.remove-model[data-part={part}]")
    if button.count():
        button.click()
        expect(page.locator("#model-store")).to_contain_text("MB freed")


def ask_the_model(page) -> None:
    """Ask in the plain-search section when nothing is stored: the consent question comes first."""
    page.locator("#plain button.ask-model-button").click()
    page.locator("#model-plain .consent-yes").click(timeout=SLOW)


def test_the_language_model_recovers_from_every_fault_on_every_file(visit):
    page = visit.open()
    page.evaluate("""() => { window.__ids = [];
        raglabBridge.events.addEventListener("model", (e) => e.detail.task === "generate" && __ids.push(e.detail.id));
    }""")
    status = page.locator("#model-plain .model-status")
    cases = [
        (HUB + name, name, fault)
        for name in ("onnx/model_q4.onnx", "generation_config.json", "tokenizer.json")
        for fault in FAULTS
    ]
    # transformers.js fetches onnxruntime's .wasm first, and when that fails onnxruntime fetches it again by
    # itself: a failure once is not seen (below), a bad body is, and so is a server that keeps failing.
    cases += [(RUNTIME, "ort-wasm-simd-threaded.asyncify.wasm", fault) for fault in ("bad body", "500 always")]
    for done, (pattern, name, fault) in enumerate(cases):
        if pattern == RUNTIME:  # fetched again only when not kept (the hub files' cases keep it: one compile less)
            remove(page, "runtime")
        hits = fault_once(page, pattern, fault)
        ask_the_model(page)
        expect(status).to_have_text(expected_failure(fault, name), timeout=SLOW)
        expect(status).to_contain_text("Nothing on the page is lost")
        assert hits, (name, fault)
        shown_failure = page.locator("#model-plain").inner_html()
        # A late event of the failed load, delivered on purpose, changes nothing.
        page.evaluate(
            """id => raglabBridge.events.dispatchEvent(new CustomEvent("model", {detail:
            {type: "progress", task: "generate", id, file: "late.json", runtime: false, loaded: 1, total: 2}}))""",
            page.evaluate("Math.max(...__ids)"),
        )
        assert page.locator("#model-plain").inner_html() == shown_failure
        expect(page.locator("#result-plain .summary")).to_contain_text("How much does the ferry cost?")
        page.unroute(pattern)
        page.locator("#model-plain button.model-retry").click()
        answered(page, done + 1)
        remove(page, "generate")
    for fault in ("500", "404", "abort"):
        remove(page, "runtime")
        hits = fault_once(page, RUNTIME, fault)
        ask_the_model(page)
        answered(page, len(cases) + 1)
        assert len(hits) == 2, (fault, hits)  # failed once, then fetched again
        cases.append(fault)
        page.unroute(RUNTIME)
        remove(page, "generate")


def test_a_reload_after_a_bad_body_works(visit):
    page = visit.open()
    fault_once(page, HUB + "onnx/model_q4.onnx", "bad body")
    ask_the_model(page)
    expect(page.locator("#model-plain .model-status")).to_contain_text("could not be read", timeout=SLOW)
    page.reload()
    expect(page.locator("#status")).to_have_text("Ready", timeout=SLOW)
    ask_the_model(page)
    answered(page, 1)


def test_the_embedding_model_and_the_worker_recover_from_every_fault(visit):
    page = visit.open()
    message = page.locator("#msg-hybrid")
    summary = page.locator("#result-hybrid .summary")
    cases = [(name, fault) for name in (MODEL_FILES[EMBED_DTYPE], "tokenizer.json") for fault in FAULTS]
    cases += [("worker.js", fault) for fault in FAULTS]
    for n, (name, fault) in enumerate(cases):
        pattern = WORKER if name == "worker.js" else EMBED + name
        hits = fault_once(page, pattern, fault)
        question = f"Is there a swimming pool near house {n + 1}?"
        page.fill("#q-hybrid", question)
        page.press("#q-hybrid", "Enter")
        failure = (
            "The embedding model could not start: the page's model worker failed to load."
            if name == "worker.js"
            else expected_failure(fault, name)
        )
        expect(message.locator(".model-status")).to_contain_text(failure, timeout=SLOW)
        assert hits, (name, fault)
        expect(page.locator("#q-hybrid")).to_have_value(question)  # nothing typed is lost
        page.locator("#msg-hybrid button.model-retry").click()
        expect(summary).to_contain_text(f"“{question}”", timeout=SLOW)
        assert shown(page, "hybrid")[0][0] == "school-2"  # "Every child learns to swim in the sea pool"
        page.unroute(pattern)
        remove(page, "embed")


class Held(list):
    """The requests a `hold` keeps waiting, until `release` lets them go (and every later one at once)."""

    holding = True


def hold(page, pattern: str) -> Held:
    """Hold requests to `pattern` until the test lets them go (`release`). The route stays: unrouting a handler
    whose routes are still held makes Playwright hand them on by itself, racing `release`'s own ("Route is
    already handled", seen once)."""
    held = Held()

    def handle(route):
        if held.holding:
            held.append(route)
        else:
            route.fallback()  # to the visit's own route, which lets the site's requests through

    page.route(pattern, handle)
    return held


def release(held: Held) -> None:
    held.holding = False
    for route in held:
        route.fallback()


def test_a_slow_answer_never_draws_over_a_newer_one(visit):
    page = visit.open("?technique=multi_query&q=What+else+does+Tomas+do%3F&rw=Who+is+Tomas%3F")
    page.evaluate("""() => { window.__summaries = [];
        const slot = document.getElementById("result-hybrid");
        new MutationObserver(() => __summaries.push(slot.querySelector(".summary")?.textContent))
            .observe(slot, {childList: true, subtree: true}); }""")
    weights = EMBED + MODEL_FILES[EMBED_DTYPE]
    held = hold(page, weights)
    page.fill("#q-hybrid", "Which boat sells bread?")
    page.press("#q-hybrid", "Enter")
    expect(page.locator("#msg-hybrid")).to_contain_text("the embedding model", timeout=SLOW)
    page.locator("#hybrid a.preset", has_text="Where does Ida Lund sell fish?").click()
    summary = page.locator("#result-hybrid .summary")
    expect(summary).to_contain_text("“Where does Ida Lund sell fish?”", timeout=SLOW)
    expect(page.locator("#msg-hybrid")).to_be_empty()
    expect_address(page, holds="q.hybrid=Where+does+Ida+Lund")
    assert "rw.hybrid" not in page.url and "bread" not in page.url
    expect(page.locator("#q-hybrid")).to_have_value("Where does Ida Lund sell fish?")
    release(held)
    # A third question needs the model too: the worker answers in order, so once it is shown the first question's
    # answer has arrived, and was not drawn.
    page.fill("#q-hybrid", "Is there a swimming pool?")
    page.press("#q-hybrid", "Enter")
    expect(summary).to_contain_text("“Is there a swimming pool?”", timeout=SLOW)
    drawn = [s for s in page.evaluate("__summaries") if s]
    assert not any("bread" in s for s in drawn), drawn
    expect_address(page, holds="swimming")
    assert "Ida" not in page.url


def test_a_meaning_question_while_the_language_model_downloads(visit):
    page = visit.open()
    weights = HUB + "onnx/model_q4.onnx"
    held = hold(page, weights)
    ask_the_model(page)
    expect(page.locator("#model-plain .model-status")).to_contain_text("Downloading Qwen3 0.6B", timeout=SLOW)
    page.fill("#q-hybrid", "Is there a swimming pool?")
    page.press("#q-hybrid", "Enter")
    expect(page.locator("#result-hybrid .summary")).to_contain_text("“Is there a swimming pool?”", timeout=SLOW)
    release(held)
    answered(page, 1)


# Put into the language model's worker: after the first token of the next answer it waits (a synchronous request
# the test holds) until the test lets it go, so the answer cannot end before "Stop" is pressed.
PAUSE_AFTER_FIRST_TOKEN = """() => {
    const post = self.postMessage.bind(self);
    let paused = false;
    self.postMessage = (message) => {
        post(message);
        if (message.type === "token" && !paused) {
            paused = true;
            const request = new XMLHttpRequest();
            request.open("GET", "/__pause", false);
            request.send();
        }
    };
}"""


def test_stop_ends_an_answer_the_model_could_otherwise_finish(visit):
    page = visit.open()
    ask_the_model(page)
    answers = page.locator("#model-plain .answer-meta")
    expect(answers).to_contain_text("Done", timeout=SLOW)
    full = int(re.search(r"(\d+) tokens", answers.inner_text())[1])
    pause = hold(page, "**/__pause")
    [worker] = [w for w in page.workers if w.url.endswith("/worker.js")]
    worker.evaluate(PAUSE_AFTER_FIRST_TOKEN)
    page.locator("#plain button.ask-model-button").click()
    expect(page.locator("#model-plain .answer-text").last).not_to_be_empty(timeout=SLOW)
    while not pause:  # the worker waits in its request: wait until the route holds it
        page.wait_for_timeout(20)
    page.locator("#model-plain button.model-stop").click()
    release(pause)
    expect(answers).to_have_count(2, timeout=SLOW)
    stopped = answers.last.inner_text()
    assert stopped.startswith("Stopped"), stopped
    assert int(re.search(r"(\d+) tokens", stopped)[1]) < full


def test_the_sites_own_files_say_what_failed_and_a_retry_works(visit):
    """Intent: when the meaning vectors or the graph library cannot be fetched from the site (an error, no
    connection, a damaged body), the section says so in a visitor's words, keeps the page usable, and the same
    question asked again is answered."""
    page = visit.open()
    cases = [  # once each: a file fetched well is kept for the rest of the visit
        (
            "**/vectors.json",
            "multi_query",
            "bad body",
            "The passages' meaning vectors arrived damaged (data/vectors.json). Reload the page and ask again.",
        ),
        (
            "**/wheels/networkx-*.whl",
            "graph",
            "500",
            "Graph RAG needs networkx, the graph library, and it could not be downloaded from this site. Check the "
            "connection and ask again.",
        ),
    ]
    for pattern, key, fault, said in cases:
        hits = fault_once(page, pattern, fault)
        question = page.locator(f"#{key} a.preset").nth(1)
        question.click()
        expect(page.locator(f"#msg-{key}")).to_have_text(said, timeout=SLOW)
        question.click()  # asked again: the file is fetched again, and the answer drawn
        expect(page.locator(f"#result-{key} .summary")).to_contain_text(question.get_attribute("data-q"), timeout=SLOW)
        expect(page.locator(f"#msg-{key}")).to_have_text("")
        assert len(hits) == 2, (pattern, fault, hits)
        page.unroute(pattern)


def test_a_damaged_download_of_the_labs_code_says_so(visit):
    """Intent: raglab.zip arriving damaged stops the start with one sentence saying what to do, not a traceback."""
    visit.page.route(
        "**/raglab.zip",
        lambda route: route.fulfill(status=200, body=b"PK\x03\x04 cut short", content_type="application/zip"),
    )
    page = visit.open(wait_for_python=False)
    expect(page.locator("#status")).to_have_text(
        "Python could not start: the lab's code (raglab.zip) arrived damaged. Reload the page to download it again.",
        timeout=SLOW,
    )
