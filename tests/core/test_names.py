"""Names found by rules (raglab/graph/names.py): a fixture with known names, the rules one at a time, Fernport by hand
against by rules, and a visitor's edits."""

import json

import pytest

from raglab.documents.chunking import chunk_documents
from raglab.documents.corpus import Document, Entity
from raglab.documents.corpus_markdown import parse_document
from raglab.graph.entities import EntityGraph
from raglab.graph.names import apply_edits, find_names, names_found

ENGINE = """# The engine

Dr. Ada Lovelace met Charles Babbage in London in June 1833. Babbage showed her a small part of his Difference
Engine. Later she wrote notes on the Analytical Engine for the Royal Society. The RS kept copies of her notes in
London.

Henry Babbage, his son, built part of the Analytical Engine after his death. Lovelace is remembered on Ada
Lovelace Day, every October.
"""
SOCIETY = """# The society

The Royal Society met in London every Thursday. Its fellows read the notes of Ada Lovelace aloud. In 1843 the RS
printed them. Many readers in Paris never saw them.
"""


@pytest.fixture(scope="module")
def engine_docs():
    return [parse_document("01-engine.md", ENGINE), parse_document("02-society.md", SOCIETY)]


def one_doc(text: str) -> list[Document]:
    return [Document("t", "T", text)]


def test_fixture_names_and_aliases(engine_docs):
    # "Dr." is dropped; "Lovelace" alone is Ada Lovelace; "Babbage" alone could be Charles or Henry, so neither;
    # "RS" is the Royal Society's initials; Paris (1 passage), June, October, Thursday, "Later", "Many" are no names.
    assert find_names(engine_docs) == (
        Entity("Ada Lovelace", ("Lovelace",)),
        Entity("Charles Babbage"),
        Entity("London"),
        Entity("Difference Engine"),
        Entity("Analytical Engine"),
        Entity("Royal Society", ("RS",)),
        Entity("Henry Babbage"),
        Entity("Ada Lovelace Day"),
    )


def test_fixture_says_why_each_name_was_kept(engine_docs):
    found = names_found(engine_docs)
    assert [n.why for n in found.names][:3] == [
        "2 capitalised words together, in 2 passages: engine-1, society-1; also written Lovelace",
        "2 capitalised words together, in 1 passage: engine-1",
        "capitalised, not only where a sentence starts, in 3 passages: engine-1, engine-2, society-1",
    ]
    assert found.ambiguous == (("Babbage", ("Charles Babbage", "Henry Babbage")),)
    assert json.loads(json.dumps(found.to_dict()))["ambiguous"] == [
        {"alias": "Babbage", "names": ["Charles Babbage", "Henry Babbage"]}
    ]


def test_found_names_build_the_entity_graph(engine_docs):
    graph = EntityGraph(chunk_documents(engine_docs), find_names(engine_docs))
    assert graph.mentions["society-1"] == ("Ada Lovelace", "London", "Royal Society")
    assert graph.linked_to("Royal Society") == ["Ada Lovelace", "Analytical Engine", "London"]


def test_a_capital_at_a_sentence_start_proves_nothing():
    # "Bikes" is capitalised in 2 passages, but only where a sentence starts; Millbay also mid-sentence, so its
    # sentence start counts too.
    docs = one_doc(
        "Bikes ride free on the ferry. Millbay has a pier. The ferry leaves Millbay at noon. "
        "Bikes are popular in Millbay."
    )
    assert [(n.name, n.passages) for n in names_found(docs, size=1).names] == [
        ("Millbay", ("t-s1-2", "t-s1-3", "t-s1-4"))
    ]


