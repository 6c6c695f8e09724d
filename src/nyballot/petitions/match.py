"""Finding the voter a signature line names: DuckDB blocks, rapidfuzz scores.

Blocking keeps the pairs to score few without cutting any voter who could be the signer: a line
is compared with the voters at its house number who either live on a street with the same key,
or share the surname and the first name's initial and live on a street that could be the
line's; and with the voters on a street of the same key whose house number is the line's with
one digit misread or two transposed, and whose surname and first name have the line's first
letters (a misread number and a misspelt surname on one line). Of those, every voter whose
first name (or middle name, gone by) is close enough is scored, the surname in Python
(``names``: a compound surname's parts need not begin with the line's letter); there is no
"best few" cut, so voters who share the name never crowd out the signer.

The score weighs the whole name (surname, first, middle, suffix) and the whole address (house
number and half code, street, apartment, ZIP), as a share of the weights of the parts compared:
a middle name or ZIP code the line leaves out is not weighed, and a suffix, apartment or half
code on one side only counts half (a line without a suffix scores a Jr and a Sr alike, and the
voter without one above both). A first name may be a nickname of the file's (the
``nicknames`` package's table), read as a variant. A suffix that disagrees (Jr for Sr), a half
code that disagrees or a street that is another street is another voter. When two voters score
within ``TIE_WITHIN`` of each other, the line names them both (``Match.rivals``): it is
ambiguous, and a clerk chooses.

A street's name may be misspelt, but not be another street's: a numbered street's number must
agree, and a named street's first letter (122nd St is not 121 St, Mill Dr is not Hill Dr). A
house number one slip off is forgiven where the name and the street agree but for one of them
misspelt; a line wrong in two more of them names another voter.
"""

from __future__ import annotations

import csv
import tempfile
from collections.abc import Generator, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain, groupby
from operator import itemgetter
from pathlib import Path
from typing import Any

import duckdb
from nicknames import NickNamer
from rapidfuzz.distance import DamerauLevenshtein, JaroWinkler
from rapidfuzz.fuzz import ratio

from nyballot.petitions import names, units
from nyballot.petitions.names import by_middle_name, readings
from nyballot.petitions.parse import (
    Address,
    Name,
    half,
    parse_address,
    parse_name,
    street_core,
    street_name,
    suffix,
)
from nyballot.voters.layout import SHOWN_FIELDS
from nyballot.voters.normal import norm, street_key

# 0.84 takes one letter wrong in a four-letter surname (Ruwe for Rowe: 0.85). A surname is as
# close as the better of Jaro-Winkler and the share of its letters that need no edit (Damerau-
# Levenshtein): Jaro-Winkler alone scores a slip near the start low (Peredes for Paredes 0.81),
# the share counts it one letter in seven (0.86).
LAST_AT_LEAST = 0.84
FIRST_AT_LEAST = 0.80
# The letters a first name may be misspelt by (added, dropped, changed or two swapped).
FIRST_SLIPS = 2
STREET_AT_LEAST = 0.80
# The score a voter needs to be the line's (the threshold the accuracy benchmark varies).
MATCH_AT_LEAST = 0.85
# Two voters closer than this are equally good: the line is ambiguous between them.
TIE_WITHIN = 0.005
# A nickname of the file's first name (Bob for Robert) scores as a close variant, below the
# name itself: William is told from his brother Billy.
NICKNAME = 0.95
# A first name that is the middle name on file ("Robert Smith" for JAMES ROBERT SMITH): the
# voter, below one who bears the name first (his son ROBERT SMITH at the same address), above
# one whose first name the nicknames table makes of it (the file's own words come first).
BY_MIDDLE = 0.975
# A street whose direction or type the line leaves out ("W 140th" for W 140 ST).
LEFT_OUT_OF_STREET = 0.95
# A suffix, apartment or half code on one side only: neither agreeing nor another voter's.
UNKNOWN = 0.5
# A middle name written in full of which the file holds the initial alone: it may be the voter.
INITIAL_ONLY = 0.8
WEIGHTS = {
    "last name": 0.30, "first name": 0.25, "middle name": 0.05, "suffix": 0.05,
    "house number": 0.10, "street": 0.15, "apartment": 0.05, "ZIP code": 0.05,
}  # fmt: skip

# A part the line leaves out that the file has: said among what differed, not weighed.
_LEFT_OUT = -1.0
# Read for the match, never shown: the date of birth tells a voter's purged duplicate record
# from another person's (``_twins_dropped``).
_EXTRA = ("last_n", "first_n", "house_n", "street_n", "regdate_on", "purge_date_on", "RHALFCODE",
          "RAPARTMENTTYPE", "PREVNAME", "REASONCODE", "DOB")  # fmt: skip
