"""The voter file: its layout, the store it is imported into, synthetic samples.

layout   the NYSVoter extract's fields (47, or 45 before December 2021)
scan     a first pass over a file: size, NUL bytes, line length, layout
normal   names and addresses folded to match keys, the same in Python and SQL
store    the DuckDB store: atomic import, the file's date, what it holds
where    which store: --db, $NYBALLOT_VOTERS_DB or the working directory's file
pg       the same store on a PostgreSQL server, attached through DuckDB
sample   a synthetic file in the real layout, deterministic from a seed
"""
