"""The page keeps a visitor's meaning vectors under the model's name and its weights: a passage whose vector was made
by other weights (or by a page whose keys named none) is embedded again and its old vector forgotten, never
compared with vectors of the weights in use (web/my_vectors.py asks raglab.search.vector_table)."""

from raglab.search.vector_table import kept_vector_key, kept_vectors_prefix, made_by_other_weights

PASSAGES = ["Boats sail at dawn.", "The lighthouse keeper bakes bread.", "Gulls fly over the harbour."]


def test_the_same_passage_has_another_key_under_other_weights():
    fp16, q8 = kept_vectors_prefix("all-MiniLM-L6-v2", "fp16"), kept_vectors_prefix("all-MiniLM-L6-v2", "q8")
    for text in PASSAGES:
        assert kept_vector_key(fp16, text) != kept_vector_key(q8, text)
        assert kept_vector_key(q8, text) == kept_vector_key(q8, text)


def test_vectors_of_other_weights_are_remade_and_forgotten_not_read():
    model = "all-MiniLM-L6-v2"
    fp16, q8 = kept_vectors_prefix(model, "fp16"), kept_vectors_prefix(model, "q8")
    older = f"vec:{model}:"  # before the keys named the weights (those were fp16)
    kept = [kept_vector_key(fp16, PASSAGES[0]), kept_vector_key(older, PASSAGES[1]), kept_vector_key(q8, PASSAGES[2])]
    kept += ["doc:notes", "meta"]
    wanted = {kept_vector_key(q8, text): text for text in PASSAGES}  # what the page looks its vectors up by

    read_back = [wanted[k] for k in kept if k in wanted]
    still_to_make = [text for key, text in wanted.items() if key not in kept]
    assert read_back == [PASSAGES[2]]
    assert still_to_make == PASSAGES[:2]
    assert made_by_other_weights(kept, q8) == kept[:2]  # forgotten; the documents' own records stay
    assert made_by_other_weights(kept, fp16) == kept[1:3]