# The SQL's surname gate sits a little under Python's, so that no rounding of the two
# Jaro-Winkler implementations cuts a voter Python would take.
_LAST_IN_SQL = LAST_AT_LEAST - 0.01
_SURNAME_CLOSE = (
    f"(jaro_winkler_similarity(v.last_n, q.last) >= {_LAST_IN_SQL} OR 1 - damerau_levenshtein("
    f"v.last_n, q.last) / greatest(length(v.last_n), length(q.last)) >= {_LAST_IN_SQL})"
)
# ``first_name``'s test in SQL, as wide: the name itself, the initial of it, a spelling close
# enough (again a little under Python's), or one of the line's name's variants in the
# nicknames table (``_variants``, written in the lines' CSV).
# Most pairs fail every test, so each is made cheap where it can be: the variants are written
# in upper case as the file's first names are; the middle name's letters are read only where
# it holds the line's first letter.
_FIRST_CLOSE = (
    "(v.first_n = q.first OR (length(q.first) = 1 AND left(v.first_n, 1) = q.first) OR "
    f"jaro_winkler_similarity(v.first_n, q.first) >= {FIRST_AT_LEAST - 0.01} OR "
    "list_contains(q.variants, v.first_n) OR (length(q.first) > 1 AND "
    "contains(upper(coalesce(v.MIDDLENAME, '')), left(q.first, 1)) AND "
    "starts_with(regexp_replace(upper(v.MIDDLENAME), '[^A-Z]', '', 'g'), q.first)))"
)


@dataclass(frozen=True, slots=True)
class Query:
    """A name and address to look for (a signer's or a witness's)."""

    name: str
    address: str


@dataclass
class Match:
    voter: dict[str, Any]
    score: float
    matched: list[str] = field(default_factory=list)
    differed: list[str] = field(default_factory=list)
    # Other voters who match as well as this one: the line is ambiguous between them all.
    rivals: list[Match] = field(default_factory=list)
    # A part that agreed other than as written (one part of a compound surname, the previous
    # surname, the middle name gone by, a house number's look-alike letter): how.
    read_as: dict[str, str] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return not self.differed

    @property
    def ambiguous(self) -> bool:
        return bool(self.rivals)

    @property
    def previous_name(self) -> bool:
        """Whether the line names the voter by the surname of the previous name on file."""
        return self.read_as.get("last name", "").startswith(PREVIOUS_NAME)

    @property
    def nickname(self) -> bool:
        return any(d.startswith("first name:") and "nickname" in d for d in self.differed)

    def as_dict(self) -> dict[str, Any]:
        found = {"score": round(self.score, 3), "matched": self.matched, "differed": self.differed}
        return {**found, "read_as": self.read_as} if self.read_as else found


def find(
    con: duckdb.DuckDBPyConnection,
    queries: Sequence[Query],
    threshold: float = MATCH_AT_LEAST,
) -> list[Match | None]:
    """The best match for each query (with its rivals, when others match as well), or None.

    A query given twice (a witness who also signs, a line copied) is looked up once, and each
    distinct name and address is read once.
    """
    found = find_each(con, [queries], threshold)
    try:
        return list(next(found))
    finally:
        found.close()


def find_each(
    con: duckdb.DuckDBPyConnection,
    batches: Iterable[Sequence[Query]],
    threshold: float = MATCH_AT_LEAST,
) -> Generator[Iterator[Match | None], None, None]:
    """``find`` of each batch in turn, each batch's matches given as its lines' voters are
    scored (to be read to the end before the next batch): only the lines being read are held
    in Python, not a batch's matches. On a DuckDB file the store looks up the next batch (on a
    connection of its own, in a thread: DuckDB works outside Python's lock) while this one's
    voters are scored, so that two cores work at once; a server's store, one at a time."""
    ahead = _has_row_ids(con)
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nyballot-lookup")
    pending: list[tuple[_Batch, Future[_Rows] | None]] = []
    reading: _Rows | None = None
    try:
        for queries in batches:
            batch = _Batch.of(queries)
            started = pool.submit(_look_up, con.cursor(), batch.parsed, True) if ahead else None
            pending.append((batch, started))
            if len(pending) > 1:
                batch, started = pending.pop(0)
                reading = _rows(con, batch, started)
                yield _best(reading, batch, threshold)
        while pending:
            batch, started = pending.pop(0)
            reading = _rows(con, batch, started)
            yield _best(reading, batch, threshold)
    finally:
        if reading is not None:  # a caller that stops early leaves no lookup open
            reading.close()
        for _, started in pending:
            if started is not None:
                started.result().close()
        pool.shutdown()


