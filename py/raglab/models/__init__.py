"""The models layer: the embedding model under CPython, and what the lab asks a language model to write and reads
back from it."""
