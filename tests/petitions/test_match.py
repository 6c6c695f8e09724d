"""Which streets can name the voter on file: a misspelt name may, another street may not."""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import duckdb
import pytest

from nyballot.petitions.match import Match, Query, find
from nyballot.voters.layout import FIELDS_47
from nyballot.voters.store import connect, import_file

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    ("address", "found"),
    [
        ("40 Grand St", True),  # as on file: RUIZ ANA, 40 GRAND ST
        ("40 Grnd St", True),  # a letter left out: the same street, misspelt
        ("40 Brand St", False),  # another first letter: another street
        ("40 Grand Ave", False),  # Grand Ave is not Grand St
    ],
)
def test_a_named_street_may_be_misspelt_but_not_another_street(
    con: duckdb.DuckDBPyConnection, address: str, found: bool
) -> None:
    (match,) = find(con, [Query("Ana Ruiz", address)])
    assert (match is not None) == found
    if match is not None:
        assert match.voter["SBOEID"] == "NY000000000000000001"


@pytest.fixture(scope="module")
def numbered(tmp_path_factory: pytest.TempPathFactory) -> duckdb.DuckDBPyConnection:
    """Voter 1 of the golden file moved to 1655 121 ST."""
    first = (DATA / "voters.txt").read_bytes().splitlines()[0]
    moved = first.replace(b'"40"', b'"1655"', 1).replace(b'"GRAND ST"', b'"121 ST"', 1)
    folder = tmp_path_factory.mktemp("numbered")
    (folder / "voters.txt").write_bytes(moved + b"\r\n")
    import_file(folder / "voters.txt", str(folder / "v.duckdb"), date=dt.date(2026, 1, 5))
    return connect(folder / "v.duckdb", read_only=True)


def test_a_voter_the_file_lists_twice_is_one_voter(tmp_path: Path) -> None:
    # Voter 1 of the golden file (RUIZ ANA, 40 GRAND ST) given twice, the second record with
    # another date of registration: one voter, no rival, read from the first row of the two.
    first = (DATA / "voters.txt").read_bytes().splitlines()[0]
    fields = first.split(b",")
    again = b",".join(f if i != FIELDS_47.index("REGDATE") else b'"19990101"'
                      for i, f in enumerate(fields))  # fmt: skip
    (tmp_path / "voters.txt").write_bytes(first + b"\r\n" + again + b"\r\n")
    import_file(tmp_path / "voters.txt", str(tmp_path / "v.duckdb"), date=dt.date(2026, 1, 5))
    twice = connect(tmp_path / "v.duckdb", read_only=True)
    try:
        row_ids = twice.execute("SELECT rowid, REGDATE FROM voters ORDER BY rowid").fetchall()
        (match,) = find(twice, [Query("Ana Ruiz", "40 Grand St")])
    finally:
        twice.close()
    assert len(row_ids) == 2
    assert match is not None and not match.rivals
    assert match.voter["REGDATE"] == row_ids[0][1]


@pytest.mark.parametrize(
    ("address", "found"),
    [
        ("1655 121st Street", True),  # the file's 121 ST, written out
        ("1655 122nd St", False),  # one digit off: 122nd St is another street, not a slip
        ("1655 12th St", False),
    ],
)
def test_a_numbered_street_must_have_the_files_number(
    numbered: duckdb.DuckDBPyConnection, address: str, found: bool
) -> None:
    (match,) = find(numbered, [Query("Ana Ruiz", address)])
    assert (match is not None) == found


def test_the_rows_fetched_by_row_id_are_those_the_join_on_every_key_finds(
    con: duckdb.DuckDBPyConnection,
) -> None:
    # A DuckDB file reads the shown fields by row id after the joins; a PostgreSQL store (no
    # row ids through the attach) joins them on every key. Both must give the same voters,
    # field for field: here every line of the golden lines file, its witnesses included.
    import csv as csv_module

    from nyballot.petitions import match
    from nyballot.petitions.parse import parse_address, parse_name

    with (Path(__file__).parent / "data" / "lines.csv").open(encoding="utf-8") as f:
        rows = list(csv_module.DictReader(f))
    texts = [(r["name"], r["address"]) for r in rows]
    texts += [(r["witness_name"], r["witness_address"]) for r in rows if r.get("witness_name")]
    parsed = [(parse_name(n), parse_address(a)) for n, a in texts]
    assert match._has_row_ids(con)
    by_row = match.candidates(con, parsed)
    with tempfile.TemporaryDirectory() as folder:
        path = match.query_file(parsed, Path(folder))
        by_keys = dict(
            match._Rows(con, con.execute(match._BY_KEYS, [str(path)]), False, False).grouped()
        )

    def ordered(found: dict[int, list[dict[str, object]]]) -> dict[int, list[str]]:
        return {q: sorted(repr(sorted(r.items())) for r in rs) for q, rs in found.items()}

    assert by_row and ordered(by_row) == ordered(by_keys)


# One household at 12 Elm St: the voters a line of one of them is blocked with.
_HOUSEHOLD = ["JOHN", "ROBERT", "MARY", "WILHELMINA", "JOANNE"]


@pytest.fixture(scope="module")
def household(tmp_path_factory: pytest.TempPathFactory) -> duckdb.DuckDBPyConnection:
    from .voterfile import store

    folder = tmp_path_factory.mktemp("household")
    voters = [
        {"LASTNAME": "SMITH", "FIRSTNAME": f, "RADDNUMBER": "12", "RSTREETNAME": "ELM ST"}
        for f in _HOUSEHOLD
    ]
    return connect(store(folder, voters), read_only=True)