@dataclass(frozen=True, slots=True)
class _Batch:
    """A batch's distinct queries, their names and addresses read once each; ``order``: the
    position in ``distinct`` of each query."""

    order: list[int]
    distinct: list[Query]
    parsed: list[tuple[Name, Address]]

    @classmethod
    def of(cls, queries: Sequence[Query]) -> _Batch:
        index: dict[Query, int] = {}
        order = [index.setdefault(q, len(index)) for q in queries]
        distinct = list(index)
        names = {text: parse_name(text) for text in {q.name for q in distinct}}
        addresses = {text: parse_address(text) for text in {q.address for q in distinct}}
        parsed = [(names[q.name], addresses[q.address]) for q in distinct]
        return cls(order, distinct, parsed)


def _rows(con: duckdb.DuckDBPyConnection, batch: _Batch, started: Future[_Rows] | None) -> _Rows:
    return started.result() if started else _look_up(con, batch.parsed, False)


def _best(rows: _Rows, batch: _Batch, threshold: float) -> Iterator[Match | None]:
    """Each query's match, in the batch's order, a line's voters scored as they are read."""
    with rows:
        found = (
            (number, best_of(*batch.parsed[number], voters, threshold))
            for number, voters in rows.grouped()
        )
        yield from in_order(batch.order, found)


def in_order(order: list[int], found: Iterator[tuple[int, Match | None]]) -> Iterator[Match | None]:
    """The match of each position of ``order`` (an index into the distinct queries, each first
    met in increasing order), from ``found``: the matches by distinct index, increasing, of the
    queries that had candidates. A match is held only until its query's last position."""
    last = {number: at for at, number in enumerate(order)}
    held: dict[int, Match | None] = {}
    coming = next(found, None)
    for at, number in enumerate(order):
        while coming is not None and coming[0] <= number:
            held[coming[0]] = coming[1]
            coming = next(found, None)
        yield held.get(number)
        if last[number] == at:
            held.pop(number, None)


def candidates(
    con: duckdb.DuckDBPyConnection, parsed: list[tuple[Name, Address]]
) -> dict[int, list[dict[str, Any]]]:
    """Every voter who could be each parsed name and address, by its position in ``parsed``
    (the pairs ``best_of`` scores; the accuracy benchmark scores them with another classifier
    too)."""
    with _look_up(con, parsed, False) as rows:
        return dict(rows.grouped())


class _Rows:
    """A batch's candidate rows, waiting in the store to be read (``qid`` first, ordered by
    it); closing drops what the lookup kept."""

    def __init__(
        self, con: duckdb.DuckDBPyConnection, result: duckdb.DuckDBPyConnection, own: bool,
        kept: bool = True,
    ) -> None:  # fmt: skip
        self.con, self.result, self.own, self.kept = con, result, own, kept
        self.closed = False

    def grouped(self) -> Iterator[tuple[int, list[dict[str, Any]]]]:
        """Each line's records, read a chunk at a time: only the voters of the lines being
        read are held in Python. A voter listed twice in the file is kept once a line, the
        first row (the rows come in order of row id; a sort in the store costs more)."""
        columns = [d[0] for d in self.result.description][1:]
        voter_id = itemgetter(columns.index("SBOEID") + 1)
        rows = chain.from_iterable(iter(lambda: self.result.fetchmany(_CHUNK), []))
        for qid, group in groupby(rows, key=itemgetter(0)):
            held = list(group)
            if len(set(map(voter_id, held))) < len(held):  # rare
                held = _first_of_each(held, voter_id)
            yield int(qid), [dict(zip(columns, row[1:], strict=True)) for row in held]

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.kept:
            self.con.execute(f"DROP TABLE IF EXISTS {_KEPT}")
        if self.own:
            self.con.close()

    def __enter__(self) -> _Rows:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _first_of_each(rows: list[tuple[Any, ...]], key: itemgetter[Any]) -> list[tuple[Any, ...]]:
    """The rows less any whose key an earlier row has, in their order."""
    seen: set[Any] = set()
    kept = []
    for row in rows:
        if key(row) not in seen:
            seen.add(key(row))
            kept.append(row)
    return kept


