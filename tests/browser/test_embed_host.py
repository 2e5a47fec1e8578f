"""An embed in a course page: the "Copy embed code" snippet (embed_html.embed_snippet) for two techniques, pasted
into a page a second server serves on another port (another origin). Each frame takes its own content's height and
never scrolls inside; a preset, a typed question, a word-list term and the documents work in it; "Open the full lab"
opens the same question; without the snippet's script, its height fits; where the browser blocks an embed's storage,
the questions open the full lab. On a course page of another site in a browser that partitions an embed's storage
(as Chrome, Firefox and Safari do), the embed starts, stores apart from the full lab, and works."""

import contextlib
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from lab_page import SLOW, press, shown
from playwright.sync_api import expect
from tools.chromium import CHROMIUM, PARTITIONED_STORAGE_ARGS
from tools.site import served

from conftest import PYTHON_START_TIMEOUT_MS, _close, _watch
from raglab import TECHNIQUES, Lab, run
from raglab.show import score_label
from raglab.ui.embed_html import embed_snippet

COLUMN = 720  # px: a course page's text column, where each technique's embed_height was measured
TYPED = "Where does Tomas Reyes work?"

# The frame's content height and whether it scrolls, read inside the frame.
CONTENT = "Math.ceil(document.documentElement.getBoundingClientRect().height)"
SCROLLS = "document.documentElement.scrollHeight > document.documentElement.clientHeight"


# What the graph section's box holds at the moment a page says Ready (read by assert_full_lab_at).
BOX_AT_READY = """addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("status");
  if (!status) return;  // the course page
  new MutationObserver((_, observer) => {
    if (status.dataset.state !== "ready") return;
    observer.disconnect();
    window.boxAtReady = document.getElementById("q-graph").value;
  }).observe(status, { attributes: true, attributeFilter: ["data-state"] });
})"""


@contextlib.contextmanager
def course_page(visit, folder, keys, host_name="127.0.0.1", below=""):
    """A lesson page with an embed of each technique of `keys`, served from `folder` on another port of `host_name`
    (127.0.0.1: another origin; "localhost" or "127.0.0.2": another site as well, as a course platform is), and the
    HTML `below` after them."""
    lesson = "".join(
        f"<h2>Exercise {n}</h2><p>Try the lab.</p>{embed_snippet(visit.site_url, TECHNIQUES[key])}"
        for n, key in enumerate(keys, 1)
    )
    (folder / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson 3: Graph RAG</title>'
        '<link rel="icon" href="data:,"></head>'
        f'<body style="margin: 0"><main style="width: {COLUMN}px">{lesson}{below}</main></body></html>'
    )
    visit.page.context.add_init_script(BOX_AT_READY)
    with served(folder, host="127.0.0.1" if host_name == "localhost" else host_name) as url:
        host = url.replace("127.0.0.1", host_name)
        visit.page.route(f"{host}**", lambda route: route.continue_())  # (the visit aborts other hosts)
        visit.page.goto(host)
        yield visit.page


def started(page, n: int):
    """The n-th embed's frame, once its lab says Ready (scrolled to first: the snippet's frames load lazily)."""
    frame_element = page.locator("iframe").nth(n)
    frame_element.scroll_into_view_if_needed()
    frame = frame_element.element_handle().content_frame()
    expect(frame.locator("#status")).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)
    return frame_element, frame


def fits(frame_element, frame) -> None:
    """The host's frame is as tall as the lab's content (the snippet's script followed it), so nothing scrolls."""
    frame.wait_for_function(f"{CONTENT} === window.innerHeight && !({SCROLLS})", timeout=SLOW)
    assert frame_element.bounding_box()["height"] == frame.evaluate(CONTENT)


def test_an_embed_follows_its_content_and_works_inside(visit, tmp_path):
    """Intent: on a course page with two embeds, each frame grows to its own content (the documents opened, a
    preset, a typed question) with no scrollbar inside, and never to the other's; a definition opens beside its
    term; "Open the full lab" opens the same technique and question in a new tab."""
    with course_page(visit, tmp_path, ["graph", "plain"]) as page:
        follows_its_content_and_works_inside(page, Lab())
    assert visit.console_errors == []


