"""A zip of many small files (issue 24): each member is bounded (25 MB, and 100 to 1 past 100 KB), but not all of
them together, so 30,000 files of 100 KB packed 1,000 to 1 would unzip to 3 GB from a 3 MB zip. ``zip_guards.unzip``
keeps a running total of the bytes it unzips from one zip and names the zip and the bound (MAX_ZIP_UNZIPPED, 240 MB)
before the member that would pass it; the files read before it are kept. The bound is lowered here, so the test
unzips 1 MB, not 240."""

from __future__ import annotations

from tests.fixtures import make_zip

from raglab.documents import limits
from raglab.documents.zip_guards import open_zip, unzip
from raglab.documents.zip_import import from_zip

# 30 files of 100 KB (under ZIP_RATIO_FROM, so any ratio), each its own text, packed about 200 to 1.
FILES = {f"boat{n:02}.txt": f"Boat {n:02} sails at {n % 24:02}. ".encode() * 4_700 for n in range(30)}


def test_a_zip_of_many_small_files_stops_at_the_bound_in_all_and_names_the_zip(monkeypatch):
    monkeypatch.setattr(limits, "MAX_ZIP_UNZIPPED", 1_000_000)
    data = make_zip(FILES)
    assert len(data) < 30_000 and sum(map(len, FILES.values())) > 2_500_000
    imported = from_zip(data, "boats.zip")
    fit = 1_000_000 // len(FILES["boat10.txt"])  # the files that fit in the bound: boat00 to boat09 (98.7 KB each)
    assert [d.title for d in imported.documents] == list(FILES)[:fit]
    assert [str(e) for e in imported.skipped] == [
        "boats.zip unzips to more than 1 MB in all; the lab unzips up to 1 MB from one zip, so the files after that "
        "were not read."
    ]


def test_the_bytes_counted_are_those_unzipped_not_what_the_directory_says():
    """A member that says 20 bytes stops at 20 (``unzip``'s size), and 20 are counted."""
    from tests.fixtures import zip_with

    archive = open_zip("boats.zip", zip_with(make_zip({"a.txt": b"Boats sail at eight."}), "a.txt", size=20))
    assert unzip(archive, archive.infolist()[0]) == b"Boats sail at eight." and archive.unzipped == 20