def _look_up(
    con: duckdb.DuckDBPyConnection, parsed: list[tuple[Name, Address]], own: bool
) -> _Rows:
    """Run a batch's candidate queries; ``own``: on a connection of the lookup's own (each
    keeps its own temporary table), closed with the rows."""
    try:
        with tempfile.TemporaryDirectory(prefix="nyballot-review-") as folder:
            path = str(query_file(parsed, Path(folder)))
            if not _has_row_ids(con):  # ordered by qid: the file is read before the first row
                return _Rows(con, con.execute(_BY_KEYS, [path]), own, kept=False)
            con.execute(f"CREATE OR REPLACE TEMPORARY TABLE {_KEPT} AS {_BY_ROW}", [path])
        return _Rows(con, con.execute(_FIELDS), own)
    except BaseException:
        if own:
            con.close()
        raise


def query_file(parsed: list[tuple[Name, Address]], folder: Path) -> Path:
    """The lines' blocking keys as the CSV the candidate queries read (``qid`` is the position
    in ``parsed``); a line without a house number or a surname has none."""
    path = folder / "q.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["qid", "last", "first", "house", "skey", "li", "fi", "variants"])
        for number, (name, address) in enumerate(parsed):
            if address.house and name.last:
                variants = " ".join(sorted(v.upper() for v in _variants(name.first)))
                for house in filter(None, (address.house, address.house_or)):
                    keys = [house, address.street_key, name.last[:1], name.first[:1]]
                    writer.writerow([number, name.last, name.first, *keys, variants])
    return path


def _has_row_ids(con: duckdb.DuckDBPyConnection) -> bool:
    """A DuckDB file has row ids; a PostgreSQL store read through DuckDB's attach does not."""
    first = con.execute("SELECT rowid FROM voters LIMIT 1").fetchone()
    return first is not None and first[0] is not None


# Only the row ids (or keys) go through the joins and the de-duplication; the shown fields are
# read after, for the rows kept. The second join's street test is ``_same_street``'s: the same
# first letter, and a number only where the two keys are equal. The third finds the voter
# whose house number the line has one slip off (``_MISREAD``), on a street of the same key, by
# the initials of the surname and the first name and a surname close enough. Of the pairs,
# only those whose first name ``first_name`` could take are kept (``_FIRST_CLOSE``): most
# voters at the line's address are another member of the household, and stay in the store.
_PAIRS = f"""
    WITH q AS (SELECT qid::INTEGER AS qid, last, coalesce(first, '') AS first, house, skey, li,
        fi, string_split(coalesce(variants, ''), ' ') AS variants
        FROM read_csv(?, header = true, all_varchar = true)),
    h AS ({{misread}}),
    kept AS (
        SELECT q.qid, {{key}}
        FROM q JOIN voters v ON v.house_n = q.house AND v.street_key = q.skey
        WHERE {_FIRST_CLOSE}
        UNION
        SELECT q.qid, {{key}}
        FROM q JOIN voters v ON v.house_n = q.house AND v.last_n = q.last
            AND left(v.first_n, 1) = q.fi
        WHERE (v.street_key = q.skey OR (left(v.street_key, 1) = left(q.skey, 1)
            AND NOT regexp_matches(v.street_key || q.skey, '[0-9]'))) AND {_FIRST_CLOSE}
        UNION
        SELECT q.qid, {{key}}
        FROM h q JOIN voters v ON v.house_n = q.house AND v.street_key = q.skey
            AND left(v.last_n, 1) = q.li AND left(v.first_n, 1) = q.fi
        WHERE {_SURNAME_CLOSE} AND {_FIRST_CLOSE}
    )
"""
# Every house number one slip from the line's, of the same length, with the line's keys: one
# digit misread as another (a letter as another letter), or two neighbours transposed ("2994"
# for 2993 or 2949). Made in SQL: a Python loop would write some forty rows a line.
_MISREAD = """
    SELECT q.qid, q.last, q.first, q.variants, q.skey, q.li, q.fi,
        substr(q.house, 1, i - 1) || c.ch || substr(q.house, i + 1) AS house
    FROM q JOIN range(1, 13) r(i) ON i <= length(q.house)
    JOIN (SELECT chr(CAST(range AS INTEGER)) AS ch FROM range(48, 91)) c
        ON c.ch <> substr(q.house, i, 1)
            AND (c.ch BETWEEN '0' AND '9') = (substr(q.house, i, 1) BETWEEN '0' AND '9')
    WHERE c.ch BETWEEN '0' AND '9' OR c.ch BETWEEN 'A' AND 'Z'
    UNION ALL
    SELECT q.qid, q.last, q.first, q.variants, q.skey, q.li, q.fi, substr(q.house, 1, i - 1)
        || substr(q.house, i + 1, 1) || substr(q.house, i, 1) || substr(q.house, i + 2) AS house
    FROM q JOIN range(1, 12) r(i) ON i < length(q.house)
    WHERE substr(q.house, i, 1) <> substr(q.house, i + 1, 1)
"""
_PAIRS = _PAIRS.replace("{misread}", _MISREAD)
_SHOWN = ", ".join([*(f'v."{f}"' for f in SHOWN_FIELDS), *(f"v.{f}" for f in _EXTRA)])
# A DuckDB file: the pairs by row id into a temporary table, then the fields of the rows kept
# joined on the row id, in one scan of the voters (a long IN list of row ids costs as much:
# DuckDB reads it as a join). The table tells the join how few the pairs are, so that it
# holds them, not the voters. A voter listed twice in the file is kept once a line, the first
# row (``_Rows.grouped``).
_KEPT = "nyballot_kept"
_BY_ROW = (
    _PAIRS.replace("{key}", "v.rowid AS rid, v.first_n, v.MIDDLENAME") + "SELECT qid, rid FROM kept"
)
_FIELDS = f"""
    SELECT k.qid, {_SHOWN} FROM {_KEPT} k JOIN voters v ON v.rowid = k.rid ORDER BY k.qid, k.rid
"""
# A PostgreSQL store: the pairs by their keys, the fields joined on every key, so that each is
# the voter row that was blocked.
_BY_KEYS = (
    _PAIRS.replace("{key}", "v.house_n, v.SBOEID, v.last_n, v.first_n, v.MIDDLENAME")
    + f"""
    SELECT k.qid, {_SHOWN}
    FROM kept k JOIN voters v ON v.SBOEID = k.SBOEID AND v.house_n = k.house_n
        AND v.last_n = k.last_n AND v.first_n = k.first_n
    QUALIFY row_number() OVER (PARTITION BY k.qid, k.SBOEID ORDER BY k.SBOEID) = 1
    ORDER BY k.qid
"""
)
_CHUNK = 10_000  # rows of a candidate query read into Python at once