def test_a_word_before_a_known_name_is_cut_off_but_a_name_at_the_start_is_kept():
    # Mira Okafor is found mid-sentence, so "Yesterday" is cut off. Tomas Reyes is not: the rules cannot tell
    # "Lately" from a first name, as they cannot tell "Rose" (Tyler) from "Yesterday".
    docs = one_doc(
        "Yesterday Mira Okafor baked rye. The rye of Mira Okafor sold out. Lately Tomas Reyes guides "
        "tours. Fernport School teaches forty children."
    )
    assert [e.name for e in find_names(docs)] == ["Mira Okafor", "Lately Tomas Reyes", "Fernport School"]


def test_connectors_join_two_capitalised_words_but_never_end_a_name():
    docs = one_doc("She banked at the Bank of England. He sailed to the Isle of Man. They met Mira of the bakery.")
    assert [e.name for e in find_names(docs)] == ["Bank of England", "Isle of Man"]


def test_days_months_and_titles_are_not_names():
    docs = one_doc(
        "Mrs. Ida Lund sells fish every Saturday in May. The stall of Ida Lund shuts every Saturday in "
        "May. Ms Lund sails on Sundays in June. Dr Lund is her sister."
    )
    # Saturday and May are capitalised mid-sentence in 2 passages, and still no names; "Lund" after a title is
    # Ida Lund's alias.
    assert find_names(docs) == (Entity("Ida Lund", ("Lund",)),)


def test_a_word_also_written_in_lower_case_is_no_one_word_name_or_alias():
    # The graph finds names in any case: an alias "Rose" would find every rose, a name "Bath" every bath. (A name
    # of 2 words is kept: "Rose Tyler" is rarely written in lower case.)
    docs = one_doc("Rose Tyler met Mickey Smith in Bath. Rose laughed. A rose grew by the door in Bath. He ran a bath.")
    assert find_names(docs) == (Entity("Rose Tyler"), Entity("Mickey Smith"))


# Fernport: the 9 names of entities.toml against the names the rules find. A found name matches a hand-written one
# when they share a spelling (name or alias, in any case), so "Mira Okafor" matches whatever its aliases.
SPEC_LINKS = [
    ("Fernport Bakery", "Mira Okafor"),
    ("Mira Okafor", "Tomas Reyes"),
    ("Fernport Lighthouse", "Tomas Reyes"),
    ("Fernport Lighthouse", "Lantern Festival"),
]


def same_name(hand: Entity, found: Entity) -> bool:
    return bool({s.casefold() for s in hand.spellings} & {s.casefold() for s in found.spellings})


def by_hand(lab, found) -> dict[str, str]:
    """Each found name that matches a hand-written one -> that hand-written name."""
    return {f.name: h.name for h in lab.corpus.entities for f in found if same_name(h, f)}


def spec_links_found(lab, found) -> list[tuple[str, str]]:
    hand = by_hand(lab, found)
    linked = {frozenset((hand.get(link.a), hand.get(link.b))) for link in EntityGraph(lab.chunks(), found).links}
    return [pair for pair in SPEC_LINKS if frozenset(pair) in linked]


def test_fernport_names_by_rules_find_8_of_the_9_by_hand(lab):
    found = find_names(lab.corpus.documents)
    hand = by_hand(lab, found)
    assert len(lab.corpus.entities) == 9 and len(set(hand.values())) == 8
    # "Saturday market": a day is no name, and "market" is in lower case.
    assert [e.name for e in lab.corpus.entities if e.name not in hand.values()] == ["Saturday market"]
    assert [e.name for e in found if e.name not in hand] == ["Harbour Street", "Fernport"]
    assert next(e for e in found if e.name == "Mira Okafor").aliases == ("Mira",)


def test_fernport_links_by_rules_find_2_of_the_4(lab):
    # lighthouse-2 and festival-2 say "the lighthouse" and "the festival" in lower case: a rule that reads
    # capitals cannot know they are Fernport Lighthouse and the Lantern Festival.
    assert spec_links_found(lab, find_names(lab.corpus.documents)) == SPEC_LINKS[:2]


