"""The models layer: the embedding model under CPython, what the lab asks a language model to write and reads
back from it, and which device the page's embedding model keeps, from what its worker measured."""
