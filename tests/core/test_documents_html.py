"""The "Your documents" section's HTML: what was read, what is kept, and which techniques wait for vectors."""

from raglab.documents.pdf_reader import read_pdf_pages
from raglab.documents.read_errors import read_error
from raglab.documents.readers import read_file
from raglab.techniques import TECHNIQUES
from raglab.ui.documents_html import LIST_ROWS, needs_vectors, render_kept, render_read, render_section

HOSTILE = '<img src=x onerror="alert(1)">.txt'


def test_what_was_read_is_counted_and_shown_as_text():
    doc = read_file(HOSTILE, b"<script>alert(2)</script> The reef is calm. Tides run twice a day.")
    pdf = read_pdf_pages("report.pdf", ["Page one text.", "Page two text.", "Page three text."])
    html = render_read([doc, pdf, read_error("empty.txt", "empty")])
    assert "<img" not in html and "<script>" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;.txt" in html
    assert "alert(2)" not in html  # a text goes into the page as text when its fold is opened, never as HTML
    assert "Read 3 files: 2 documents, 19 words, 3 passages. 1 gave nothing to search (below)." in html
    assert "3 pages · 9 words · 2 passages" in html
    assert '<li class="read-problem" data-kind="empty">empty.txt is empty.</li>' in html
    assert "Keep and search 2 documents" in html


def test_the_kept_list_says_the_space_and_how_long_the_browser_keeps_it():
    doc = read_file("notes.txt", b"The reef is calm.")
    assert "taking 2.5 MB (the browser has agreed to keep them until you remove them)" in render_kept(
        [doc], 2_500_000, True
    )
    assert "the browser may clear them if it runs short of space" in render_kept([doc], 900, False)
    assert 'data-slug="notes"' in render_kept([doc], 900, None)
    assert "No documents of yours" in render_kept([], 0, None)


def test_only_meaning_techniques_wait_for_vectors():
    waiting = {key for key, t in TECHNIQUES.items() if needs_vectors(t)}
    assert waiting == {"multi_query", "hyde", "hybrid"}


def test_the_section_states_its_limits():
    html = render_section(10)
    assert "up to 25 MB each" in html and "Fernport (10 documents)" in html


def test_a_long_list_draws_its_first_rows_and_offers_the_rest():
    docs = [read_file(f"d{i}.txt", f"Abstract {i} is about reef number {i}.".encode()) for i in range(LIST_ROWS + 5)]
    kept = render_kept(docs, 9000, None)
    assert kept.count('<li class="kept-doc"') == LIST_ROWS
    assert f"Showing the first {LIST_ROWS} of {LIST_ROWS + 5} documents." in kept
    assert 'data-list="kept">Show all 105</button>' in kept
    assert f"{LIST_ROWS + 5} documents kept in this browser" in kept
    everything = render_kept(docs, 9000, None, rows=None)
    assert everything.count('<li class="kept-doc"') == LIST_ROWS + 5 and "Show all" not in everything
    read = render_read(docs)
    assert read.count('<li class="read-doc"') == LIST_ROWS and f"Keep and search {LIST_ROWS + 5} documents" in read
    assert 'data-doc="99"' in read and 'data-doc="100"' not in read