@dataclass(frozen=True, slots=True)
class _Scored:
    """A voter scored against one reading of the line's name."""

    score: float
    voter: dict[str, Any]
    parts: dict[str, float]
    name: Name  # the reading of the line's name that scored best (``names.readings``)
    read_as: dict[str, str]  # a part that agreed other than as written: how


def best_of(
    name: Name, address: Address, voters: list[dict[str, Any]], threshold: float = MATCH_AT_LEAST
) -> Match | None:
    """The voter who matches best, with every other voter who matches as well as its rivals;
    None when no voter's name and address are close enough. A purged record of a voter whose
    active record also matches is not one of them (``_twins_dropped``)."""
    scored = [
        found
        for voter in voters
        if (found := _scored(name, address, voter)) is not None and found.score >= threshold
    ]
    if not scored:
        return None
    scored = _twins_dropped(scored)
    scored.sort(key=lambda s: (-s.score, str(s.voter["SBOEID"])))
    top = scored[0].score
    first, *rivals = [_explained(address, s) for s in scored if top - s.score < TIE_WITHIN]
    first.rivals = rivals
    return first


def _scored(name: Name, address: Address, voter: dict[str, Any]) -> _Scored | None:
    """The voter scored against the best reading of the line's name, or None when the address
    or every reading says this is another voter. The name is read first: half the candidates
    are another member of the household, whose address need not be read."""
    place: dict[str, float] | None = None  # read once a reading's name is the voter's
    best: _Scored | None = None
    for reading in readings(name):
        who = _who(reading, voter)
        if who is None or not _moved_words_on_file(name, reading, who[0], voter):
            continue
        if place is None:
            place = _place(address, voter)
            if place is None:
                return None
        parts, read_as = {**who[0], **place}, who[1]
        if _another_person(reading, address, voter, parts):
            continue
        weighed = {k: v for k, v in parts.items() if v != _LEFT_OUT}
        score = sum(WEIGHTS[k] * v for k, v in weighed.items()) / sum(
            map(WEIGHTS.__getitem__, weighed)
        )
        if best is None or score > best.score:
            best = _Scored(score, voter, parts, reading, read_as)
    return best


# Parts a line may have misspelt (below 1.0) and still name the voter, one at a time where the
# house number is misread or the ZIP code is another (``_another_person``).
_SPELT = ("last name", "first name", "street", "middle name", "apartment")