def test_a_visitors_edits_bring_back_the_missing_links(lab):
    edits = json.loads(
        json.dumps(
            {
                "added": [
                    {"name": "Fernport Lighthouse", "aliases": ["lighthouse"]},
                    {"name": "Lantern Festival", "aliases": ["festival"]},
                    {"name": "Saturday market", "aliases": []},
                ],
                "removed": ["Fernport"],
            }
        )
    )
    edited = apply_edits(find_names(lab.corpus.documents), edits)
    assert len(set(by_hand(lab, edited).values())) == 9
    assert spec_links_found(lab, edited) == SPEC_LINKS


def test_merging_makes_one_name_an_alias_of_another():
    found = (Entity("Ada Lovelace", ("Lovelace",)), Entity("Ada"), Entity("Countess of Lovelace"))
    merged = apply_edits(found, {"merged": [["Ada Lovelace", "Countess of Lovelace"], ["Ada Lovelace", "ada"]]})
    assert merged == (Entity("Ada Lovelace", ("Lovelace", "Countess of Lovelace", "Ada")),)


def test_edits_whose_names_are_gone_are_skipped():
    found = (Entity("Mira Okafor", ("Mira",)), Entity("Millbay"))
    edits = {"merged": [["Tomas Reyes", "Millbay"]], "removed": ["Ida Lund"]}
    assert apply_edits(found, edits) == found


def test_an_unknown_edit_is_an_error():
    with pytest.raises(ValueError, match="unknown edit 'renamed'"):
        apply_edits((), {"renamed": [["a", "b"]]})


# Names on real documents (issue 21 item 4): a title page, a list, the words a manual capitalises that are no names.
TITLE_PAGE = (
    "Fabio Fiorina\nSimon Josefsson\nNikos Mavrogiannopoulos\nwrote this manual of the library in Stockholm and in "
    "Paris, and Simon Josefsson keeps it."
)


def test_three_authors_one_a_line_are_three_names():
    # Before, the lines of this block ran into one sentence, and one name of 6 words.
    names = [e.name for e in find_names(one_doc(TITLE_PAGE))]
    assert names == ["Fabio Fiorina", "Simon Josefsson", "Nikos Mavrogiannopoulos"]


def test_three_authors_on_one_line_are_three_names_when_one_is_known():
    # A PDF's title page read as one line: Simon Josefsson, found on his own, cuts the run.
    text = "Fabio Fiorina Simon Josefsson Nikos Mavrogiannopoulos. The manual was kept by Simon Josefsson for years."
    assert [e.name for e in find_names(one_doc(text))] == [
        "Fabio Fiorina",
        "Simon Josefsson",
        "Nikos Mavrogiannopoulos",
    ]


def test_authors_in_a_list_are_names_each():
    # Commas and "and" separate names; so does "&" between two people, while "Chapman & Hall" stays one.
    text = (
        "It was written by Fabio Fiorina, Simon Josefsson and Nikos Mavrogiannopoulos, then by Thomas Williams & "
        "Colin Kelley, and printed by Chapman & Hall."
    )
    assert [e.name for e in find_names(one_doc(text))] == [
        "Fabio Fiorina",
        "Simon Josefsson",
        "Nikos Mavrogiannopoulos",
        "Thomas Williams",
        "Colin Kelley",
        "Chapman & Hall",
    ]


def test_section_words_company_suffixes_and_interjections_are_no_names_alone():
    # Each is capitalised mid-sentence in 2 passages, which made each a name before.
    docs = one_doc(
        "The code is read as in Chapter 2 of the Free Software Foundation, Inc. manual, and they said OK to it. "
        "The tables are read as in Chapter 3 of the manual of Acme, Inc. and they said OK to that."
    )
    assert [e.name for e in find_names(docs, size=1)] == ["Free Software Foundation"]


def test_capitalised_common_words_where_a_sentence_starts_are_no_name():
    # "Naming Consider" is a heading run into its sentence; both words are written in lower case elsewhere.
    docs = one_doc("Naming Consider the names. We consider naming hard. Initials like W. N. Venables stay.")
    assert [e.name for e in find_names(docs)] == ["W. N. Venables"]


