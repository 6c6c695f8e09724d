"""Paper petitions: the sheet printed from the year's law, a scanned volume read back, keying.

Printing a sheet and reading a scan are petition work below the shells (cli, api, web) and
above ``voters`` and ``law``; nothing here imports the web. ``model`` holds the values the
printer, the scanner and the keying store pass to one another.
"""