def _another_person(name: Name, address: Address, voter: dict[str, Any],
                    parts: dict[str, float]) -> bool:  # fmt: skip
    """Whether the line, close enough part by part, still names someone else: a misread house
    number with two more parts misspelt (or written where the file has none), another ZIP code
    (the same number on a street of the same name in another town) with one; or a first name
    and a surname both misspelt, one of them by more than a slip of one letter."""
    misread = address.house not in (voter["house_n"], address.house_or)
    elsewhere = parts.get("ZIP code") == 0.0
    misspelt = sum(parts.get(p, 1.0) not in (1.0, _LEFT_OUT) for p in _SPELT)
    if misspelt + misread + elsewhere > 2 or (elsewhere and misspelt + misread > 0):
        return True
    if parts["last name"] == 1.0 or parts["first name"] >= NICKNAME:
        return False
    slips = [
        DamerauLevenshtein.distance("".join(name.last.split()), "".join(voter["last_n"].split()))
    ]
    if len(name.first) > 1:  # an initial is no slip
        slips.append(DamerauLevenshtein.distance(name.first, voter["first_n"]))
    return max(slips) > 1


def _moved_words_on_file(
    name: Name, reading: Name, parts: dict[str, float], voter: dict[str, Any]
) -> bool:
    """Words a reading moves into the surname or the first name must be the file's own, not
    a near spelling (an initial moved into a surname makes no misspelt surname close): a
    surname so read is within ``names.PART`` of the file's, or the words moved into it are
    words of the file's surname as written ("Roybal Taran" for ROYBAL TERAN: the slip is in
    the word the line already wrote as the surname)."""
    written, read = name.last.split(" "), reading.last.split(" ")
    if len(reading.last) > len(name.last) and parts["last name"] < names.PART:
        moved = read[: len(read) - len(written)] if name.last else read
        on_file = names.surname_words(voter["LASTNAME"])
        if not all(len(w) > 1 and w in on_file for w in moved):
            return False
    return len(reading.first) <= len(name.first) or parts["first name"] >= BY_MIDDLE


def _place(address: Address, voter: dict[str, Any]) -> dict[str, float] | None:
    """How close each part of the address is, or None when it is another home."""
    halves = _optional(address.half, half(voter["RHALFCODE"]))
    if halves == 0.0:  # 12 1/2 is not 12
        return None
    if address.house != voter["house_n"] and address.house_or != voter["house_n"]:
        # one digit misread (the blocking's third join)
        if DamerauLevenshtein.distance(address.house, voter["house_n"]) != 1:
            return None
        halves = min(halves, UNKNOWN)
    on_file = street_name(voter["street_n"])
    street = street_likeness(address.street, on_file)
    if street < STREET_AT_LEAST or not _same_street(address.street_key, street_key(on_file)):
        return None
    parts: dict[str, float] = {"house number": halves, "street": street}
    # An apartment the line leaves out is not weighed either (it is said among what differed):
    # between voters of one name in one building, the line without one is ambiguous.
    flat = unit_on_file(voter)
    if address.apartment:
        agrees = units.agree(address.apartment, flat)
        parts["apartment"] = 1.0 if agrees else UNKNOWN if not flat else 0.0
    elif flat:
        parts["apartment"] = _LEFT_OUT
    # A ZIP code the line leaves out says nothing: it is not weighed; one the file lacks
    # counts half.
    zip_code = norm(voter["RZIP5"])[:5]
    if address.zip:
        parts["ZIP code"] = float(address.zip == zip_code) if zip_code else UNKNOWN
    return parts


def _who(name: Name, voter: dict[str, Any]) -> tuple[dict[str, float], dict[str, str]] | None:
    """How close each part of one reading of the name is, and how a part agreed other than
    as written; None when the reading is another person's name."""
    read_as: dict[str, str] = {}
    last = _surname(name, voter, read_as)
    if last < LAST_AT_LEAST:
        return None
    middle = norm(voter["MIDDLENAME"])
    first = first_name(name.first.replace(" ", ""), voter["first_n"].replace(" ", ""))
    by_middle = first < FIRST_AT_LEAST and by_middle_name(
        name.first, name.middle, voter["first_n"], middle
    )
    if first < FIRST_AT_LEAST and not by_middle:
        return None
    on_file = suffix(voter["NAMESUFFIX"])
    generation = _suffix(name.suffix, on_file)
    if generation == 0.0:  # Jr is not Sr
        return None
    # A suffix the line leaves out says nothing (it is said among what differed): a line
    # without one at the home of a Sr and his son, or of a father and his son II, names both.
    if on_file and not name.suffix:
        generation = _LEFT_OUT
    parts = {"last name": last, "first name": first, "suffix": generation}
    # A middle name the line leaves out says nothing: it is not weighed. One the file lacks
    # counts half, so that the voter whose middle initial agrees comes first.
    if by_middle:  # "Robert J Smith" for JAMES ROBERT SMITH: the J is the first name's
        parts["first name"] = BY_MIDDLE
        read_as["first name"] = "the middle name on file, which the voter goes by"
        if name.middle:
            parts["middle name"] = 1.0
    elif name.middle:
        parts["middle name"] = _middle(name.middle, middle) if middle else UNKNOWN
    return parts, read_as