def test_the_first_name_test_in_sql_cuts_only_voters_no_score_could_take(
    household: duckdb.DuckDBPyConnection, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The candidate query keeps only the voters whose first name ``first_name`` could take
    # (the name, its initial, a close spelling, a nickname); the same query without that test
    # must give no other voter that the scoring would take, and must give more voters.
    from nyballot.petitions import match
    from nyballot.petitions.parse import parse_address, parse_name

    written = ["Bob Smith", "Jon Smith", "J Smith", "Mary Smith", "Billie Smith", "Zed Smith",
               "Smith", "Joanne Smyth", "Rbert Smith"]  # fmt: skip
    parsed = [(parse_name(n), parse_address("12 Elm St")) for n in written]
    kept = match.candidates(household, parsed)
    monkeypatch.setattr(match, "_BY_ROW", match._BY_ROW.replace(match._FIRST_CLOSE, "TRUE"))
    every = match.candidates(household, parsed)

    def first_names(found: dict[int, list[dict[str, object]]], n: int) -> set[object]:
        return {v["first_n"] for v in found.get(n, [])}

    for n, (name, address) in enumerate(parsed):
        taken = {v["first_n"] for v in every.get(n, []) if match._scored(name, address, v)}
        assert taken <= first_names(kept, n) <= first_names(every, n)
    # Bob is Robert's nickname (the nicknames table), Jon a spelling of John, J John's or
    # Joanne's initial; Zed is no one's name; "Smith" alone has no first name.
    assert first_names(kept, 0) == {"ROBERT"}
    assert first_names(kept, 1) == {"JOHN", "JOANNE"}  # Jaro-Winkler 0.93 and 0.87
    assert first_names(kept, 2) == {"JOHN", "JOANNE"}
    assert first_names(kept, 5) == set() and first_names(every, 5) == set(_HOUSEHOLD)
    assert sum(map(len, kept.values())) < sum(map(len, every.values()))


def test_the_first_name_gate_s_spelling_test_is_the_scoring_s(
    memory: duckdb.DuckDBPyConnection,
) -> None:
    # DuckDB's Jaro-Winkler and rapidfuzz's agree (the gate sits 0.01 under the score's
    # 0.80 for rounding alone): the pairs of the household test and some harder ones.
    from rapidfuzz.distance import JaroWinkler

    pairs = [(a, b) for a in [*_HOUSEHOLD, "JON", "BOB", "RBERT", "J", ""]
             for b in [*_HOUSEHOLD, "JONATHAN", "ROBERTA", "MARYANN", "WILLIAM"]]  # fmt: skip
    rows = memory.execute(
        "SELECT a, b, jaro_winkler_similarity(a, b) FROM (SELECT unnest(?) AS a, unnest(?) AS b)",
        [[a for a, _ in pairs], [b for _, b in pairs]],
    ).fetchall()
    for a, b, in_sql in rows:
        assert abs(in_sql - JaroWinkler.normalized_similarity(a, b)) < 1e-9, (a, b)


def _lines_queries() -> list[Query]:
    import csv as csv_module

    with (DATA / "lines.csv").open(encoding="utf-8") as f:
        return [Query(r["name"], r["address"]) for r in csv_module.DictReader(f)]


def _said(found: list[Match | None]) -> list[object]:
    return [None if m is None else (m.voter["SBOEID"], m.score, len(m.rivals)) for m in found]


def test_batches_looked_up_ahead_are_ruled_as_each_alone(con: duckdb.DuckDBPyConnection) -> None:
    # The next batch is looked up on a connection of its own while this one is scored: each
    # batch's matches must be those of the batch looked up alone, in the batches' order.
    from nyballot.petitions.match import find_each

    queries = _lines_queries()
    batches = [queries[i : i + 3] for i in range(0, len(queries), 3)]
    assert len(batches) > 2
    ahead = [_said(found) for found in find_each(con, iter(batches))]
    assert ahead == [_said(find(con, batch)) for batch in batches]
    assert any(m is not None for batch in ahead for m in batch)


def test_a_reader_that_stops_early_leaves_no_lookup_running(
    con: duckdb.DuckDBPyConnection,
) -> None:
    import threading

    from nyballot.petitions.match import find_each

    queries = _lines_queries()
    found = find_each(con, [queries[:2], queries[2:4], queries[4:6]])
    next(found)  # the second batch is being looked up ahead
    found.close()
    assert not [t for t in threading.enumerate() if t.name.startswith("nyballot-lookup")]
    assert find(con, queries[:2])  # the store still answers


def test_a_batch_s_matches_are_given_in_its_order_each_held_until_its_last_query() -> None:
    # Queries 0 1 0 2 1 3 name four distinct lines; only lines 1 and 3 had candidates. Each
    # position gets its line's match (0 and 2 none), the repeated 1 the same match twice.
    from nyballot.petitions.match import in_order

    b, d = Match({"SBOEID": "B"}, 1.0), Match({"SBOEID": "D"}, 0.9)
    given = list(in_order([0, 1, 0, 2, 1, 3], iter([(1, b), (3, d)])))
    assert given == [None, b, None, None, b, d]
    assert given[1] is given[4]