def follows_its_content_and_works_inside(page, lab):
    graph_frame, graph = started(page, 0)
    plain_frame, plain = started(page, 1)
    fits(graph_frame, graph)
    fits(plain_frame, plain)
    plain_height = plain_frame.bounding_box()["height"]
    expect(graph.get_by_role("heading", level=1)).to_have_text("RAG Lab")  # the one h1 the embed shows
    assert graph.title() == "RAG Lab: Graph RAG: follow the links between names"

    page.evaluate("window.told = []; addEventListener('message', (event) => told.push(event.data))")
    graph_frame.scroll_into_view_if_needed()
    before = graph_frame.bounding_box()["height"]
    graph.locator("#documents summary").click()
    expect(graph.locator("#doc-ferry")).to_be_visible()
    fits(graph_frame, graph)
    assert graph_frame.bounding_box()["height"] > before + 1000  # the ten documents, opened in place

    question = lab.corpus.presets["graph"][1]
    press(graph, "graph", question)
    assert shown(graph, "graph") == [(p.id, score_label(p)) for p in run(lab, "graph", question).passages]
    graph.locator("#q-graph").fill(TYPED)
    graph.locator("#q-graph").press("Enter")
    expect(graph.locator("#result-graph .summary")).to_contain_text(f"“{TYPED}”", timeout=SLOW)
    expected = [(p.id, score_label(p)) for p in run(lab, "graph", TYPED).passages]
    assert shown(graph, "graph") == expected
    fits(graph_frame, graph)
    fits(plain_frame, plain)
    assert plain_frame.bounding_box()["height"] == plain_height  # graph's messages never resized plain's frame
    told = page.evaluate("told")
    assert told and all(m.keys() == {"type", "technique", "height"} and m["technique"] == "graph" for m in told), told

    term = graph.locator("#graph .explain button.term").first
    term.click()
    definition = graph.locator(f"#{term.get_attribute('popovertarget')}")
    expect(definition).to_be_visible()
    at, box = term.bounding_box(), definition.bounding_box()
    assert at["y"] < box["y"] < at["y"] + 2 * at["height"], (at, box)  # just below its term, not mid-frame
    page.keyboard.press("Escape")
    expect(definition).to_be_hidden()

    with page.context.expect_page() as opened:
        graph.get_by_role("link", name="Open the full lab").click()
    full = opened.value
    assert_full_lab_at(full, TYPED)
    assert shown(full, "graph") == expected
    expect(full.locator("body")).not_to_have_class(re.compile("embed"))
    expect(full.locator("#word-list")).to_be_visible()


def test_where_an_embed_may_not_store_its_questions_open_the_full_lab(visit, tmp_path):
    """Intent: on a course page of another site, in a browser that blocks storage in embedded pages (Chromium's
    private windows do, and Playwright's contexts are such), the embed says why it cannot start instead of
    "Loading Python…", and a preset opens the full lab at that question; so does a typed one, which no request
    carries (the new tab's address holds it in its fragment from its first request)."""
    with course_page(visit, tmp_path, ["graph"], host_name="localhost") as page:
        frame = page.locator("iframe").element_handle().content_frame()
        status = frame.locator("#status")
        # PyScript's own failure in IndexedDB may come first (an InvalidStateError, one run in two): the page's
        # sentence is still the one shown
        expect(status).to_have_attribute("data-state", "error", timeout=PYTHON_START_TIMEOUT_MS)
        expect(status).to_contain_text("blocks storage in embedded pages")
        expect(status).not_to_contain_text("could not start")
        question = Lab().corpus.presets["graph"][1]
        with page.context.expect_page() as opened:
            frame.locator("#graph a.preset", has_text=question).click()
        assert_full_lab_at(opened.value, question)
        opened.value.close()
        frame.locator("#q-graph").fill(TYPED)
        with page.context.expect_page() as opened:
            frame.locator("#q-graph").press("Enter")
        assert_full_lab_at(opened.value, TYPED)
        assert not [url for url in visit.requests if "Tomas" in url], visit.requests


# In a frame: whether IndexedDB and Cache Storage answer (where storage is blocked, opening either fails).
STORAGE = """async () => ({
  indexedDB: await new Promise((resolve) => {
    const request = indexedDB.open("raglab-test");
    request.onsuccess = () => { request.result.close(); resolve(true); };
    request.onerror = () => resolve(false);
  }),
  caches: await caches.open("raglab-test").then(() => true, () => false),
})"""


