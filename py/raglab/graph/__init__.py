"""The graph layer: the names found in the documents and the links between them that Graph RAG follows."""