def test_a_phrase_also_written_in_lower_case_is_no_name():
    # The graph finds a name in any case: "Format String" would find every "format string".
    docs = one_doc(
        "Read the Format String section. A format string says what to print. Ask the Free Software Foundation."
    )
    assert [e.name for e in find_names(docs)] == ["Free Software Foundation"]


def test_a_question_with_no_known_name_follows_no_links_and_draws_no_graph(tmp_path):
    # 14 people, each in a passage with the next: a graph too big to draw whole. Before, a question with no name
    # drew its most linked names and listed its links.
    from raglab import Lab
    from raglab.documents.collect_files import read_folder
    from raglab.graph.names_by_rules import NamesByRules
    from raglab.techniques import run
    from raglab.ui.result_html import _graph

    firsts = "Ada Bo Cy Di Ed Flo Gus Hal Ivo Jo Kit Lou Max Ned".split()
    lasts = "Amsel Brand Corwin Dahl Ebner Falk Gantz Hoyle Imre Jurek Kettle Lorne Mauch Nyberg".split()
    people = [f"{first} {last}" for first, last in zip(firsts, lasts, strict=True)]
    text = " ".join(f"{a} rowed with {b} to the island." for a, b in zip(people, people[1:], strict=False))
    (tmp_path / "boats.txt").write_text(text)
    lab = Lab(read_folder(tmp_path, find_names=NamesByRules)[0])
    assert [e.name for e in lab.graph.entities] == people and len(lab.graph.links) == 19
    r = run(lab, "graph", "Who rowed to the island?")
    assert r.steps[0] == (
        "No name from the name list is in your question, so no links are followed: this is plain search "
        "(the list has 14 names)."
    )
    assert _graph(r) == ""
    assert "Ada Amsel" in _graph(run(lab, "graph", "Who rowed with Ada Amsel?"))


# How the text uses capitalised words can say they are no name (raglab/graph/common_nouns.py): each example below
# found the name it no longer finds.
def test_a_word_after_a_counting_word_that_ends_its_phrase_is_a_common_noun():
    # "a Quorum," counts quorums; "a Sedna mirror" uses Sedna to modify "mirror", so Sedna stays a name.
    docs = one_doc(
        "Each vote needs a Quorum, as the rules say. The Quorum met at noon. Use a Sedna mirror. Sedna is fast."
    )
    assert [e.name for e in find_names(docs, size=1)] == ["Sedna"]


def test_a_name_the_text_also_writes_in_the_plural_is_a_common_noun():
    docs = one_doc(
        "Print the Back-Cover Text on the back. The Back-Cover Text is short. We fit two Back-Cover Texts there. "
        "Keep all Back-Cover Texts short. "
        "Store it in the DBMS. Some DBMSs are slow. Other DBMSs are fast. Ask the Free Software Foundation."
    )
    assert [e.name for e in find_names(docs, size=1)] == ["Free Software Foundation"]


def test_an_abbreviation_spelled_out_in_lower_case_is_a_common_term():
    # The weighted sum of squared residuals (WSSR) is a term; the Comprehensive R Archive Network (CRAN) a name.
    docs = one_doc(
        "The fit lowers the weighted sum of squared residuals (WSSR). The WSSR falls. The Comprehensive R Archive "
        "Network (CRAN) keeps packages. Ask CRAN for them."
    )
    assert [e.name for e in find_names(docs, size=1)] == ["Comprehensive R Archive Network", "CRAN"]


def test_a_section_s_title_is_no_name():
    docs = one_doc(
        "See the Continuous Integration section below. Patches go in (see Change Log in The Emacs Manual) as told."
    )
    assert [e.name for e in find_names(docs, size=1)] == ["Emacs Manual"]