@pytest.fixture(scope="module")
def partitioned(playwright, site_url, tmp_path_factory):
    """A Chromium with a profile of its own that partitions an embed's storage as a visitor's browser does
    (Playwright's contexts block it), watched as a visit is; one for the module."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("profile"),
        executable_path=CHROMIUM,
        args=PARTITIONED_STORAGE_ARGS,
        service_workers="block",
    )
    visit = _watch(context, site_url)
    yield visit
    _close(visit)


def test_an_embed_on_another_site_starts_stores_apart_and_opens_the_full_lab(partitioned, tmp_path):
    """Intent: on a course page of another site (127.0.0.2) in a browser that partitions an embed's storage, the
    embed starts, may store (the visitor's documents go to a store apart from the full lab's, and the page knows it
    is framed), a preset and a typed question work, and "Open the full lab", clicked as soon as the answer shows,
    opens the full lab with that question in its box."""
    lab = Lab()
    with course_page(partitioned, tmp_path, ["graph"], host_name="127.0.0.2") as page:
        _, frame = started(page, 0)
        assert frame.evaluate(STORAGE) == {"indexedDB": True, "caches": True}
        expect(frame.locator("#yours .framed-note:not([hidden])")).to_have_count(1)
        kept = [["probe:embed", "kept in the embed"]]
        frame.evaluate("(pairs) => raglabDocuments.keep(pairs)", kept)  # documents.js: the visitor's documents' store
        assert frame.evaluate("raglabDocuments.records('probe:')") == kept

        question = lab.corpus.presets["graph"][1]
        press(frame, "graph", question)
        assert shown(frame, "graph") == [(p.id, score_label(p)) for p in run(lab, "graph", question).passages]
        frame.locator("#q-graph").fill(TYPED)
        frame.locator("#q-graph").press("Enter")
        expect(frame.locator("#result-graph .summary")).to_contain_text(f"“{TYPED}”", timeout=SLOW)
        with page.context.expect_page() as opened:
            frame.get_by_role("link", name="Open the full lab").click()
        full = opened.value
        assert_full_lab_at(full, TYPED)
        assert shown(full, "graph") == [(p.id, score_label(p)) for p in run(lab, "graph", TYPED).passages]
        assert full.evaluate("raglabDocuments.records('probe:')") == []  # the full lab's store is another
        expect(full.locator("#yours .framed-note[hidden]")).to_have_count(1)
        full.close()
    assert partitioned.console_errors == []


def assert_full_lab_at(full, question: str) -> None:
    """`full` is the whole lab (not an embed) at the graph section, showing `question`'s answer."""
    expect(full.locator("#status")).to_have_text("Ready", timeout=PYTHON_START_TIMEOUT_MS)
    # by Ready, the question is in the fragment, never sent to the host (a link with it in the query is moved there)
    query, fragment = parse_qs(urlsplit(full.url).query), parse_qs(urlsplit(full.url).fragment, keep_blank_values=True)
    assert "embed" not in query and question not in sum(query.values(), []), full.url
    assert urlsplit(full.url).fragment.startswith("graph&") and question in sum(fragment.values(), []), full.url
    assert full.evaluate("boxAtReady") == question  # in its box as the page says Ready, not after
    expect(full.locator("#result-graph .summary")).to_contain_text(f"“{question}”", timeout=SLOW)
    expect(full.locator("#q-graph")).to_have_value(question)


def test_an_embed_keeps_its_status_small_and_its_height_fits_without_the_script(visit):
    """Intent: the status lines take one small line on a phone, and where a course page strips the snippet's
    script, the frame's own height (the registry's embed_height) holds each technique's embed in a course column."""
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 800})
    visit.open("?technique=graph&embed=1")
    head = page.locator(".site-head").bounding_box()["height"]
    assert head < 30, head  # one line of small text (full size, the status lines took 130 px)
    heading = page.locator("#graph-h").bounding_box()["y"]
    assert heading < 90, heading

    page.set_viewport_size({"width": COLUMN, "height": 4000})  # (taller than any: no scrollbar narrows the column)
    measured = {}
    for key in TECHNIQUES:  # each technique shown in turn, as its own embed shows it
        page.evaluate(
            "key => document.querySelectorAll('section.technique').forEach("
            "s => s.classList.toggle('shown', s.id === key))",
            key,
        )
        measured[key] = page.evaluate(CONTENT)
    snippet = {
        key: int(re.search(r'height="(\d+)"', embed_snippet(visit.site_url, t)).group(1))
        for key, t in TECHNIQUES.items()
    }
    too_small_or_large = {
        k: (measured[k], snippet[k]) for k in TECHNIQUES if not measured[k] <= snippet[k] < measured[k] + 250
    }
    assert too_small_or_large == {}, f"measured {measured}"


# Every scroll of the course page from now on, as its scrollY, in the order they came (after a scroll still to be
# reported, such as scroll_into_view_if_needed's: its event comes with the next frame).
WATCH_HOST_SCROLL = """() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  window.scrolls = [];
  addEventListener("scroll", () => scrolls.push(scrollY));
  resolve(scrollY);
})))"""


@pytest.mark.viewport(1280, 800)
def test_pressing_a_question_in_an_embed_never_moves_its_host(visit, tmp_path):
    """Intent: issue 34. On a course page whose reader has scrolled to an embed's presets, pressing one, and then
    typing a question, answers inside the frame and never scrolls the course page, even where the embed ends the
    page (there a shorter answer that shrank the frame would pull the page up): the reader's place stays."""
    lab = Lab()
    with course_page(visit, tmp_path, ["graph", "plain"]) as page:
        frame_element, frame = started(page, 1)
        fits(frame_element, frame)
        frame.locator("#plain .site-presets").scroll_into_view_if_needed()
        at = page.evaluate(WATCH_HOST_SCROLL)
        question = lab.corpus.presets["plain"][1]
        press(frame, "plain", question)
        fits(frame_element, frame)
        frame.locator("#q-plain").fill(TYPED)
        frame.locator("#q-plain").press("Enter")
        expect(frame.locator("#result-plain .summary")).to_contain_text(f"“{TYPED}”", timeout=SLOW)
        fits(frame_element, frame)
        assert (page.evaluate("scrolls"), page.evaluate("scrollY")) == ([], at)
    assert visit.console_errors == []
