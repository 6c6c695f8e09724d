"""Keying a scanned volume: every line's crop kept with its petition, volume, sheet and line,
claimed by one clerk at a time, keyed beside its image, and written out as the lines file the
petition's review reads.

``store`` keeps volumes and lines in the desk's database and claims and keys them; ``lines``
writes the keyed lines as a lines file; ``lookup`` gives the voters a line could be, as the
clerk types, from the matcher the review uses; ``scanner`` is the scanner the desk calls.

A machine never keys a line: what a scan read is shown as a suggestion the clerk confirms or
changes, and only what the clerk confirmed reaches a review.
"""
