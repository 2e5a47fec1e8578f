"""The documents layer: every file kind read to text with its headings, cut into sentences and passages inside
sections, and kept as a corpus or as the visitor's collection."""
