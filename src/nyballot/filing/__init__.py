"""The filing desk of a board of elections: papers stamped, judged, booked and clocked.

model        boards, kinds of paper, methods, verdicts
timeliness   § 1-106: was a paper filed in time? (pure)
clocks       § 6-154, § 6-134(2), § 16-102(2), § 6-144: what each filing sets running (pure)
submission   a paper as presented, checked and made into a Paper (no database)
records      stored filings as the CLI and API return them; an entry replayed (pure)
store        append-only storage (SQLAlchemy; SQLite by default, PostgreSQL by URL)
desk         the clerk's operations on top of the store: transactions and queries
book         the public book of § 6-144 (rows, CSV, printable HTML)
chain        the hash chain of each board's records and of the access log (pure)
keys         the board's signing key (Ed25519), kept outside the database
integrity    is there a book at a path, and does its database say it is sound
reading      the desk's reads a page at a time, from indexed queries
kept_clocks  the clocks kept in a table of their own, rewritten a family at a time
check        would a paper be on time? the desk's judgment, nothing recorded
"""
