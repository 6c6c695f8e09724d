"""Bills the user brings: an overlay file read from a path (``own``), and the reader that
drafts one from a bill's printed text (``reader``)."""
