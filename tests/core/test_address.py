"""The address: questions in the fragment (never sent to the host), older links moved there, any address read to a
bound before anything else."""

from raglab.page.address import MAX_ADDRESS_PAIRS, moved, read, written
from raglab.techniques import TECHNIQUES

KEYS = list(TECHNIQUES)


def test_fifty_thousand_unknown_keys_are_read_to_the_bound_and_named_in_a_short_list():
    """Intent: the issue's 539 KB address of 50,000 unknown q.* keys read no further than the bound; the page's
    sentence lists a few of them, not all."""
    fragment = "#" + "&".join(f"q.x{i}=1" for i in range(50_000)) + "&q.plain=ferry"
    asked = read("", fragment, KEYS)
    assert asked.sections == {}  # q.plain came after the bound: not read
    assert asked.unknown == [f"x{i}" for i in range(10)]
    assert len(read("?" + fragment[1:], "", KEYS).unknown) == 10  # an older link, in the query: the same bound
    assert len(moved("?" + "&".join(f"q.x{i}=1" for i in range(MAX_ADDRESS_PAIRS + 5)), "", KEYS) or "") < 100


def test_a_question_is_written_in_the_fragment_and_nothing_of_it_in_the_query():
    address = written("?corpus=yours&q.plain=old", "", "yours", {"plain": (("q", "ferry fare"),)}, KEYS, "plain")
    query, _, fragment = address.url.partition("#")
    assert query == "?corpus=yours"
    assert fragment == "plain&q.plain=ferry+fare"
    assert read(query, "#" + fragment, KEYS).sections == {"plain": (("q", "ferry fare"),)}


def test_an_older_link_opens_and_is_moved_to_the_fragment():
    old = "?utm=course&q.plain=ferry&hy.hyde=A+fish+seller.&q.hyde=Who+is+Ida%3F"
    asked = read(old, "#hyde", KEYS)
    assert asked.sections == {"plain": (("q", "ferry"),), "hyde": (("q", "Who is Ida?"), ("hy", "A fish seller."))}
    url = moved(old, "#hyde", KEYS)
    assert url == "?utm=course#hyde&q.plain=ferry&q.hyde=Who+is+Ida%3F&hy.hyde=A+fish+seller."
    query, _, fragment = url.partition("#")
    assert read(query, fragment, KEYS) == asked
    assert moved(query, fragment, KEYS) is None  # moved once: nothing left in the query


def test_a_place_in_the_page_is_the_focus_and_asks_nothing():
    asked = read("", "#graph", KEYS)
    assert (asked.focus, asked.sections) == ("graph", {})
