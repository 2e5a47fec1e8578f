"""Issue 36: the source view of a PDF page of 300,000 text items (one task of 32 s before) marks the passage by
comparing only a window of the page around it, with the same marks the whole page gives."""

from raglab.documents.source_map import WINDOWED_PAGE_CHARS, _marks, passage_marks

WORDS = "the ferry leaves at eight a ticket costs six coins boats sail at dawn from the quay".split()


def page_of(n: int) -> list[str]:
    """n items, each a line of a few words with its number, as pdf.js gives a dense page's lines."""
    return [f"{WORDS[i % len(WORDS)]} {WORDS[(i * 7) % len(WORDS)]} line {i}." for i in range(n)]


def test_a_long_page_is_marked_as_the_whole_page_would_be():
    items = page_of(2_000)
    assert sum(map(len, items)) > WINDOWED_PAGE_CHARS  # the window is used
    for start, count in ((0, 5), (700, 30), (1_990, 10)):
        passage = " ".join(items[start : start + count])
        assert passage_marks(items, passage) == _marks(items, passage)  # the whole page compared: the reference
        assert [i for i, _, _ in passage_marks(items, passage)] == list(range(start, start + count))


def test_a_passage_running_on_to_the_next_page_marks_its_start_here():
    items = page_of(2_000)
    passage = " ".join(items[-3:]) + " and the words of the next page, which this one does not hold at all"
    assert [i for i, _, _ in passage_marks(items, passage)] == [1_997, 1_998, 1_999]


def test_three_hundred_thousand_items_and_a_passage_not_there():
    items = page_of(300_000)
    assert passage_marks(items, "Quillfish swim past the reef in spring.") == []
    marks = passage_marks(items, " ".join(items[150_000:150_040]))
    assert [i for i, _, _ in marks] == list(range(150_000, 150_040))
