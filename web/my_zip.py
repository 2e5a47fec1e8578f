"""A zip of documents brought to "Your documents": one the lab wrote (its documents, word list and cut), or any zip
of files, read a member at a time (raglab.documents.zip_import.zip_steps) while the page answers; its PDFs and Word
files are read by the page's own readers, as the same files dropped one by one are (my_files.Reading.read_one)."""

from types import SimpleNamespace

import drawing
from js import Blob, Uint8Array
from pyodide.ffi import to_js

from raglab.documents.chunking import cut_sentences_steps, default_size
from raglab.documents.corpus import CorpusError, Document
from raglab.documents.kinds import named_kind
from raglab.documents.zip_import import add_read, zip_steps
from raglab.documents.zip_rows import in_zip_order

PAGE_READS = ("pdf", "docx")  # a zip's members of these kinds are read as dropped files are (pypdf is not loaded)


async def import_zip(reading, file) -> None:
    """A zip of documents (one the lab wrote, or any zip of files), read a member at a time (``zip_steps``):
    the page answers and shows which member is being read in between, and Cancel stops it (nothing imported)."""
    if reading.busy:
        reading.page.say("yours", "Still reading the last files: wait for them, or cancel.")
        return
    reading.busy, reading.cancel = True, False
    data = Uint8Array.new(await file.arrayBuffer()).to_bytes()
    reading.unzipping(file.name)
    pace = drawing.Pace()
    try:
        steps = zip_steps(data, file.name, leave=lambda n: named_kind(n) in PAGE_READS)
        imported = await pace.run(
            steps, lambda member: reading.unzipping(f"{file.name}: {member}"), lambda: reading.cancel
        )
        read, pdfs = [], {}
        for n, raw in imported.unread if imported else ():  # as if dropped one by one: pdf.js, mammoth
            reading.unzipping(f"{file.name}: {n}")
            member = Uint8Array.new(len(raw))
            member.assign(raw)
            # source view: a PDF's bytes, copied first (pdf.js takes the array's own); read_one decides its kind
            # from its bytes, and a ".pdf" that is not a PDF is a ReadError, so its copy is never kept
            kept = Blob.new(to_js([member])) if named_kind(n) == "pdf" else None
            item = await reading.read_one(SimpleNamespace(name=n, size=len(raw)), member, pace)
            if item is None or reading.cancel:
                imported = None
                break
            if isinstance(item, Document) and kept is not None:
                pdfs[id(item)] = (item, kept)
            read.append(item)
        if imported is not None:
            add_read(imported, read, file.name)  # in the zip's order, as dropped files are
    except CorpusError as error:
        reading.page.say("yours", str(error))
        return
    finally:
        reading.busy = False
        reading.progress(None)
    if imported is None:
        reading.page.say("yours", f"Reading {file.name} was cancelled: nothing from it was added.")
        return
    for doc in imported.documents:  # cut as files read are, in steps
        await pace.run(cut_sentences_steps(doc))
    # A zip's stated cut (its passages.toml, or a corpus folder's 2 sentences) is kept; a zip of files without
    # one leaves the visitor's choice standing.
    reading.clear()
    reading.items, reading.pdfs = in_zip_order(imported), pdfs
    reading.words = imported.related_words
    reading.passages = imported.passage_size if imported.passage_size != default_size(corpus_folder=False) else None
    reading.show()
