"""The page model in CPython: tickets, the results kept for Back and Forward, the address, the switch between
Fernport and the visitor's documents, and the lines a section derives from the lab's state. The glue only draws
what these events answer, so each rule is checked here, not in Chromium."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from drawn_page import Drawn, stand_in, start
from drawn_page import DrawnPage as PageModel

from raglab import Lab, run
from raglab.lab import Preparing
from raglab.page import MEMO_SIZE, Address, Start
from raglab.page.model_state import ModelState
from raglab.techniques import TECHNIQUES
from raglab.ui.model_panel import render_model_state

PRESETS = Lab().corpus.presets
TYPED = "When does the market open?"
MEANING = ["multi_query", "hyde", "hybrid"]
NEEDS = (
    "{name} searches by meaning, so every passage of your documents needs a meaning vector first: {made} of 346 "
    "have one. Make them under “Your documents” above; the keyword techniques search your documents meanwhile."
)


def html(key: str, question: str) -> str:
    return f"<result {key}: {question}>"


@pytest.fixture
def page() -> PageModel:
    return PageModel({key: Start(PRESETS[key][0]) for key in TECHNIQUES})


def answer(page, key, question, search=None, **given):
    asked = page.ask(key, question, given)
    return page.answered(key, asked.ticket, Drawn(question, html(key, question)), search)


def url(pairs, focus):
    return f"#{focus}&{urlencode(pairs)}"


def go(page, address, at_start=False):
    """Open an address as Back, Forward or a link does: each section restored -> (slot drawn, form filled, asked
    again), for the sections that changed."""
    search, _, fragment = address.partition("#")
    opening = page.open_address(search, fragment, at_start)
    drawn = {}
    for key in page.keys:
        restore = page.restore(key, opening.token)
        assert not restore.stop
        if restore.changes or restore.rerun:
            drawn[key] = (restore.changes.of("slot").get(key), restore.changes.of("form").get(key), restore.rerun)
    return drawn


def yours(page, documents=2, passages=346, made=0):
    """The visitor keeps documents (346 passages, ``made`` of them with a vector) and the lab searches them."""
    return page.documents_changed(documents, passages, "yours", vectors=(made, passages))


# --- tickets ------------------------------------------------------------------------------------------------------


def test_only_the_newest_question_of_a_section_draws(page):
    first = page.ask("plain", "ferry")
    second = page.ask("plain", "boat")
    assert (first.ticket, second.ticket) == (1, 2)
    assert not page.answered("plain", first.ticket, Drawn("ferry", html("plain", "ferry")))
    assert not page.failed("plain", first.ticket, "ferry", "Something went wrong.")
    drawn = page.answered("plain", second.ticket, Drawn("boat", html("plain", "boat")))
    assert drawn.draws == (("slot", "plain", "<result plain: boat>"), ("busy", "plain", False))


def test_a_question_marks_its_section_busy_until_it_draws(page):
    asked = page.ask("graph", "Who is the lighthouse guide?")
    assert asked.changes.draws == (("busy", "graph", True),)
    assert page.answered("graph", asked.ticket, Drawn("", "<graph>")).of("busy") == {"graph": False}


def test_a_question_still_under_way_draws_nothing_after_the_switch(page):
    yours(page, made=346)
    asked = page.ask("plain", "ferry")
    page.switch("fernport")
    assert not page.answered("plain", asked.ticket, Drawn("ferry", html("plain", "ferry")))
    assert stand_in(page.drawn["slot", "plain"]) == start("plain")


# --- the address, and Back and Forward ---------------------------------------------------------------------------


def test_back_and_forward_over_three_questions_in_two_techniques(page):
    """Intent: what tests/browser/test_history.py checks in Chromium: each question a history entry, the same
    question again replaces it, and Back and Forward redraw each section from what was kept, its form as asked."""
    pet, third = PRESETS["query"][1], "Who keeps the lighthouse?"
    a1 = answer(page, "plain", TYPED, search="").address
    assert a1 == Address(url([("q.plain", TYPED)], "plain"), push=True)
    a2 = answer(page, "query", pet, search=a1.url).address
    assert a2 == Address(url([("q.plain", TYPED), ("q.query", pet)], "query"), push=True)
    again = answer(page, "query", pet, search=a2.url)
    assert again.of("slot") == {"query": html("query", pet)}  # drawn again, in the same history entry
    assert again.address == Address(a2.url, push=False)
    a3 = answer(page, "plain", third, search=a2.url).address
    assert a3 == Address(url([("q.plain", third), ("q.query", pet)], "plain"), push=True)

    assert go(page, a2.url) == {"plain": (html("plain", TYPED), (TYPED, {}), None)}
    assert go(page, a1.url) == {"query": (start("query"), ("", {}), None)}
    assert go(page, "") == {"plain": (start("plain"), ("", {}), None)}
    assert go(page, a1.url) == {"plain": (html("plain", TYPED), (TYPED, {}), None)}
    assert go(page, a2.url) == {"query": (html("query", pet), (pet, {}), None)}
    assert go(page, a3.url) == {"plain": (html("plain", third), (third, {}), None)}


def test_a_result_no_longer_kept_is_asked_again(page):
    search = ""
    for n in range(MEMO_SIZE + 1):
        search = answer(page, "plain", f"ferry {n}", search=search).address.url
    assert go(page, "?q.plain=ferry+0") == {"plain": (None, ("ferry 0", {}), ("ferry 0", {}))}
    assert go(page, "?q.plain=ferry+1") == {"plain": (html("plain", "ferry 1"), ("ferry 1", {}), None)}


def test_inputs_and_options_go_into_the_address_and_come_back_into_the_form(page):
    first = answer(page, "plain", "ferry", search="", scoring="bm25", k1=1.5).address
    assert first.url == "#plain&q.plain=ferry&scoring.plain=bm25&k1.plain=1.5"
    answer(page, "plain", "boat", search=first.url)
    assert go(page, first.url) == {"plain": (html("plain", "ferry"), ("ferry", {"scoring": "bm25", "k1": 1.5}), None)}


def test_an_address_keeps_what_is_not_the_labs_and_an_embed_its_technique(page):
    written = answer(page, "hyde", PRESETS["hyde"][1], search="?embed=1&technique=hyde&utm=course").address
    assert written.url == "?" + urlencode(
        [("embed", "1"), ("technique", "hyde"), ("utm", "course")]
    ) + "#hyde&" + urlencode([("q.hyde", PRESETS["hyde"][1])])


def test_a_site_of_several_corpora_names_its_own_in_the_address():
    page = PageModel({}, site_corpus="ledger", keys=["plain"])
    assert answer(page, "plain", "ferry", search="").address.url == "?corpus=ledger#plain&q.plain=ferry"


def test_a_result_drawn_with_what_the_model_wrote_is_not_what_the_address_asks_for(page):
    question = PRESETS["hyde"][1]
    address = answer(page, "hyde", question, search="").address
    asked = page.ask("hyde", question, {"hypothetical": "Dogs stay on a lead."}, source="model")
    page.answered("hyde", asked.ticket, Drawn("", "<the model's answer searched>"))
    assert go(page, address.url) == {"hyde": (html("hyde", question), (question, {}), None)}


def test_a_newer_address_stops_the_older_one(page):
    older = page.open_address("?q.plain=ferry&q.hyde=boat")
    assert page.restore("plain", older.token).rerun == ("ferry", {})
    newer = page.open_address("?q.plain=bread")
    assert page.restore("hyde", older.token).stop
    assert page.restore("plain", newer.token).rerun == ("bread", {})


def test_a_question_of_the_address_still_under_way_is_left_to_finish(page):
    link = "?q.hyde=Who+is+Ida%3F&hy.hyde=A+fish+seller."
    opening = page.open_address(link, at_start=True)
    question, given = page.restore("hyde", opening.token).rerun
    assert (question, given) == ("Who is Ida?", {"hypothetical": "A fish seller."})
    page.ask("hyde", question, given)  # waits for the model, say
    again = page.open_address(link)  # Back to an entry with the same question
    assert not page.restore("hyde", again.token).changes and page.drawn["busy", "hyde"] is True


def test_a_deep_links_questions_fill_their_boxes_before_the_page_says_ready(page):
    link = "?technique=graph&q.graph=Who+is+Ida%3F&q.hyde=boat&hy.hyde=A+fish+seller."
    assert page.asked_forms(link).draws == (
        ("form", "graph", ("Who is Ida?", {})),
        ("form", "hyde", ("boat", {"hypothetical": "A fish seller."})),
    )
    assert not page.asked_forms("?technique=graph&embed=1").draws  # nothing asked: the boxes stay as rendered
    opening = page.open_address(link, at_start=True)
    assert page.restore("graph", opening.token).rerun == ("Who is Ida?", {})  # answered once the documents are read


def test_a_link_names_the_techniques_the_lab_does_not_have(page):
    opening = page.open_address("?technique=bm99&q.plain=ferry&q.bm98=boat", at_start=True)
    assert opening.message == (
        "This link names techniques the lab does not have, “bm98”, “bm99”, so the page opens as usual. The "
        "techniques are: Plain RAG, Query RAG, Graph RAG, Document RAG, Multi-query, HyDE, Parent-document, Chunk "
        "size, Hybrid search."
    )
    assert page.restore("plain", opening.token).rerun == ("ferry", {})
    assert page.open_address("?technique=bm99&q.plain=ferry").message == ""  # said once, at the start


def test_a_deep_link_scrolls_to_the_section_it_names(page):
    assert page.open_address("?q.plain=ferry&q.hyde=boat", "#hyde", at_start=True).scroll_to == "hyde"
    assert page.open_address("?technique=multi-query", at_start=True).scroll_to == "multi_query"
    assert page.open_address("?technique=hyde&embed=1", at_start=True).scroll_to is None  # an embed shows one
    assert page.open_address("", "#hyde", at_start=True).scroll_to is None  # a fragment alone asks nothing


def test_corpus_proto_in_an_address_is_a_name_like_any_other(page):
    yours(page, made=346)
    page.switch("fernport")
    opening = page.open_address("?corpus=__proto__&q.plain=ferry", at_start=True)
    assert not opening.changes and page.corpus == "fernport"
    assert page.restore("plain", opening.token).rerun == ("ferry", {})
    written = answer(page, "plain", "ferry", search="?corpus=__proto__&q.plain=ferry").address
    assert written == Address("#plain&q.plain=ferry", push=True)
    unknown = page.open_address("?q.__proto__=x&__proto__=y", at_start=True)
    assert "“__proto__”," in unknown.message
    written = answer(page, "query", "boat", search="?q.__proto__=x&__proto__=y").address
    assert written.url == "?__proto__=y#query&q.query=boat"  # not the lab's: kept as it was


def test_back_to_a_question_on_the_visitors_documents_searches_them_again(page):
    yours(page, made=346)
    on_yours = answer(page, "plain", "boat", search="").address
    assert on_yours.url == "?corpus=yours#plain&q.plain=boat"
    page.switch("fernport")
    opening = page.open_address(*on_yours.url.split("#"))
    assert opening.keep_switch and opening.changes.of("corpus") == {"": "yours"}
    assert opening.changes.of("slot")["plain"] == html("plain", "boat")


# --- the switch between corpora, and the visitor's documents ------------------------------------------------------


def test_the_switch_keeps_each_sections_result_and_box(page):
    answer(page, "plain", TYPED)
    to_yours = yours(page, documents=1, passages=3, made=3)
    assert to_yours.of("corpus") == {"": "yours"}
    assert to_yours.of("slot")["plain"] == (
        '<p class="message">Searching your documents: 1 document, 3 passages. Type a question above.</p>'
    )
    answer(page, "plain", "boat")
    back = page.switch("fernport", boxes={"plain": "boat"})
    assert back.of("slot")["plain"] == html("plain", TYPED) and back.of("box")["plain"] == ""
    again = page.switch("yours", boxes={"plain": TYPED})
    assert again.of("slot")["plain"] == html("plain", "boat") and again.of("box")["plain"] == "boat"
    assert page.switch("fernport", boxes={}).of("box")["plain"] == TYPED


def test_the_switch_to_documents_not_kept_stays_on_fernport(page):
    assert not page.switch("yours") and page.corpus == "fernport"


def test_made_vectors_change_every_meaning_sections_line_without_a_question(page):
    """Intent: issue 21's stale line. Each meaning section says how many vectors are made as they are made, and
    once all are, what it searches; a question refused meanwhile stops saying it must wait."""
    drawn = yours(page)
    assert {k: drawn.of("slot")[k] for k in MEANING} == {
        k: f'<p class="message">{NEEDS.format(name=TECHNIQUES[k].name, made=0)}</p>' for k in MEANING
    }
    refused = page.ask("hyde", "Who wrote the manual?")
    assert refused.refused and refused.changes.of("line") == {"hyde": NEEDS.format(name="HyDE", made=0)}
    some = page.vectors_counted(32, 346)
    assert some.of("slot") == {
        k: f'<p class="message">{NEEDS.format(name=TECHNIQUES[k].name, made=32)}</p>' for k in MEANING
    }
    assert some.of("line") == {"hyde": NEEDS.format(name="HyDE", made=32)}
    every = page.vectors_counted(346, 346)
    searching = '<p class="message">Searching your documents: 2 documents, 346 passages. Type a question above.</p>'
    assert every.of("slot") == dict.fromkeys(MEANING, searching)
    assert every.of("line") == {"hyde": ""}


def test_at_a_reload_the_lines_follow_the_vectors_read_after_the_documents(page):
    yours(page, made=0)  # the documents are read first; their vectors after them
    read = page.vectors_counted(346, 346)
    assert set(read.of("slot")) == set(MEANING) and "Type a question above." in read.of("slot")["hyde"]


def test_removed_documents_change_every_sections_line(page):
    yours(page, documents=3, passages=9, made=9)
    answer(page, "plain", "boat")
    fewer = page.documents_changed(2, 5, "yours", boxes={"plain": "boat"}, vectors=(5, 5))
    assert set(fewer.of("slot")) == set(TECHNIQUES) and fewer.of("box")["plain"] == ""
    assert fewer.of("slot")["plain"] == (
        '<p class="message">Searching your documents: 2 documents, 5 passages. Type a question above.</p>'
    )
    gone = page.documents_changed(0, 0, "yours", vectors=(0, 0))
    assert gone.of("corpus") == {"": "fernport"} and gone.of("slot")["plain"] == start("plain")


def test_a_question_waits_for_the_documents_and_says_how_far_they_are(page):
    page.documents_changed(600, 1200, "yours")
    asked = page.ask("plain", "Which note reached mark 417?")
    assert asked.wait_ready and asked.changes.of("busy") == {"plain": True}
    cut = page.preparing(Preparing("cut", 64, 600))
    assert cut.of("line") == {
        "plain": "Getting your documents ready: 64 of 600 documents cut into passages. Your question is answered then."
    }
    assert page.ready().of("line") == {"plain": ""}
    assert page.answered("plain", asked.ticket, Drawn("", "<notes>")).of("slot") == {"plain": "<notes>"}


# --- a question that draws nothing, and the models -----------------------------------------------------------


def test_a_question_that_draws_nothing_marks_the_result_kept(page):
    typed = "Who sells fish at the market?"
    asked = page.ask("hyde", typed)
    failed = page.failed("hyde", asked.ticket, typed, "The question is 501 characters long.")
    assert failed.of("line") == {"hyde": "The question is 501 characters long."}
    assert failed.of("earlier") == {
        "hyde": f"The result below is for an earlier question, “{PRESETS['hyde'][0]}”, not for “{typed}”."
    }
    assert page.ask("hyde", PRESETS["hyde"][1]).changes.of("line") == {"hyde": ""}
    drawn = page.answered(
        "hyde", page.sections["hyde"].ticket, Drawn(PRESETS["hyde"][1], html("hyde", PRESETS["hyde"][1]))
    )
    assert drawn.of("earlier") == {"hyde": ""}


def test_a_blank_question_marks_nothing(page):
    asked = page.ask("plain", "   ")
    assert page.failed("plain", asked.ticket, "   ", "Type a question first.").of("earlier") == {}


def test_the_lines_waiting_for_the_embedding_model_follow_it_and_keep_its_failure(page):
    waiting, other = page.ask("hybrid", "Is there a pool?"), page.ask("plain", "ferry")
    page.wait_for_model("hybrid", waiting.ticket)
    loading = ModelState().move("download", request=7)
    loading = loading.on_progress({"id": 7, "file": "onnx/model_fp16.onnx", "loaded": 9_000_000, "total": 45_000_000})
    assert page.model_moved("embed", loading).of("line") == {
        "hybrid": render_model_state(loading, "the embedding model")
    }
    failure = loading.move("fail", request=7, failure="The server answered 500.", retry="question")
    shown = render_model_state(failure, "the embedding model")
    assert page.model_moved("embed", failure).of("line") == {"hybrid": shown}
    failed = page.failed("hybrid", waiting.ticket, "Is there a pool?")
    assert failed.of("line") == {} and failed.of("busy") == {"hybrid": False}
    assert page.model_moved("embed", failure.move("removed")).of("line") == {}  # its failure, with Try again, stays
    assert page.answered("plain", other.ticket, Drawn("", "<ferry>")).of("line") == {}


def test_the_language_models_state_shows_in_the_panel_of_the_section_it_answers(page):
    checking = ModelState().move("consent")
    assert page.model_moved("generate", checking, key="plain").draws == (
        ("panel", "plain", '<p class="model-status">Checking how the model would run on this device…</p>'),
    )
    declined = checking.move("decline", note="Nothing was downloaded.")
    moved = page.model_moved("generate", declined, key="hyde")
    assert moved.draws == (("panel", "hyde", '<p class="model-status">Nothing was downloaded.</p>'),)


def test_a_start_run_for_the_model_is_kept_with_the_start(page):
    lab = Lab()
    first = run(lab, "plain", PRESETS["plain"][0])
    assert page.result("plain") is None and page.shown_question("plain") == PRESETS["plain"][0]
    page.keep_start_result("plain", first)
    answer(page, "plain", TYPED, search="")
    go(page, "")
    assert page.result("plain") is first


def test_a_request_of_your_documents_shows_the_models_state_then_its_own_words(page):
    """Intent: making vectors or related words waits for the model in the line under "Your documents": the
    download while it downloads, then what the request says; a newer request takes the line."""
    first = page.request("yours")
    page.wait_for_model("yours", first.ticket)
    loading = ModelState().move("download", request=4)
    assert page.model_moved("embed", loading).of("line") == {
        "yours": render_model_state(loading, "the embedding model")
    }
    page.model_moved("embed", loading.move("loaded", request=4, note="Embedding model ready."))
    said = page.say("yours", "Embedding your documents' words: 256 of 1,024…")
    assert said.of("line") == {"yours": "Embedding your documents&#x27; words: 256 of 1,024…"}
    second = page.request("yours")
    assert second.changes.of("line") == {"yours": ""}
    assert not page.finished("yours", first.ticket) and page.sections["yours"].busy


def test_the_page_model_keeps_results_and_never_their_markup():
    """The slots are drawn as HTML by raglab.ui, from the results the page model keeps: nothing it holds is
    markup (a string walked from its state, results and compare views aside, never holds a tag)."""
    from dataclasses import fields, is_dataclass

    from raglab.compare import Compared, compare
    from raglab.result import Result

    lab, page = Lab(), PageModel({key: Start(PRESETS[key][0]) for key in TECHNIQUES})
    for key in ("plain", "graph"):
        asked = page.ask(key, TYPED)
        assert page.answered(key, asked.ticket, run(lab, key, TYPED), "").of("slot")[key].startswith("<")
    assert "<" in page.compared(page.ask_compare(TYPED).ticket, compare(lab, TYPED)).of("slot")["compare"]

    def strings(value, depth=0):
        if isinstance(value, (Result, Compared)) or depth > 8:
            return
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for k, v in value.items():
                yield from strings(k, depth + 1)
                yield from strings(v, depth + 1)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for v in value:
                yield from strings(v, depth + 1)
        elif is_dataclass(value):
            for f in fields(value):
                yield from strings(getattr(value, f.name), depth + 1)

    held = [s for value in vars(page).values() for s in strings(value)]
    assert held and not [s for s in held if "<" in s]
