"""The law as data: versions, overlays (bills, chapter laws) and the words they quote."""
