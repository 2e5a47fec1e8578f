"""The places for the visitor's documents (raglab.ui.own_html), as the page model draws them: filled once documents
are kept, with their word list and their proposed questions, and never with questions of documents changed since."""

from html import escape

from drawn_page import DrawnPage as PageModel

from raglab.page import Start
from raglab.proposals import Proposal, Proposals
from raglab.techniques import TECHNIQUES
from raglab.ui.own_html import FINDING
from raglab.ui.places_html import render

GRAPH = Proposals({"graph": (Proposal("graph", "What is Ana Silva?", "finds tables-1 through the link."),)})


def _page() -> PageModel:
    return PageModel({key: Start() for key in TECHNIQUES})


def test_the_places_are_empty_as_pre_rendered_until_documents_are_kept():
    page = _page()
    assert set(render(page.drawn[k]) for k in page.drawn if k[0] == "own") == {""}
    own = page.documents_changed(3, 5, "yours", passage_size="blocks", related_words={"graph": ("node",)}).of("own")
    assert own["documents"].startswith("Your 3 documents are cut into 5 passages along their paragraphs")
    assert own["word-list-example"] == escape("related words from the lab’s word list are added (graph → node).")
    assert own["try-first"] == f"<li>{escape(FINDING)}</li>" and own["try-graph"] == escape(FINDING)


def test_proposals_of_documents_changed_since_draw_nothing():
    page = _page()
    page.documents_changed(3, 5, "yours")
    asked_of = page.own_version
    page.documents_changed(2, 4, "yours")  # removed one meanwhile
    assert not page.proposed(asked_of, GRAPH)
    own = page.proposed(page.own_version, GRAPH).of("own")
    assert (
        own["presets-graph"]
        == '<a class="preset" role="button" href="#graph" data-q="What is Ana Silva?">What is Ana Silva?</a>'
    )
    assert own["try-graph"] == "Try “What is Ana Silva?”: it finds tables-1 through the link."
    assert "presets-plain" not in own  # no question proposed for it: left empty, as it was


def test_no_documents_left_empties_the_places():
    page = _page()
    page.documents_changed(3, 5, "yours")
    page.proposed(page.own_version, GRAPH)
    own = page.documents_changed(0, 0, "yours").of("own")
    assert set(own.values()) == {""} and own.keys() >= {"documents", "try-first", "presets-graph"}