# How a surname agreed other than as written in full, said in the ruling.
_SURNAME_READ = {
    names.ONE_PART: "one part of the surname on file",
    names.ADDED: "the surname on file, with a second surname the file lacks",
}
PREVIOUS_NAME = "the surname of the voter's previous name on file"


def _surname(name: Name, voter: dict[str, Any], read_as: dict[str, str]) -> float:
    """How close the reading's surname is to the voter's, or to the surname of the voter's
    previous name on file (PREVNAME), whichever is closer (said in ``read_as``)."""
    written = names.surname_words(name.last)
    found = names.surname(written, names.surname_words(voter["LASTNAME"]))
    if found.score < 1.0 and voter.get("PREVNAME"):
        before = names.previous_surname(
            voter["PREVNAME"], voter["first_n"], norm(voter["MIDDLENAME"])
        )
        earlier = names.surname(written, before) if before else None
        if earlier is not None and earlier.score > found.score:
            read_as["last name"] = f"{PREVIOUS_NAME} ({' '.join(before)})"
            return earlier.score
    if found.how:
        read_as["last name"] = _SURNAME_READ[found.how]
    return found.score


def _twins_dropped(scored: list[_Scored]) -> list[_Scored]:
    """The scored voters less each purged record of a voter whose active record is among them:
    one with the DUPLICATE reason code, or with an active record's date of birth, first name
    and home. The active record is the voter; a line whose only match is purged stays not
    registered."""
    active = [s.voter for s in scored if s.voter["STATUS"] != "P"]
    if not active:
        return scored
    people = {_person(v) for v in active} - {None}
    return [
        s
        for s in scored
        if s.voter["STATUS"] != "P"
        or (s.voter.get("REASONCODE") != "DUPLICATE" and _person(s.voter) not in people)
    ]


def _person(voter: dict[str, Any]) -> tuple[Any, ...] | None:
    """A voter's date of birth, first name and home, by which two records are one person's
    (None without a date of birth: two records without one may be two people)."""
    if not voter.get("DOB"):
        return None
    return (voter["DOB"], voter["first_n"], voter["house_n"], voter["street_n"],
            unit_on_file(voter))  # fmt: skip


def unit_on_file(voter: dict[str, Any]) -> str:
    """The voter's unit, folded (``units.on_file``)."""
    return units.on_file(voter.get("RAPARTMENTTYPE"), voter["RAPARTMENT"])


def street_likeness(written: str, on_file: str) -> float:
    """How close a written street is to the file's: as written, or, where the line leaves out
    the direction or the type that the file has ("W 140th" for W 140 ST, "140th Street"), as
    close as what is left, a little below the whole ("Main" is Main St and Main Ave alike).
    Another direction is another street (E 140 St is not W 140 St)."""
    whole = ratio(written, on_file) / 100
    if whole == 1.0:
        return whole
    core, direction, kind = street_core(written)
    file_core, file_direction, file_kind = street_core(on_file)
    words, file_words = written.split(" "), on_file.split(" ")
    if direction and file_direction and words[0] != file_words[0]:
        return 0.0  # E 140 St is not W 140 St
    if direction and not file_direction:
        return whole  # a direction the file lacks: compared as written
    if kind and file_kind and words[-1] != file_words[-1]:
        return 0.0  # Walnut St is not Walnut Ct
    if kind and not file_kind:
        return whole
    if not (file_direction and not direction) and not (file_kind and not kind):
        return whole  # nothing left out
    return max(whole, LEFT_OUT_OF_STREET * ratio(core, file_core) / 100)


def _optional(written: str, on_file: str) -> float:
    """A part of the address: equal 1, left out on the line (or on file) ``UNKNOWN``, else 0."""
    if written == on_file:
        return 1.0
    return UNKNOWN if not written or not on_file else 0.0


def _suffix(written: str, on_file: str) -> float:
    """Jr against Sr is 0 (another voter); a suffix on one side only is ``UNKNOWN``, so that a
    line without one scores a Jr and a Sr alike."""
    return _optional(written, on_file)


