"""The search layer: keyword and BM25 scores, vectors and their cosine ranking, rank fusion and query rewriting,
one function per formula, each with a worked example."""