def test_words_in_code_and_drawn_tables_are_no_names():
    # An identifier next to an operator, or called; a table's headings over a rule of hyphens. Oslo is in prose.
    docs = one_doc(
        "MC <- function(f) f.\n\nx(San~Diego, Oslo) <= 600.\n\nl ~ LOC, quantity[l] ~ QUAN;\n\nCall MC() in Oslo.\n\n"
        "Row St Activity Marginal ------ ----.\n\nWe row to Oslo."
    )
    assert [e.name for e in find_names(docs, size=1)] == ["Oslo"]


def test_a_compound_with_a_lower_case_head_and_a_letter_with_an_index_are_no_names():
    docs = one_doc(
        "Draw an LR-box round V1. The LR-box holds V1 and M_1, with M_1 in CPU-seconds. "
        "We ask Kolmogorov-Smirnov. Then we ask Kolmogorov-Smirnov again."
    )
    assert [e.name for e in find_names(docs, size=1)] == ["Kolmogorov-Smirnov"]


def test_a_letter_and_a_full_stop_before_a_common_word_ends_a_sentence():
    # "R. See" was one name; "John M. Chambers" keeps its initial, "Brian D. Hand" too (after a first name).
    docs = one_doc("This extends R. See the notes by John M. Chambers and Brian D. Hand. We see how to hand it over.")
    assert [e.name for e in find_names(docs, size=1)] == ["John M. Chambers", "Brian D. Hand"]


def test_tex_closing_quotes_are_not_part_of_a_name():
    docs = one_doc("The section is entitled ``GNU Free Documentation License''. Read it.")
    assert [e.name for e in find_names(docs, size=1)] == ["GNU Free Documentation License"]


def test_where_rules_find_no_link_the_graph_section_says_so_and_offers_the_editor(tmp_path):
    # A course author's three short notes: each name stands in its own note, so no passage mentions two.
    from raglab import Lab
    from raglab.documents.collect_files import read_folder
    from raglab.graph.names_by_rules import NamesByRules
    from raglab.techniques import run
    from raglab.ui.names_html import no_link_note

    (tmp_path / "welcome.md").write_text("# Welcome\n\nThe course is taught by Ana Silva. Write to her.\n")
    (tmp_path / "averages.md").write_text("# Averages\n\nThe mean comes from data of Lisbon.\n")
    (tmp_path / "plots.md").write_text("# Plots\n\nWe plot the means of Lisbon.\n")
    lab = Lab(read_folder(tmp_path, find_names=NamesByRules)[0])
    assert [e.name for e in lab.graph.entities] == ["Lisbon", "Ana Silva"] and lab.graph.links == ()
    note = no_link_note(run(lab, "graph", "Who is Ana Silva?").details)
    assert note.startswith(
        '<p class="names-note">The rules found 2 names in your documents and no passage mentions two of them, so '
        "the graph has no links to follow."
    )
    assert note.endswith('<button type="button" class="open-names">Edit the names</button></p>')
    # Once a passage mentions two names, a question naming one follows its link, and there is nothing to say.
    (tmp_path / "plots.md").write_text("# Plots\n\nWe and Ana Silva plot the means of Lisbon.\n")
    linked = Lab(read_folder(tmp_path, find_names=NamesByRules)[0])
    assert no_link_note(run(linked, "graph", "Who is Ana Silva?").details) == ""
    assert no_link_note(run(linked, "graph", "What is a mean?").details) == (
        '<p class="names-note">Your question holds none of the 2 names the rules found in your documents. Add or '
        "merge names (an alias joins two spellings) in the names list, and Graph RAG follows the links they make. "
        '<button type="button" class="open-names">Edit the names</button></p>'
    )
    # The page draws it under a graph result's summary on a visitor's lab only (names found by rules there).
    from raglab.ui import render_result

    result = run(linked, "graph", "What is a mean?")
    assert no_link_note(result.details) in render_result(result, names_by_rules=True)
    assert "names-note" not in render_result(result)
    assert "names-note" not in render_result(run(linked, "plain", "What is a mean?"), names_by_rules=True)