def _middle(written: str, on_file: str) -> float:
    """A middle name or its initial: agreeing 1, the line's initial of the file's name 1 (it
    tells no more), the line's name of which the file holds only the initial ``INITIAL_ONLY``
    (the voter whose whole middle name is on file and agrees comes first), else 0."""
    if written == on_file or (len(written) == 1 and on_file.startswith(written)):
        return 1.0
    return INITIAL_ONLY if len(on_file) == 1 and written.startswith(on_file) else 0.0


def _explained(address: Address, scored: _Scored) -> Match:
    match = Match(scored.voter, scored.score)
    written, on_file = _written(scored.name, address), _on_file(scored.voter)
    read_as = dict(scored.read_as)
    if address.misread:  # "S39": the letter read as the digit it looks like
        read_as["house number"] = f"'{address.misread}' written, read as {address.house}"
    elif address.house_or and address.house_or == scored.voter["house_n"]:  # "81B" for 818
        read_as["house number"] = f"'{address.house}' written, read as {address.house_or}"
    for part, value in scored.parts.items():
        line, held = written[part], on_file[part]
        if value == 1.0 and part not in read_as:
            if line or held:
                match.matched.append(part)
        elif value not in (UNKNOWN, _LEFT_OUT) or part in _SAID_WHEN_ONE_SIDED:
            shown_line = f"'{line}'" if line else "none"
            shown_file = f"'{held}'" if held else "none"
            note = " (a nickname)" if part == "first name" and _nickname(line, held) else ""
            note += f" ({read_as[part]})" if part in read_as else ""
            match.differed.append(f"{part}: {shown_line} on the line, {shown_file} on file{note}")
    match.read_as = read_as
    return match


# Parts whose absence on one side is said among what differed (a name's suffix, an apartment,
# a half code); a middle name or a ZIP code left out is not.
_SAID_WHEN_ONE_SIDED = {"suffix", "apartment", "house number"}


def _written(name: Name, address: Address) -> dict[str, str]:
    return {
        "last name": name.last, "first name": name.first, "middle name": name.middle,
        "suffix": name.suffix, "house number": f"{address.house} {address.half}".strip(),
        "street": address.street, "apartment": address.apartment, "ZIP code": address.zip,
    }  # fmt: skip


def _on_file(voter: dict[str, Any]) -> dict[str, str]:
    return {
        "last name": voter["last_n"], "first name": voter["first_n"],
        "middle name": norm(voter["MIDDLENAME"]), "suffix": suffix(voter["NAMESUFFIX"]),
        "house number": f"{voter['house_n']} {half(voter['RHALFCODE'])}".strip(),
        "street": street_name(voter["street_n"]), "apartment": unit_on_file(voter),
        "ZIP code": norm(voter["RZIP5"])[:5],
    }  # fmt: skip


def _same_street(written: str, on_file: str) -> bool:
    """Whether two streets' keys (the name after any direction) can name one street: equal, or
    a misspelling, which keeps the first letter and has no number (a number that differs is
    another street, never a slip of the pen)."""
    if written == on_file:
        return True
    if any(c.isdigit() for c in written + on_file):
        return False
    return written[:1] == on_file[:1]


def first_name(written: str, on_file: str) -> float:
    """How close a first name is: an initial that agrees counts as close as a spelling variant,
    a nickname (either way round) as ``NICKNAME``, unless the spelling is closer still. A
    spelling more than ``FIRST_SLIPS`` letters off is another name, however alike its start
    (Thelma is not Thomas), unless one is the other shortened."""
    if len(written) == 1 and on_file.startswith(written):
        return FIRST_AT_LEAST
    close = float(JaroWinkler.normalized_similarity(written, on_file))
    if close < NICKNAME and _nickname(written, on_file):
        return NICKNAME
    shortened = min(len(written), len(on_file)) >= 3 and (
        on_file.startswith(written) or written.startswith(on_file)
    )  # "Chris" for CHRISTOPHER, "Mary" for MARY ANN
    if not shortened and DamerauLevenshtein.distance(written, on_file) > FIRST_SLIPS:
        return 0.0
    return close


@lru_cache(maxsize=1 << 16)
def _nickname(written: str, on_file: str) -> bool:
    """Whether one first name is a nickname of the other in the ``nicknames`` table."""
    if not written or not on_file or written == on_file:
        return False
    return on_file.lower() in _variants(written)


@lru_cache(maxsize=1 << 16)
def _variants(written: str) -> frozenset[str]:
    """The names the table gives for a first name, either way round (lower case)."""
    table, name = _namer(), written.lower()
    return frozenset(table.canonicals_of(name) | table.nicknames_of(name))


@lru_cache(maxsize=1)
def _namer() -> NickNamer:
    return NickNamer()
