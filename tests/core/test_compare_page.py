"""The compare view in the page model and its HTML: a question's ticket, the view kept per corpus, and everything a
document or a question brings shown as text (raglab.page.model, raglab.ui.compare_html, raglab.ui.map_svg)."""

from drawn_page import DrawnPage as PageModel

from raglab import Lab
from raglab.compare import compare
from raglab.meaning_map import meaning_map
from raglab.page import COMPARE, FERNPORT, YOURS, Start
from raglab.ui.compare_html import compare_start_yours, render_compare_section, render_compared
from raglab.ui.map_svg import map_figure

LAB = Lab()
FISH, BAKES = compare(LAB, "Who sells fish?"), compare(LAB, "Who bakes?")


def page() -> PageModel:
    return PageModel({"plain": Start()}, keys=["plain"], compare_start=Start("Q?"))


def drawn(compared) -> str:
    return render_compared(compared.to_dict())


def test_a_compared_question_draws_its_view_and_only_the_newest_draws():
    model = page()
    first = model.ask_compare("Who sells fish?")
    assert first.changes.of("busy") == {COMPARE: True}
    second = model.ask_compare("Who bakes?")
    assert not model.compared(first.ticket, FISH)
    shown = model.compared(second.ticket, BAKES)
    assert shown.of("slot") == {COMPARE: drawn(BAKES)} and shown.of("busy") == {COMPARE: False}


def test_each_corpus_keeps_its_own_view_and_new_documents_clear_the_visitors():
    model = page()
    model.documents_changed(1, 3, FERNPORT)
    model.compared(model.ask_compare("Who sells fish?").ticket, FISH)
    switched = model.switch(YOURS)
    assert switched.of("slot")[COMPARE] == compare_start_yours()
    model.compared(model.ask_compare("Who bakes?").ticket, BAKES)
    assert model.switch(FERNPORT).of("slot")[COMPARE] == drawn(FISH)
    assert model.switch(YOURS).of("slot")[COMPARE] == drawn(BAKES)
    assert model.documents_changed(2, 5, YOURS).of("slot")[COMPARE] == compare_start_yours()


def test_the_site_compare_view_is_its_pre_rendered_start_until_a_question():
    model = page()
    model.documents_changed(1, 3, YOURS)
    assert model.switch(FERNPORT).of("slot")[COMPARE] == "<pre-rendered compare>"


def test_a_view_drawn_before_the_visitors_vectors_says_when_they_are_made():
    model = page()
    model.documents_changed(1, 3, YOURS, vectors=(0, 3))
    model.ready()
    model.compared(model.ask_compare("Who sells fish?").ticket, FISH)
    assert model.vectors_counted(2, 3).of("slot") == {}
    made = model.vectors_counted(3, 3).of("slot")[COMPARE]
    assert made.startswith('<p class="message vectors-since">') and made.endswith(drawn(FISH))
    again = model.compared(model.ask_compare("Who bakes?").ticket, BAKES)
    assert again.of("slot") == {COMPARE: drawn(BAKES)}


def test_on_documents_not_ready_a_compared_question_waits_and_a_failure_is_said():
    model = page()
    model.documents_changed(1, 3, YOURS)
    asked = model.ask_compare("Who is Ada?")
    assert asked.wait_ready
    failed = model.compare_failed(asked.ticket, "Type a question first.")
    assert failed.of("line") == {COMPARE: "Type a question first."} and failed.of("busy") == {COMPARE: False}


def test_a_question_and_a_passage_are_shown_as_text(embed):
    from raglab.documents.corpus import Corpus, Document

    hostile = '<img src=x onerror="alert(1)">'
    lab = Lab(Corpus("mine", (Document("x", hostile, f"{hostile} is here. So is the rest."),)))
    compared = compare(lab, f"Where is {hostile}?", embed)
    drawn = meaning_map(lab, embed, [("your question", compared.question)])
    html = render_compared(compared.to_dict(), drawn.to_dict(), why=hostile)
    assert "<img" not in html and "&lt;img src=x" in html
    section = render_compare_section([{"question": hostile, "why": hostile}], html)
    assert "<img" not in section


def test_the_map_draws_a_dot_per_passage_a_line_per_nearest_and_lists_them(lab, embed):
    texts = [("your question", "Where does the ferry leave?"), ("made-up answer (HyDE)", "The ferry leaves at 8.")]
    drawn = meaning_map(lab, embed, texts).to_dict()
    html = map_figure(drawn, answers=("ferry-1",))
    assert html.count('<circle class="point') == 32
    assert html.count('<line class="near-line') == 6
    assert html.count('class="point near answer"') + html.count('class="point answer"') == 1
    assert html.count('<li class="probe-text">') == 2 and html.count("cosine 0.") + html.count("cosine -0.") == 6
    assert 'aria-labelledby="map-title"' in html and "How much of the spread" not in html


def test_without_vectors_the_view_says_the_map_needs_them(lab):
    html = render_compared(compare(lab, "Who sells fish?").to_dict())
    assert "The meaning map needs the meaning vectors" in html and "<svg" not in html
